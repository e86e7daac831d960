import type { ToolStreamError } from '../errors.js';
import type { ToolCallKind, ToolPhaseName } from '../protocol/events.js';

/** Where a run is. `aborted` means stopped by the client; partial content is kept. */
export type RunStatus = 'idle' | 'connecting' | 'streaming' | 'reconnecting' | 'done' | 'error' | 'aborted';

/**
 * Where one tool call is:
 * - `pending`: started, nothing streamed yet;
 * - `streaming`: parts are arriving;
 * - `running`: the call phase is complete and its result has not started;
 * - `complete`: the latest phase completed (or the call phase, when the run ended with no result);
 * - `error`: the tool failed, or the run failed while the call was open;
 * - `stopped`: the run was stopped while the call was open;
 * - `interrupted`: the stream ended while the call was open.
 */
export type ToolCallStatus =
  | 'pending'
  | 'streaming'
  | 'running'
  | 'complete'
  | 'error'
  | 'stopped'
  | 'interrupted';

/** One phase (call or result) of a tool call. */
export interface ToolPhase {
  /** The phase's text: the accumulated parts, or the complete `tool_response` once given. */
  text: string;
  /** Whether this phase received at least one streamed part. */
  streamed: boolean;
  complete: boolean;
  /** Client time (ms since epoch) the phase was first seen. */
  startedAt: number;
  /** Client time the phase completed, or `null`. */
  completedAt: number | null;
}

/** A tool call, kept by id in {@link ToolStreamState.calls}. */
export interface ToolCall {
  id: string;
  toolName: string;
  kind: ToolCallKind;
  /** The delegation this call belongs to, or `null` for a top-level call. */
  parentId: string | null;
  /** The sub-agent's name, when the wire gave one. */
  agent: string | null;
  /** The assistant message the call appeared in. */
  messageId: string | null;
  /** The wire's name of the latest phase (`call`, `result`, `delegation_call`, `delegation_result`). */
  eventType: string;
  /** `tool_call_details`, later keys overriding earlier ones. */
  details: Readonly<Record<string, unknown>>;
  /** The latest phase. */
  phase: ToolPhaseName;
  call: ToolPhase;
  result: ToolPhase | null;
  /** Raw argument JSON as streamed by provider protocols, or `null` where the protocol has none. */
  argsText: string | null;
  /**
   * The arguments: while the call phase streams, the partial value parsed so far (an object
   * whose open strings, arrays and objects grow); once it completes, the final parsed object, or
   * `null` when the text was not valid arguments (see `argsError`). `null` where the protocol
   * has no arguments. Unchanged parts keep their identity from one update to the next.
   */
  args: unknown;
  /** Why the complete argument text is not valid arguments, or `null`. */
  argsError: string | null;
  status: ToolCallStatus;
  /** The tool's failure message, when it reported one. */
  error: string | null;
  /** Client time the call was first seen. */
  startedAt: number;
  /** Client time the call reached a final status, or `null`. */
  completedAt: number | null;
}

/** A piece of an assistant message, in arrival order. */
export type MessagePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; callId: string };

/** A message the user sent. */
export interface UserMessage {
  id: string;
  role: 'user';
  text: string;
  createdAt: number;
}

/** An assistant turn: an ordered list of text, reasoning and (top-level) tool-call parts. */
export interface AssistantMessage {
  id: string;
  role: 'assistant';
  parts: readonly MessagePart[];
  citations: readonly string[];
  createdAt: number;
}

export type ChatMessage = UserMessage | AssistantMessage;

/** What is needed to re-attach to a run later (also after a reload). */
export interface RunInfo {
  /** The server's name for the run (`X-Run-Id`), if it gave one. */
  runId: string | null;
  /** The SSE id of the last event applied. */
  lastEventId: string | null;
  /** The assistant message this run writes into. */
  messageId: string | null;
  /** The protocol the adapter settled on (`auto` resolves to a concrete name). */
  protocol: string | null;
  /** Index in `callOrder` of the run's first call: calls before it belong to earlier runs. */
  firstCallIndex: number;
}

/** The whole state of a conversation. Plain data: serializable, structurally shared. */
export interface ToolStreamState {
  status: RunStatus;
  messages: readonly ChatMessage[];
  /** Tool calls by id. An unchanged call keeps its object identity across updates. */
  calls: Readonly<Record<string, ToolCall>>;
  /** Call ids in order of first appearance. */
  callOrder: readonly string[];
  /** Child call ids by parent (delegation) id, in order of appearance. */
  children: Readonly<Record<string, readonly string[]>>;
  /** Every error and protocol problem, in order. */
  errors: readonly ToolStreamError[];
  /** The error that ended the current run, if one did. */
  error: ToolStreamError | null;
  run: RunInfo;
}

/** A fresh, empty state. */
export function initialState(messages: readonly ChatMessage[] = []): ToolStreamState {
  return {
    status: 'idle',
    messages,
    calls: {},
    callOrder: [],
    children: {},
    errors: [],
    error: null,
    run: { runId: null, lastEventId: null, messageId: null, protocol: null, firstCallIndex: 0 },
  };
}
