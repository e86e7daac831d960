import type { AdapterDefinition } from '../adapters/adapter.js';
import type { Continuation } from '../input/answers.js';
import type { AssistantMessageState, ChatMessage } from '../reducer/state.js';
import type { ConnectionEvent } from '../tap/tap.js';

/** What a run needs to be re-attached later, also after a reload. Plain JSON. */
export interface ResumeToken {
  runId: string;
  lastEventId: string | null;
}

/** Why a turn's request is made (`continue`: the answers to the calls a run ended waiting for). */
export type TurnTrigger = 'send' | 'retry' | 'regenerate' | 'edit' | 'continue';

/** What the store asks a transport to start: one turn's answer. */
export interface TurnRequest {
  /** The user's text this turn answers. */
  message: string;
  /** Extra fields given to `send({ message, body })`, for the request body. */
  body: Record<string, unknown> | undefined;
  /** The conversation before this turn, for backends that keep no history of their own. */
  history: readonly ChatMessage[];
  trigger: TurnTrigger;
  /**
   * The id of the user message this turn answers: the same on a retry, a regenerate and an edit
   * of it (for backends that keep messages by id). Set by the store.
   */
  messageId?: string;
  /**
   * Answers to the calls the last run ended waiting for (PROTOCOL.md §11): with trigger
   * `continue`, the turn goes on; with `send`, they go with the new message (the calls left
   * unanswered denied, as the person moved on).
   */
  continuation?: Continuation;
  /**
   * With trigger `continue`: the answer that goes on, as it stands (its waiting calls with their
   * answers), for backends that are sent the conversation whole rather than the answers alone.
   */
  answer?: AssistantMessageState;
}

/** Where a transport delivers a run's stream, and what it may ask of the store. */
export interface TransportSink {
  /** A response begins (the first, or one after a drop): any partial frame of the last is dropped. */
  open(): void;
  /** Bytes as they arrive. Returns `false` when the stream said it is done: stop reading. */
  chunk(bytes: Uint8Array): boolean;
  status(status: 'connecting' | 'streaming' | 'reconnecting'): void;
  /** The server named the run (the `X-Run-Id` header). */
  runId(runId: string): void;
  /** The SSE id of the last event applied (sent as `Last-Event-ID` when re-attaching). */
  lastEventId(): string | null;
  /** The server's `retry:` value, once it sent one. */
  serverRetryMs(): number | null;
  /**
   * What happens to each connection (requests, answers, drops, waits), for a store's tap
   * (devtools). Optional to call: a transport that reports nothing only leaves the timeline empty.
   */
  connection?(event: ConnectionEvent): void;
}

/**
 * How the store reaches the agent (as the AI SDK's `ChatTransport`): it starts a turn's run,
 * re-attaches to a named run, and cancels one. {@link createHttpTransport} is the one toolstream
 * ships (the run convention of PROTOCOL.md §5); write your own for another channel. A store fed
 * with `ingest*` needs none.
 *
 * `send` and `resume` resolve when the stream ended cleanly and reject when it failed; an
 * `Error` is shown as a retryable `network` error. Aborting `signal` ends the connection.
 */
export interface ToolStreamTransport {
  /**
   * The wire format the backend answers in, when the transport knows it (a peer's transport:
   * the AI SDK's, LangGraph's). The store reads with it unless its own `protocol` option says
   * otherwise, so a transport is the one option such a backend needs.
   */
  readonly protocol?: AdapterDefinition;
  send(request: TurnRequest, sink: TransportSink, signal: AbortSignal): Promise<void>;
  resume(token: ResumeToken, sink: TransportSink, signal: AbortSignal): Promise<void>;
  /** Asks the server to cancel a named run; rejects when it could not. */
  cancel(runId: string): Promise<void>;
}
