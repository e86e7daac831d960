import type { ToolStreamError } from '../errors.js';
import type {
  Citation,
  DataPart,
  FinishReason,
  InputKind,
  TokenUsage,
  ToolCallKind,
  ToolPhaseName,
} from '../protocol/events.js';
import { emptyTable, type Table } from './table.js';

/**
 * Where the store's current run is. `aborted` means stopped by the client; partial content is
 * kept. How each turn ended is kept on its message ({@link AssistantMessageState.end}).
 */
export type RunStatus = 'idle' | 'connecting' | 'streaming' | 'reconnecting' | 'done' | 'error' | 'aborted';

/**
 * Where one tool call is:
 * - `pending`: started, nothing streamed yet;
 * - `streaming`: parts are arriving;
 * - `running`: the call phase is complete and its result has not started;
 * - `complete`: the latest phase completed (or the call phase, when the run ended with no result);
 * - `error`: the tool failed, or the run failed while the call was open;
 * - `stopped`: the run was stopped while the call was open;
 * - `interrupted`: the stream ended while the call was open;
 * - `truncated`: the model hit its output limit while writing the call (its arguments are cut off);
 * - `awaiting-input`: it waits for the person: an approval, or an answer to a question;
 * - `awaiting-result`: it waits for the browser to run it (a client tool);
 * - `denied`: the person (or a policy) denied it; it will not run.
 */
export type CallStatus =
  | 'pending'
  | 'streaming'
  | 'running'
  | 'complete'
  | 'error'
  | 'stopped'
  | 'interrupted'
  | 'truncated'
  | 'awaiting-input'
  | 'awaiting-result'
  | 'denied';

/**
 * An answer to a call that waits ({@link CallInput}):
 * - `approve`: run it, with `args` when the person edited them;
 * - `deny`: do not run it; `reason` is for the model to read;
 * - `output` / `error`: a client tool's result, or its failure;
 * - `value`: the person's answer to a question.
 *
 * `by` says who answered: the person, the app's policy, or the store on the person's behalf
 * (`new-message`: they sent a new message instead; `stop`: they stopped the turn).
 */
export type CallAnswer =
  | { type: 'approve'; args?: Readonly<Record<string, unknown>>; by: AnswerSource }
  | { type: 'deny'; reason: string | null; by: AnswerSource }
  | { type: 'output'; output: unknown; by: AnswerSource }
  | { type: 'error'; error: string; by: AnswerSource }
  | { type: 'value'; value: unknown; by: AnswerSource };

/** Who answered a call. */
export type AnswerSource = 'user' | 'policy' | 'client' | 'new-message';

/** What a call waits for, and its answer once given. */
export interface CallInput {
  kind: InputKind;
  /** The protocol's name for the request (answer it by this), or `null` for the call id. */
  ref: string | null;
  /** Approvals: whether the arguments may be edited before approving. */
  editable: boolean;
  /** Words the agent gave with the request, or `null`. */
  message: string | null;
  /** The answer, once given; `null` while it waits. */
  answer: CallAnswer | null;
  /** Whether the answer went to the server (in a continuation request). */
  sent: boolean;
}

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

/**
 * A tool call, kept by its wire id in the {@link AssistantMessageState} of the turn it belongs to.
 * Ids are unique within a turn, not across a conversation: the same id in a later turn is a
 * different call, in a different message.
 */
export interface ToolCallState {
  /** The call's id as the wire gave it (`call_id`), or a generated one (`call-1`…). */
  id: string;
  toolName: string;
  kind: ToolCallKind;
  /** The delegation this call belongs to (an id in the same message), or `null` at top level. */
  parentId: string | null;
  /** The sub-agent's name, when the wire gave one. */
  agent: string | null;
  /** The wire's name of the latest phase (`call`, `result`, `delegation_call`, `delegation_result`). */
  eventType: string;
  /**
   * `tool_call_details`, later keys overriding earlier ones. Every key is an own entry (read it
   * with `Object.hasOwn` or `Object.entries`: a key such as `constructor` may also be inherited).
   */
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
  status: CallStatus;
  /** The tool's failure message, when it reported one. */
  error: string | null;
  /** What the call waits for (an approval, the browser, an answer) and its answer; `null` for most calls. */
  input: CallInput | null;
  /** Client time the call was first seen. */
  startedAt: number;
  /** Client time the call reached a final status, or `null`. */
  completedAt: number | null;
}

/** A piece of an assistant message, in arrival order. */
export type MessagePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** A top-level tool call: `message.calls[callId]`. */
  | { type: 'tool-call'; callId: string };

/** A message the user sent. */
export interface UserMessageState {
  id: string;
  role: 'user';
  text: string;
  createdAt: number;
}

/**
 * How a turn ended:
 * - `done`: the stream said it was complete;
 * - `stopped`: the user stopped it;
 * - `failed`: an error ended it (see {@link TurnEndState.error});
 * - `interrupted`: the stream closed before its end (no end signal, or calls left open);
 * - `truncated`: the model hit its output limit; the answer (or its last call) is cut off;
 * - `awaiting-input`: the run ended waiting for answers (approvals, client tools, questions): the
 *   turn goes on in a continuation once every waiting call has one.
 */
export type TurnOutcome = 'done' | 'stopped' | 'failed' | 'interrupted' | 'truncated' | 'awaiting-input';

/** The end of a turn: its outcome, the model's own reason where it gave one, and the error. */
export interface TurnEndState {
  outcome: TurnOutcome;
  /** Why the model stopped, where the stream said (provider streams). */
  finish: { reason: FinishReason; raw: string } | null;
  /** The error that ended the turn (`failed`), else `null`. */
  error: ToolStreamError | null;
  /** Client time the turn ended. */
  at: number;
  /** The server's name for the run it ended in (`X-Run-Id`): a continuation answers that run. */
  runId?: string | null;
}

/**
 * An assistant turn: an ordered list of text, reasoning and top-level tool-call parts, with the
 * turn's calls (nested ones too), its sources, its token usage and how it ended.
 */
export interface AssistantMessageState {
  id: string;
  role: 'assistant';
  createdAt: number;
  parts: readonly MessagePart[];
  /** The turn's tool calls by id (a null-prototype table). An unchanged call keeps its identity. */
  calls: Table<ToolCallState>;
  /** Call ids in order of first appearance. */
  callOrder: readonly string[];
  /** Child call ids by delegation id, in order of appearance (a null-prototype table). */
  children: Table<readonly string[]>;
  /** Unique by `source`, in first-arrival order. */
  citations: readonly Citation[];
  /** Token usage, where the stream reported it. */
  usage: TokenUsage | null;
  /**
   * Application data the stream carried beside the answer, in arrival order (a part with an id
   * replaced in place); absent when there was none.
   */
  data?: readonly DataPart[];
  /** How the turn ended; `null` while it runs (or while its run is detached). */
  end: TurnEndState | null;
  /**
   * Earlier answers to the same user message (`regenerate()`), oldest first; each has no
   * versions of its own. The UI pages through `[...versions, message]`.
   */
  versions: readonly AssistantMessageState[];
}

export type ChatMessage = UserMessageState | AssistantMessageState;

/** What is needed to re-attach to the current run later (also after a reload). */
export interface RunInfo {
  /** The server's name for the run (`X-Run-Id`), if it gave one. */
  runId: string | null;
  /** The SSE id of the last event applied. */
  lastEventId: string | null;
  /** The assistant message this run writes into. */
  messageId: string | null;
  /** The protocol the adapter settled on (`auto` resolves to a concrete name). */
  protocol: string | null;
  /** Why the model stopped, once the stream said (applied to the turn when it ends). */
  finish: TurnEndState['finish'];
  /** Whether the stream's own end signal arrived (`done`). */
  sawDone: boolean;
}

/** The whole state of a conversation. Plain data: serializable, structurally shared. */
export interface ToolStreamState {
  status: RunStatus;
  messages: readonly ChatMessage[];
  /** Every error and protocol problem, in order. */
  errors: readonly ToolStreamError[];
  /** The error that ended the current run, if one did (also on that turn's `end`). */
  error: ToolStreamError | null;
  run: RunInfo;
  /**
   * Tools the person allowed for the rest of the conversation: their calls are approved without
   * asking (`store.allowTool`). Absent means none.
   */
  allowedTools?: readonly string[];
}

/** Run info with nothing known yet. */
export function emptyRun(messageId: string | null = null, protocol: string | null = null): RunInfo {
  return { runId: null, lastEventId: null, messageId, protocol, finish: null, sawDone: false };
}

/** A new, empty assistant message. */
export function newAssistantMessage(id: string, createdAt: number): AssistantMessageState {
  return {
    id,
    role: 'assistant',
    createdAt,
    parts: [],
    calls: emptyTable(),
    callOrder: [],
    children: emptyTable(),
    citations: [],
    usage: null,
    end: null,
    versions: [],
  };
}

/** A fresh state holding `messages` (see `normalizeMessages` for messages from outside). */
export function initialState(messages: readonly ChatMessage[] = []): ToolStreamState {
  return { status: 'idle', messages, errors: [], error: null, run: emptyRun() };
}
