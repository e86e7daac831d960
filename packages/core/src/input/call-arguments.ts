import type { ToolCallState } from '../reducer/state.js';

/**
 * A call's arguments, wherever its protocol put them: parsed from the model's argument JSON
 * (provider protocols), or `tool_call_details.arguments` (toolstream's own). `null` when it has
 * none (yet).
 */
export function callArguments(call: ToolCallState): Readonly<Record<string, unknown>> | null {
  const args = call.args ?? (Object.hasOwn(call.details, 'arguments') ? call.details.arguments : null);
  return typeof args === 'object' && args !== null && !Array.isArray(args)
    ? (args as Readonly<Record<string, unknown>>)
    : null;
}
