import type { ToolCallKind } from '../protocol/events.js';
import type { AssistantMessage, ToolCall, ToolStreamState } from '../reducer/state.js';

/** A tool call in a {@link StreamSnapshot}: plain JSON in the vocabulary of the primary protocol. */
export interface SnapshotToolCall {
  call_id: string;
  tool_name: string;
  kind: ToolCallKind;
  parent_call_id: string | null;
  /** The last `event_type` seen for this call. */
  event_type: string;
  /** `tool_call_details`, later keys overriding earlier ones. */
  details: Record<string, unknown>;
  /** Final text of the latest phase: the complete `tool_response` when one was given, else the parts. */
  output: string;
  /** Whether the latest phase completed. */
  is_complete: boolean;
  /**
   * The parsed arguments once the call phase is complete; `null` while it is incomplete, when the
   * argument text was invalid, or where the protocol has no arguments.
   */
  arguments: Record<string, unknown> | null;
  /** The raw argument text as streamed (provider protocols), or `null`. */
  arguments_raw: string | null;
}

/** The outcome of a whole stream, as plain JSON (see `reduceStream`). */
export interface StreamSnapshot {
  /** `done` when the stream ended normally, `error` when a fatal error ended it, `aborted` when stopped. */
  status: 'done' | 'error' | 'aborted';
  /** All assistant text of the run, in arrival order. */
  text: string;
  /** All reasoning (thinking) text of the run, kept apart from `text`; `""` when none. */
  reasoning: string;
  /** Unique, in first-arrival order. */
  citations: string[];
  /** In order of first appearance. */
  toolCalls: SnapshotToolCall[];
  /** Protocol and stream errors, in order. */
  errors: { code: string; message: string }[];
}

/** Turns a state whose run has ended into a {@link StreamSnapshot}. */
export function toSnapshot(state: ToolStreamState): StreamSnapshot {
  let text = '';
  let reasoning = '';
  const citations: string[] = [];
  for (const message of state.messages) {
    if (message.role !== 'assistant') continue;
    text += messageText(message);
    for (const part of message.parts) if (part.type === 'reasoning') reasoning += part.text;
    for (const citation of message.citations) if (!citations.includes(citation)) citations.push(citation);
  }
  return {
    status: state.status === 'error' ? 'error' : state.status === 'aborted' ? 'aborted' : 'done',
    text,
    reasoning,
    citations,
    toolCalls: state.callOrder.map((id) => snapshotCall(state.calls[id]!)),
    errors: state.errors.map(({ code, message }) => ({ code, message })),
  };
}

/** The text parts of an assistant message, joined. */
export function messageText(message: AssistantMessage): string {
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}

function snapshotCall(call: ToolCall): SnapshotToolCall {
  const latest = call.result ?? call.call;
  return {
    call_id: call.id,
    tool_name: call.toolName,
    kind: call.kind,
    parent_call_id: call.parentId,
    event_type: call.eventType,
    details: { ...call.details },
    output: latest.text,
    is_complete: latest.complete,
    arguments: call.call.complete && call.argsError === null && isRecord(call.args) ? { ...call.args } : null,
    arguments_raw: call.argsText,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
