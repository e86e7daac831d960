import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';

/**
 * Builders of primary-protocol chunks (`ChatMessageResponse`) for tests and stories. The
 * components never see these: they are fed to a store with `ingest`, as a real stream would.
 */

/** A tool call (or delegation) as the helpers describe it. */
export interface CallSpec {
  id: string;
  tool: string;
  /** A delegation (its phases are `delegation_call` / `delegation_result`). */
  delegation?: boolean;
  /** The delegation this call belongs to. */
  parent?: string;
  /** The sub-agent's name. */
  agent?: string;
  /** More `tool_call_details`. */
  details?: Record<string, unknown>;
}

type Phase = 'call' | 'result';

/** One `tool_calls` entry of `spec`'s `phase`, with `fields` over the defaults. */
export function toolCall(spec: CallSpec, phase: Phase, fields: Partial<ToolCallResponse>): ToolCallResponse {
  const details: Record<string, unknown> = { ...spec.details };
  if (spec.parent !== undefined) details.parent_call_id = spec.parent;
  if (spec.agent !== undefined) details.agent = spec.agent;
  return {
    call_id: spec.id,
    event_type: spec.delegation ? `delegation_${phase}` : phase,
    tool_name: spec.tool,
    tool_response: '',
    tool_call_details: details,
    ...fields,
  };
}

/** A chunk carrying assistant text, citations and tool-call updates. */
export function chunk(
  message = '',
  toolCalls: ToolCallResponse[] = [],
  citations: string[] = [],
): ChatMessageResponse {
  return { message, citations, tool_calls: toolCalls };
}

/** Assistant text. */
export const text = (message: string): ChatMessageResponse => chunk(message);

/** Citations for the current message. */
export const cite = (...citations: string[]): ChatMessageResponse => chunk('', [], citations);

/** The call phase, complete in one chunk (its text is what the call was asked): status `running`. */
export const begin = (spec: CallSpec, input = ''): ChatMessageResponse =>
  chunk('', [toolCall(spec, 'call', { tool_response: input })]);

/** A streamed piece of a phase (the result by default): status `streaming`. */
export const part = (spec: CallSpec, streamPart: string, phase: Phase = 'result'): ChatMessageResponse =>
  chunk('', [toolCall(spec, phase, { stream_part: streamPart, is_complete: false })]);

/**
 * Completes a phase (the result by default): with `response` as the final text when given,
 * and `error` as the tool's failure.
 */
export const end = (
  spec: CallSpec,
  options: { response?: string; error?: string; phase?: Phase } = {},
): ChatMessageResponse => {
  const fields: Partial<ToolCallResponse> = {
    stream_part: '',
    is_complete: true,
    tool_response: options.response ?? '',
  };
  const call = toolCall(spec, options.phase ?? 'result', fields);
  if (options.error !== undefined)
    call.tool_call_details = { ...call.tool_call_details, error: options.error };
  return chunk('', [call]);
};

/** A whole result in one chunk (no streaming). */
export const result = (spec: CallSpec, response: string): ChatMessageResponse =>
  chunk('', [toolCall(spec, 'result', { tool_response: response })]);

/** Cuts text into pieces of about `size` characters (for streaming it). */
export function pieces(value: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size));
  return out;
}

/** Streams `value` as the result of `spec`, then completes it. */
export function streamResult(spec: CallSpec, value: string, size = 12): ChatMessageResponse[] {
  return [...pieces(value, size).map((p) => part(spec, p)), end(spec)];
}
