import type { ProtocolError, ServerError } from '../errors.js';

/**
 * Normalized events: what every adapter emits and the reducer folds. Kebab-case `type`
 * discriminant (as the AI SDK's UI message chunks). Adapters for new wire formats only need to
 * emit these; the reducer never sees a wire format.
 */

/** A tool call has up to two phases: the call itself, then its result. */
export type ToolPhaseName = 'call' | 'result';

/**
 * What kind of call it is:
 * - `tool`: a tool the agent asked to run (the backend, or the client, runs it);
 * - `delegation`: a hand-over to a sub-agent, whose own calls nest under it;
 * - `provider`: a tool the model provider ran itself (web search, code execution, a remote MCP
 *   server…). It is shown with its input and result, and is never for the client to run.
 */
export type ToolCallKind = 'tool' | 'delegation' | 'provider';

/** Details that come with a tool event (`tool_call_details`), or `null`. */
export type EventDetails = Readonly<Record<string, unknown>> | null;

/** Assistant text to append to the current message. */
export interface TextDeltaEvent {
  type: 'text-delta';
  delta: string;
}

/** Thinking / reasoning text, kept apart from the answer. */
export interface ReasoningDeltaEvent {
  type: 'reasoning-delta';
  delta: string;
}

/** A source the answer cites. */
export interface Citation {
  /**
   * What is cited: a URL for web sources, else a file or document name. A message keeps one
   * citation per source, the first that arrived.
   */
  source: string;
  /** A title to show for it, where the wire gave one. */
  title?: string;
  /** The cited passage, where the wire gave it. */
  quote?: string;
  /** Where in the message's answer text the citation applies (UTF-16 offsets), where known. */
  span?: { start: number; end: number };
}

/** Sources for the current message. */
export interface CitationsEvent {
  type: 'citations';
  citations: readonly Citation[];
}

/** A phase of a tool call begins (the first chunk seen for that `callId` and phase). */
export interface ToolStartEvent {
  type: 'tool-start';
  callId: string;
  phase: ToolPhaseName;
  toolName: string;
  kind: ToolCallKind;
  parentCallId: string | null;
  agent: string | null;
  /** The wire's own name for this phase (`delegation_result`…), shown as `event_type` in snapshots. */
  eventType: string;
  details: EventDetails;
}

/** A piece of a phase's text (`stream_part`). */
export interface ToolDeltaEvent {
  type: 'tool-delta';
  callId: string;
  phase: ToolPhaseName;
  delta: string;
  /** Details that came with this piece, merged over the earlier ones. */
  details: EventDetails;
}

/**
 * A piece of a call's raw argument JSON, as provider streams send it, with the arguments it
 * shows so far: the reducer appends `delta` to the call's text and shows `args` (read
 * incrementally by the adapter, `@toolstream/core/adapters`' `createPartialJsonParser`). An
 * empty `delta` still marks the call as one that has arguments (`""` means `{}`).
 */
export interface ToolArgsDeltaEvent {
  type: 'tool-args-delta';
  callId: string;
  delta: string;
  /** The partial arguments so far: open strings, arrays and objects as far as they have come. */
  args: unknown;
}

/** A phase completes. */
export interface ToolEndEvent {
  type: 'tool-end';
  callId: string;
  phase: ToolPhaseName;
  /** The complete text when the wire gave one; it replaces the accumulated parts. */
  output: string | null;
  details: EventDetails;
  /** Set when the tool reported a failure. */
  error: string | null;
  /**
   * Call phase only: the complete raw argument text when the wire gave one (OpenAI Responses
   * `function_call_arguments.done`); it replaces the accumulated deltas.
   */
  argsText?: string;
  /** Call phase only: the final arguments (parsed from the text, or as the wire sent them whole). */
  args?: Readonly<Record<string, unknown>>;
  /** Call phase only: why the final argument text is not valid arguments (then `args` is `null`). */
  argsError?: string;
}

/**
 * Why the model stopped, in one vocabulary for every provider:
 * - `stop`: it finished its answer (`stop`, `end_turn`, `STOP`…);
 * - `tool-calls`: it stopped to have tools run;
 * - `length`: it hit its output limit (`length`, `max_tokens`, `MAX_TOKENS`): the answer is cut off;
 * - `content-filter`: a safety or content filter stopped it;
 * - `refusal`: the model declined;
 * - `pause`: the provider paused a long turn, to be continued (Anthropic `pause_turn`);
 * - `other`: any other reason (the wire's own word is in `raw`).
 */
export type FinishReason =
  | 'stop'
  | 'tool-calls'
  | 'length'
  | 'content-filter'
  | 'refusal'
  | 'pause'
  | 'other';

/** Token counts a provider reported; each is present only when the wire gave it. */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
  /** Output tokens spent on reasoning, where reported apart. */
  reasoningTokens?: number;
  /** Input tokens served from the provider's cache. */
  cachedInputTokens?: number;
  totalTokens?: number;
}

/** The model said why it stopped. */
export interface FinishEvent {
  type: 'finish';
  reason: FinishReason;
  /** The wire's own word for it (`max_tokens`, `SAFETY`…). */
  raw: string;
}

/** Token usage so far; each field replaces the one reported before (providers report totals). */
export interface UsageEvent {
  type: 'usage';
  usage: TokenUsage;
}

/** A frame could not be understood; recorded, never thrown. */
export interface ProtocolErrorEvent {
  type: 'protocol-error';
  error: ProtocolError;
}

/** The server reported an error inside the stream (`event: error`). */
export interface ServerErrorEvent {
  type: 'server-error';
  error: ServerError;
}

/**
 * What a call waits for before it can go on:
 * - `approval`: the person approves it (with the arguments as they are, or edited) or denies it;
 * - `client`: the browser runs it (a client tool) and its result goes back;
 * - `input`: the person answers a question the agent asked (an interrupt with a value to give).
 */
export type InputKind = 'approval' | 'client' | 'input';

/**
 * A call waits for an answer (PROTOCOL.md §11). The call exists already (a `tool-start` came
 * first); the run then ends, and the answer goes back in a continuation request.
 */
export interface InputRequiredEvent {
  type: 'input-required';
  callId: string;
  kind: InputKind;
  /** What the protocol calls this request, to answer it by (an AG-UI interrupt id…); `null`: the call id. */
  ref: string | null;
  /** Approvals: whether the person may edit the arguments before approving. */
  editable: boolean;
  /** Words the agent gave with the request (a question, a reason), or `null`. */
  message: string | null;
}

/** The stream says it is complete (`event: done`, `[DONE]`, `message_stop`…). */
export interface DoneEvent {
  type: 'done';
}

/** The SSE id of the frame just applied, kept so a run can be resumed with `Last-Event-ID`. */
export interface EventIdEvent {
  type: 'event-id';
  id: string;
}

/**
 * Application data the stream carries beside the answer: AI SDK data parts (`data-weather`),
 * files the model produced, LangGraph `custom` events and the graph's state (`values`). Never
 * shown by the kit unless an app renders it. The event holds the answer's parts so far, which
 * replace the ones before: the adapter keeps the list (a part with an id replaces the earlier part
 * of the same name and id, in its place; see `upsertDataPart`), so the reducer only stores it.
 */
export interface DataEvent {
  type: 'data';
  parts: readonly DataPart[];
}

/** One piece of application data of an answer (see {@link DataEvent}). Plain JSON as the wire sent it. */
export interface DataPart {
  /** What the data is (`weather` for the AI SDK's `data-weather`, `file`, `custom`, `values`…). */
  name: string;
  /** Parts with the same `name` and `id` replace each other; `null`: always a new part. */
  id: string | null;
  data: unknown;
  /** The server marked it as not part of the conversation (AI SDK `transient`). */
  transient?: boolean;
}

/** Everything an adapter may emit. */
export type StreamEvent =
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | CitationsEvent
  | ToolStartEvent
  | ToolDeltaEvent
  | ToolArgsDeltaEvent
  | ToolEndEvent
  | DataEvent
  | InputRequiredEvent
  | FinishEvent
  | UsageEvent
  | ProtocolErrorEvent
  | ServerErrorEvent
  | DoneEvent
  | EventIdEvent;
