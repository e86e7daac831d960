import type { Citation, FinishReason, TokenUsage, ToolCallKind } from '../protocol/events.js';
import type { AssistantMessageState, ToolCallState, ToolStreamState, TurnOutcome } from '../reducer/state.js';

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
  /** How the call ended (or where it is, for a stream that was cut): see `CallStatus`. */
  status: ToolCallState['status'];
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
  /**
   * How the turn ended: `done`, `failed`, `stopped`, `interrupted` (the stream closed before its
   * end signal, or with calls left open) or `truncated` (the model hit its output limit).
   */
  outcome: TurnOutcome;
  /** Why the model stopped, where the stream said (provider streams), else `null`. */
  finishReason: FinishReason | null;
  /** Token usage, where the stream reported it. */
  usage: TokenUsage | null;
  /** All assistant text of the run, in arrival order. */
  text: string;
  /** All reasoning (thinking) text of the run, kept apart from `text`; `""` when none. */
  reasoning: string;
  /** Sources, unique by `source`, in first-arrival order. */
  citations: Citation[];
  /** In order of first appearance. */
  toolCalls: SnapshotToolCall[];
  /** Protocol and stream errors, in order. */
  errors: { code: string; message: string }[];
}

/** Turns the state of a single run that has ended into a {@link StreamSnapshot}. */
export function toSnapshot(state: ToolStreamState): StreamSnapshot {
  const message = state.messages.findLast((m): m is AssistantMessageState => m.role === 'assistant');
  let text = '';
  let reasoning = '';
  for (const part of message?.parts ?? []) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning += part.text;
  }
  const end = message?.end ?? null;
  return {
    status: state.status === 'error' ? 'error' : state.status === 'aborted' ? 'aborted' : 'done',
    outcome: end?.outcome ?? 'interrupted',
    finishReason: end?.finish?.reason ?? null,
    usage: message?.usage ?? null,
    text,
    reasoning,
    citations: (message?.citations ?? []).map((citation) => ({ ...citation })),
    toolCalls: (message?.callOrder ?? []).map((id) => snapshotCall(message!.calls[id]!)),
    errors: state.errors.map(({ code, message }) => ({ code, message })),
  };
}

/** The text parts of an assistant message, joined. */
export function messageText(message: AssistantMessageState): string {
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}

function snapshotCall(call: ToolCallState): SnapshotToolCall {
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
    status: call.status,
    arguments: call.call.complete && call.argsError === null && isRecord(call.args) ? { ...call.args } : null,
    arguments_raw: call.argsText,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
