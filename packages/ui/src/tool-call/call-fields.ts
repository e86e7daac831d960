import { isCallOpen, type ToolCallState } from '@toolstream/core';

/**
 * What the parts of a call show of it, besides its output: its name, agent, status, times, the
 * summary, the failure, and two things parts decide with. A root selects these once per call
 * (shallowly) and hands them down by context, so a streaming call — whose output changes every
 * frame and whose fields do not — re-renders none of the parts that show them.
 */
export interface ToolCallFields {
  status: ToolCallState['status'];
  kind: ToolCallState['kind'];
  toolName: string;
  agent: string | null;
  isOpen: boolean;
  startedAt: number;
  completedAt: number | null;
  /** `tool_call_details.summary` when it is a non-empty string, else `''`. */
  summary: string;
  error: string | null;
  /** Whether there is output to copy. */
  hasOutput: boolean;
  /** Whether the details disclosure has anything to show (arguments, input, details). */
  hasDetails: boolean;
}

/** The {@link ToolCallFields} of a call. */
export function callFields(call: ToolCallState): ToolCallFields {
  const summary = call.details.summary;
  return {
    status: call.status,
    kind: call.kind,
    toolName: call.toolName,
    agent: call.agent,
    isOpen: isCallOpen(call.status),
    startedAt: call.startedAt,
    completedAt: call.completedAt,
    summary: typeof summary === 'string' ? summary : '',
    error: call.error,
    hasOutput: callOutput(call) !== '',
    hasDetails: hasDetails(call),
  };
}

/** The text a call shows: its latest phase's (the result once it began, else the call's). */
export function callOutput(call: ToolCallState): string {
  return (call.result ?? call.call).text;
}

// Shown elsewhere (the summary line, the agent chip, the nesting), so not repeated in the details.
export const SHOWN_ELSEWHERE: ReadonlySet<string> = new Set(['summary', 'agent', 'parent_call_id']);

/** Whether a call has arguments (streamed text, or parsed values). */
export function hasArguments(call: ToolCallState): boolean {
  return (call.argsText !== null && call.argsText !== '') || (call.args !== null && call.args !== undefined);
}

/** What the call phase was given, when a result followed it (shown as the call's input). */
export function callInput(call: ToolCallState): string | null {
  return call.result !== null && call.call.text !== '' ? call.call.text : null;
}

function hasDetails(call: ToolCallState): boolean {
  if (hasArguments(call) || callInput(call) !== null || call.argsError !== null) return true;
  for (const key in call.details) if (!SHOWN_ELSEWHERE.has(key)) return true;
  return false;
}
