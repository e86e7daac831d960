import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';

/**
 * The primary protocol's pieces (PROTOCOL.md §2), as pure functions: the writer streams them and
 * the mock's scenario builder records them, so both write the same frames.
 */

/** Whether a call is a tool call or a hand-over to a sub-agent. */
export type ChunkKind = 'tool' | 'delegation';

/** Which phase of a call a chunk belongs to. */
export type ChunkPhase = 'call' | 'result';

/** A call a chunk belongs to. */
export interface ChunkCall {
  id: string;
  tool: string;
  kind: ChunkKind;
}

/** One `ChatMessageResponse` frame's JSON. */
export function primaryFrame(fields: Partial<ChatMessageResponse>): string {
  const frame: ChatMessageResponse = {
    message: fields.message ?? '',
    citations: fields.citations ?? [],
    tool_calls: fields.tool_calls ?? [],
  };
  return JSON.stringify(frame);
}

/** The `event_type` of a phase of a call. */
export function eventType(kind: ChunkKind, phase: ChunkPhase): ToolCallResponse['event_type'] {
  if (kind === 'delegation') return phase === 'call' ? 'delegation_call' : 'delegation_result';
  return phase === 'call' ? 'call' : 'result';
}

/** A complete update of a phase: its whole text in `tool_response`. */
export function completeChunk(
  call: ChunkCall,
  phase: ChunkPhase,
  text: string,
  details: Record<string, unknown>,
): ToolCallResponse {
  return {
    call_id: call.id,
    event_type: eventType(call.kind, phase),
    tool_name: call.tool,
    tool_response: text,
    tool_call_details: details,
    is_complete: true,
  };
}

/**
 * A streamed part of a phase. The last part (`complete`) carries the phase's whole text in
 * `tool_response`, which a client takes as the final text.
 */
export function partChunk(
  call: ChunkCall,
  phase: ChunkPhase,
  part: string,
  options: { complete: boolean; fullText: string; details: Record<string, unknown> },
): ToolCallResponse {
  return {
    call_id: call.id,
    event_type: eventType(call.kind, phase),
    tool_name: call.tool,
    tool_response: options.complete ? options.fullText : '',
    tool_call_details: options.details,
    stream_part: part,
    is_complete: options.complete,
  };
}

/** `tool_call_details` that place a call: its delegation and the sub-agent working in it. */
export function placement(parentId: string | null, agent: string | null): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (parentId !== null) details.parent_call_id = parentId;
  if (agent !== null) details.agent = agent;
  return details;
}

/** `tool_call_details` that mark a failed call (the client shows it as an error). */
export function failure(message: string): Record<string, unknown> {
  return { status: 'error', error: message };
}
