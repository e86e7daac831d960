import type { AdapterDefinition } from '../adapters/adapter.js';
import { type ProtocolOption, resolveProtocol } from '../adapters/auto.js';
import type { ToolStreamError } from '../errors.js';
import {
  type Continuation,
  type InputAnswer,
  type InputResponse,
  toAnswer,
  unanswered,
  unsentAnswers,
} from '../input/answers.js';
import type { SseFrame } from '../protocol/wire.js';
import type { TurnPlacement } from '../reducer/actions.js';
import { isAwaitingInput } from '../reducer/call-status.js';
import { type MessageInput, normalizeMessages } from '../reducer/normalize.js';
import type { CallAnswer, ToolCallState } from '../reducer/state.js';
import {
  type AssistantMessageState,
  type ChatMessage,
  initialState,
  type ToolStreamState,
} from '../reducer/state.js';
import { lookup } from '../reducer/table.js';
import { Tap, type TapListener } from '../tap/tap.js';
import { createHttpTransport, type HttpTransportOptions } from '../transport/http-transport.js';
import type { ResumeToken, ToolStreamTransport, TurnRequest, TurnTrigger } from '../transport/transport.js';
import { createBatchedState } from './batched-state.js';
import { type ApprovalDecision, type ClientToolImplementation, createInputDriver } from './input-driver.js';
import { createRunSessions, type Session } from './run-sessions.js';
import type { Schedule } from './scheduler.js';

/** What `send` takes: the user's text, or the text with extra body fields. */
export type SendInput = string | { message: string; body?: Record<string, unknown> };

/**
 * Options of {@link createToolStreamStore}. All are optional: `endpoint` (and the HTTP options
 * beside it) or `transport` lets the store send messages; without either, feed it with `ingest*`.
 */
export interface ToolStreamStoreOptions extends Partial<HttpTransportOptions> {
  /** How turns reach the agent, when not by `endpoint` (see {@link ToolStreamTransport}). */
  transport?: ToolStreamTransport;
  /** The wire format. Default `auto`: recognised from the first frames, among `protocols`. */
  protocol?: ProtocolOption;
  /**
   * The formats `auto` chooses from (and `protocol` names): by default toolstream's own two;
   * `allProtocols` from `@toolstream/core/providers` adds the model providers' formats.
   */
  protocols?: readonly AdapterDefinition[];
  /** When updates are published. Default `frame`. */
  schedule?: Schedule;
  /** A conversation to start from (a history fetched from a server, a saved session). */
  initialMessages?: readonly MessageInput[];
  /** A whole state to start from (saved while a run streamed; re-attach it with `resume()`). */
  initialState?: ToolStreamState;
  /**
   * What {@link ToolStreamStore.release} does with a run in progress: `stop` it (default), or
   * `detach` from it when the server named it, so it can be re-attached later (a widget that
   * saves its conversation across reloads).
   */
  onRelease?: 'stop' | 'detach';
  /** Makes ids for messages. Default: random UUIDs. */
  generateId?: () => string;
  /** Called once per run when it ends, with the final state. */
  onFinish?: (state: ToolStreamState) => void;
  /** Called for each error that ends a run. */
  onError?: (error: ToolStreamError) => void;
  /** The clock used for timestamps. Default `Date.now`. */
  now?: () => number;
  /**
   * Your tools (`defineTools<Tools>({ … })`): those with an `execute` run in the browser when a
   * call is handed to the client (PROTOCOL.md §11).
   */
  tools?: { readonly client: object };
  /**
   * Decides approvals without asking where the app wants it (say, read-only tools): `approve`,
   * `{ deny: reason }`, or `ask`/nothing to ask the person.
   */
  approvalPolicy?: (call: ToolCallState) => ApprovalDecision;
  /**
   * Send the answers as soon as every call of a turn that waits has one (default `true`); with
   * `false`, call `continue()`.
   */
  autoContinue?: boolean;
}

/**
 * A conversation store: zustand-compatible (`getState`, `subscribe`, `getInitialState`, so
 * `useStore(store, selector)` works) plus the actions that drive turns. State is published at
 * most once per animation frame, with structural sharing. Actions never reject for network or
 * server problems: those become state (the turn's `end`, `state.error`).
 */
export interface ToolStreamStore {
  getState(): ToolStreamState;
  getInitialState(): ToolStreamState;
  subscribe(listener: (state: ToolStreamState, previous: ToolStreamState) => void): () => void;
  /** Sends a message and streams the answer; resolves when the turn ended. A running turn is stopped first. */
  send(input: SendInput): Promise<void>;
  /**
   * Runs the last turn again in place: the same user message, its answer replaced (no second
   * user message). For a turn that failed, was stopped, interrupted or truncated.
   */
  retry(): Promise<void>;
  /** A new answer to the last user message; the current one is kept as an earlier version. */
  regenerate(): Promise<void>;
  /** Changes the text of user message `messageId`, drops every turn after it, and answers it again. */
  edit(messageId: string, input: SendInput): Promise<void>;
  /**
   * Cancels the current run: closes the connection and asks the server to stop it (`cancel`,
   * also when it is detached, or its request has not been answered yet). What arrived is kept;
   * the turn ends `stopped`.
   */
  stop(): Promise<void>;
  /**
   * Leaves the run without cancelling it, so it can be re-attached later with `resume()`
   * (also after a reload, from the returned token). Status goes back to `idle`.
   */
  detach(): ResumeToken | null;
  /** Re-attaches to a detached or dropped run (`GET <endpoint>/<runId>` with `Last-Event-ID`). */
  resume(token?: ResumeToken): Promise<void>;
  /**
   * What a component that created the store does when it unmounts: stops a run in progress, or
   * detaches from it (see `onRelease`). The store stays usable.
   */
  release(): void;
  /** Stops any run and starts over from `messages` (a conversation loaded from elsewhere). */
  load(messages: readonly MessageInput[]): void;
  /** Stops any run and clears the conversation (back to `initialMessages`). */
  reset(): void;
  /**
   * Begins a new turn for a stream you read yourself (`ingest*`), optionally with the user's
   * message: ends the turn being ingested, if any. Without it, the first `ingest*` call after a
   * turn ended begins one.
   */
  startTurn(userMessage?: string): void;
  /** Feeds one event's payload you read yourself (an `EventSource`'s `data`): an object or its JSON text. */
  ingest(payload: unknown): void;
  /** Feeds one SSE event (`event`, `data`, `id`), for typed-event streams read elsewhere. */
  ingestFrame(frame: SseFrame): void;
  /** Feeds raw stream bytes or text, cut anywhere. */
  ingestBytes(chunk: Uint8Array | string): void;
  /** Ends the turn being ingested, as a clean end of the stream would. */
  complete(): void;
  /** Publishes queued updates now. */
  flush(): void;
  /** The token for re-attaching the current run, when the server named it. */
  getResumeToken(): ResumeToken | null;
  /**
   * Answers a call that waits (PROTOCOL.md §11): approve (with edited arguments where allowed),
   * deny with a reason the model reads, a client tool's output or error, or a value. Returns
   * `false` when the call does not wait for it or already has an answer: a call is answered once.
   * When every waiting call of the turn has its answer, the continuation goes by itself.
   */
  respond(messageId: string, callId: string, response: InputResponse): boolean;
  /** Approves a call: `respond(…, { approve: true, args })`. */
  approve(messageId: string, callId: string, options?: { args?: Readonly<Record<string, unknown>> }): boolean;
  /** Denies a call, with the reason the model reads: `respond(…, { deny: true, reason })`. */
  deny(messageId: string, callId: string, reason?: string): boolean;
  /** Approves `toolName`'s calls without asking for the rest of the conversation, those waiting now too. */
  allowTool(toolName: string): void;
  /** Sends the answers of the turn that waits (with `autoContinue: false`); nothing when some are missing. */
  continue(): Promise<void>;
  /**
   * Attaches a listener to what the store's streams do — raw chunks, frames with the events each
   * became, connections (requests, drops, waits, re-attaches, cancels) and the store's own
   * actions — for developer tools (`@toolstream/devtools`) and logging. Queued updates are
   * published first, so the listener starts from `getState()`. Returns the function that
   * detaches it. With no listener attached nothing is recorded.
   */
  tap(listener: TapListener): () => void;
}

/**
 * Creates a {@link ToolStreamStore}: the state (batched, see batched-state.ts), the sessions
 * that feed it (run-sessions.ts: a transport's streams, or what `ingest*` is given), and the
 * conversation's actions, which place each turn and start its stream.
 *
 * @example
 * ```ts
 * const store = createToolStreamStore({ endpoint: '/api/chat/stream' });
 * store.subscribe((state) => render(state));
 * await store.send('Find the onboarding page in Confluence');
 * ```
 */
export function createToolStreamStore(options: ToolStreamStoreOptions = {}): ToolStreamStore {
  const now = options.now ?? Date.now;
  const generateId = options.generateId ?? defaultId;
  const transport =
    options.transport ??
    (options.endpoint === undefined ? null : createHttpTransport({ ...options, endpoint: options.endpoint }));
  // A peer's transport knows the format its backend answers in.
  const protocol = options.protocol ?? transport?.protocol;
  resolveProtocol(protocol, options.protocols); // a wrong name throws now, not on a frame
  const startMessages = () => normalizeMessages(options.initialMessages ?? [], now());
  const restored = options.initialState;
  const tap = new Tap(now);
  const state = createBatchedState(
    restored === undefined
      ? initialState(startMessages())
      : { ...restored, messages: normalizeMessages(restored.messages, now(), true) },
    options.schedule ?? 'frame',
    now,
    tap,
  );
  const { api, dispatch } = state;
  const sessions = createRunSessions({
    state,
    transport,
    protocol,
    protocols: options.protocols,
    onFinish: options.onFinish,
    onError: options.onError,
    tap,
  });
  // Extra body fields of each user message, so a retry sends what the first request sent.
  const bodies = new Map<string, Record<string, unknown> | undefined>();
  const inputs = createInputDriver({
    state,
    tools: (options.tools?.client ?? {}) as Record<string, ClientToolImplementation | undefined>,
    policy: options.approvalPolicy,
    autoContinue: options.autoContinue ?? true,
    continueTurn: (messageId) => void continueTurn(messageId),
  });
  api.subscribe(() => inputs.check());
  queueMicrotask(() => inputs.check()); // a restored turn that waits (a reload)

  const needTransport = (method: string): ToolStreamTransport => {
    if (transport !== null) return transport;
    throw new TypeError(
      `toolstream: ${method}() needs the \`endpoint\` or \`transport\` option. To read a stream you fetch yourself, use ingest(), ingestFrame() or ingestBytes().`,
    );
  };

  const protocolName = typeof protocol === 'string' ? protocol : (protocol?.name ?? 'auto');

  /** Starts a turn placed as `placement` and streams its answer. */
  const runTurn = async (
    placement: TurnPlacement,
    message: string,
    body: Record<string, unknown> | undefined,
    trigger: TurnTrigger,
    continuation?: Continuation,
  ) => {
    const chosen = needTransport(trigger);
    if (sessions.current !== null) await store.stop();
    if (trigger !== 'continue') inputs.abort();
    const session = sessions.open();
    session.requested = true;
    dispatch({ type: 'run-start', assistantMessageId: generateId(), placement, protocol: protocolName });
    state.flush();
    const { messages } = api.getState();
    const question = messages.at(-2);
    const turn: TurnRequest = { message, body, history: historyBefore(messages), trigger };
    if (question?.role === 'user') turn.messageId = question.id;
    if (continuation !== undefined) turn.continuation = continuation;
    const answer = messages.at(-1);
    if (trigger === 'continue' && answer?.role === 'assistant') turn.answer = answer;
    await sessions.stream(session, (sink, signal) => chosen.send(turn, sink, signal));
  };

  /** The latest answer, when it is the one that waits for input (only the latest can). */
  const waitingTurn = (): { answer: AssistantMessageState; question: ChatMessage | undefined } | null => {
    state.flush();
    const { messages } = api.getState();
    const answer = messages.at(-1);
    if (answer?.role !== 'assistant' || answer.end?.outcome !== 'awaiting-input') return null;
    return { answer, question: messages.at(-2) };
  };

  /** Sends the answers of the turn `messageId`: it goes on in a new run. */
  const continueTurn = async (messageId: string) => {
    const waiting = waitingTurn();
    if (waiting === null || waiting.answer.id !== messageId || unanswered(waiting.answer).length > 0) return;
    const answers = unsentAnswers(waiting.answer);
    if (answers.length === 0) return;
    dispatch({ type: 'answers-sent', messageId, callIds: answers.map((answer) => answer.callId) });
    const question = waiting.question;
    const text = question?.role === 'user' ? question.text : '';
    const body = question?.role === 'user' ? bodies.get(question.id) : undefined;
    const continuation: Continuation = { runId: waiting.answer.end?.runId ?? null, answers };
    await runTurn({ kind: 'continue', answerId: messageId }, text, body, 'continue', continuation);
  };

  /**
   * A new message while calls wait: each is answered as denied, with a reason the model can read,
   * and the answers go with the message.
   */
  const answersForNewMessage = (text: string): Continuation | undefined => {
    const waiting = waitingTurn();
    if (waiting === null) return undefined;
    const reason = `The user did not answer, and sent a new message instead: ${JSON.stringify(text)}`;
    const { answer } = waiting;
    const answers: InputAnswer[] = unsentAnswers(answer);
    const open = unanswered(answer);
    // Marked sent first: the store must not see the answers unsent and continue on its own.
    const callIds = [...answers, ...open.map((call) => ({ callId: call.id }))].map((a) => a.callId);
    if (callIds.length === 0) return undefined;
    dispatch({ type: 'answers-sent', messageId: answer.id, callIds });
    for (const call of open) {
      const input = call.input!;
      const given: CallAnswer =
        input.kind === 'approval'
          ? { type: 'deny', reason, by: 'new-message' }
          : input.kind === 'client'
            ? { type: 'error', error: reason, by: 'new-message' }
            : { type: 'value', value: null, by: 'new-message' };
      dispatch({ type: 'answer', messageId: answer.id, callId: call.id, answer: given });
      answers.push({ callId: call.id, ref: input.ref, kind: input.kind, answer: given });
    }
    return { runId: answer.end?.runId ?? null, answers };
  };

  /** The last answer and the user message it answers, for retry and regenerate. */
  const lastTurn = (method: string) => {
    state.flush();
    const { messages } = api.getState();
    const answer = messages.at(-1);
    const question = messages.at(-2);
    if (answer?.role !== 'assistant' || question?.role !== 'user') {
      throw new TypeError(`toolstream: ${method}() needs a last turn: a user message and its answer.`);
    }
    return { answer, question };
  };

  const replaceState = (next: ToolStreamState) => {
    if (sessions.current !== null) void store.stop();
    sessions.forget();
    state.replace(next);
  };

  const openIngestTurn = (userMessage: string | null): Session => {
    const session = sessions.open();
    const user = userMessage === null ? null : { id: generateId(), text: userMessage };
    dispatch({
      type: 'run-start',
      assistantMessageId: generateId(),
      placement: { kind: 'append', userMessage: user },
      protocol: null,
    });
    return session;
  };

  /** The session `ingest*` feeds, beginning a turn when none is going. */
  const ingestSession = (): Session => sessions.current ?? openIngestTurn(null);

  /** An ingested stream that said it is done ends its turn: the next `ingest*` begins another. */
  const endIfDone = () => {
    const session = sessions.current;
    if (session?.sawDone) sessions.finish(session, 'done', null);
  };

  const store: ToolStreamStore = {
    getState: api.getState,
    getInitialState: api.getInitialState,
    subscribe: api.subscribe,

    async send(input) {
      const { message, body } = sendInput(input);
      const id = generateId();
      bodies.set(id, body);
      const continuation = answersForNewMessage(message);
      return runTurn(
        { kind: 'append', userMessage: { id, text: message } },
        message,
        body,
        'send',
        continuation,
      );
    },

    async retry() {
      const { answer, question } = lastTurn('retry');
      const placement: TurnPlacement = { kind: 'replace', answerId: answer.id, keepVersion: false };
      return runTurn(placement, question.text, bodies.get(question.id), 'retry');
    },

    async regenerate() {
      const { answer, question } = lastTurn('regenerate');
      const placement: TurnPlacement = { kind: 'replace', answerId: answer.id, keepVersion: true };
      return runTurn(placement, question.text, bodies.get(question.id), 'regenerate');
    },

    async edit(messageId, input) {
      state.flush();
      const target = api.getState().messages.find((m) => m.id === messageId);
      if (target?.role !== 'user') throw new TypeError('toolstream: edit() needs the id of a user message.');
      const { message, body } = sendInput(input);
      bodies.set(messageId, body);
      return runTurn({ kind: 'edit', userMessageId: messageId, text: message }, message, body, 'edit');
    },

    async stop() {
      inputs.abort();
      if (sessions.current !== null) return sessions.stop();
      // A turn that waits for answers is given up: its waiting calls stop (nothing is sent).
      const waiting = waitingTurn();
      if (waiting !== null) {
        dispatch({ type: 'stop-waiting', messageId: waiting.answer.id });
        state.flush();
        return;
      }
      // Detached from a run that goes on on the server: cancel it there, end its turn here.
      state.flush();
      const { run } = api.getState();
      if (run.runId === null || openTurn(api.getState()) === null || transport === null) return;
      dispatch({ type: 'run-end', status: 'aborted', error: null });
      state.flush();
      await sessions.cancelOnServer(run.runId);
    },

    detach() {
      sessions.detach();
      return store.getResumeToken();
    },

    async resume(token) {
      const chosen = needTransport('resume');
      const resumeFrom = token ?? store.getResumeToken();
      if (resumeFrom === null) {
        dispatch({
          type: 'error',
          error: {
            code: 'resume-failed',
            message: 'There is no run to re-attach: the server did not name one (X-Run-Id).',
            retryable: false,
            fatal: false,
          },
        });
        state.flush();
        return;
      }
      // Leave a live connection as detach() would, at once: its late `aborted` ending would
      // otherwise land on the re-attached run and mark its open calls stopped.
      sessions.detach();
      const session = sessions.open(sessions.appliedIdsFor(resumeFrom));
      session.requested = true;
      session.runId = resumeFrom.runId;
      dispatch({ type: 'run-info', runId: resumeFrom.runId });
      if (resumeFrom.lastEventId !== null) dispatch({ type: 'event-id', id: resumeFrom.lastEventId });
      dispatch({ type: 'status', status: 'reconnecting' });
      await sessions.stream(session, (sink, signal) => chosen.resume(resumeFrom, sink, signal));
    },

    release() {
      state.flush();
      if (sessions.current === null) return;
      if (options.onRelease === 'detach' && store.getResumeToken() !== null) store.detach();
      else void store.stop();
    },

    load(messages) {
      replaceState(initialState(normalizeMessages(messages, now())));
    },

    reset() {
      replaceState(initialState(startMessages()));
    },

    startTurn(userMessage) {
      const session = sessions.current;
      if (session !== null) sessions.finish(session, 'done', null);
      openIngestTurn(userMessage ?? null);
    },
    ingest(payload) {
      ingestSession().reader.pushPayload(payload);
      endIfDone();
    },
    ingestFrame(frame) {
      ingestSession().reader.pushFrame(frame);
      endIfDone();
    },
    ingestBytes(chunk) {
      ingestSession().reader.feed(chunk);
      endIfDone();
    },
    complete() {
      const session = sessions.current;
      if (session !== null) sessions.finish(session, 'done', null);
    },

    flush: state.flush,

    getResumeToken() {
      state.flush();
      const { runId, lastEventId } = api.getState().run;
      return runId === null ? null : { runId, lastEventId };
    },

    respond(messageId, callId, response) {
      state.flush();
      const message = api.getState().messages.findLast((m) => m.id === messageId);
      const call = message?.role === 'assistant' ? lookup(message.calls, callId) : undefined;
      if (call?.input == null || call.input.answer !== null || !isAwaitingInput(call.status)) return false;
      const answer = toAnswer(call, response, 'user');
      if (typeof answer === 'string') throw new TypeError(`toolstream: respond(): ${answer}.`);
      dispatch({ type: 'answer', messageId, callId, answer });
      state.flush();
      return true;
    },
    approve(messageId, callId, approval = {}) {
      return store.respond(
        messageId,
        callId,
        approval.args === undefined ? { approve: true } : { approve: true, args: approval.args },
      );
    },
    deny(messageId, callId, reason) {
      return store.respond(messageId, callId, reason === undefined ? { deny: true } : { deny: true, reason });
    },
    allowTool(toolName) {
      dispatch({ type: 'allow-tool', toolName });
      state.flush();
    },
    async continue() {
      const waiting = waitingTurn();
      if (waiting !== null) await continueTurn(waiting.answer.id);
    },
    tap(listener) {
      state.flush();
      return tap.add(listener);
    },
  };

  return store;
}

function sendInput(input: SendInput): { message: string; body: Record<string, unknown> | undefined } {
  return typeof input === 'string'
    ? { message: input, body: undefined }
    : { message: input.message, body: input.body };
}

/**
 * The messages a turn's request sees as history: those before the user message it answers
 * (`run-start` has placed both: the new answer last, its user message just before it).
 */
function historyBefore(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return messages.slice(0, Math.max(0, messages.length - 2));
}

/** The assistant message of the current run while its turn has not ended, else `null`. */
function openTurn(state: ToolStreamState): AssistantMessageState | null {
  const id = state.run.messageId;
  const message = state.messages.findLast((m) => m.id === id);
  return message?.role === 'assistant' && message.end === null ? message : null;
}

let fallbackCounter = 0;

function defaultId(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  fallbackCounter += 1;
  return `ts-${Date.now().toString(36)}-${fallbackCounter}-${Math.random().toString(36).slice(2, 10)}`;
}
