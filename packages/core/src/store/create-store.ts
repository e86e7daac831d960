import { createStore } from 'zustand/vanilla';
import type { AdapterDefinition } from '../adapters/adapter.js';
import { EventIdLog } from '../adapters/event-id-log.js';
import { createFramePipeline, type FramePipeline } from '../adapters/frame-pipeline.js';
import type { ProtocolOption } from '../adapters/protocols.js';
import { isToolStreamFailure, type ToolStreamError } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import type { SseFrame } from '../protocol/wire.js';
import type { ToolStreamAction } from '../reducer/actions.js';
import { applyActions } from '../reducer/reduce.js';
import { type ChatMessage, initialState, type ToolStreamState } from '../reducer/state.js';
import { createFrameDecoder, type FrameDecoder } from '../sse/frame-decoder.js';
import { DEFAULT_RECONNECT, type ReconnectOptions } from '../transport/backoff.js';
import type { ClientAbortReason, StreamRequest } from '../transport/open-stream.js';
import { runStream } from '../transport/run-stream.js';
import { runUrl, withQuery } from '../transport/run-url.js';
import { createScheduler, type Schedule } from './scheduler.js';

/** What `send` takes: the user's text, or the text with extra body fields. */
export type SendInput = string | { message: string; body?: Record<string, unknown> };

/** Static headers, or a function that returns them (for tokens that expire). */
export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** What a run needs to be re-attached later, also after a reload. Plain JSON. */
export interface ResumeToken {
  runId: string;
  lastEventId: string | null;
}

/** Options of {@link createToolStreamStore}. All are optional; without `endpoint`, feed it with `ingest`. */
export interface ToolStreamStoreOptions {
  /** Where `send` POSTs (or GETs); named runs are re-attached at `<endpoint>/<runId>`. */
  endpoint?: string;
  /** `POST` (default) sends `{ message }` as JSON; `GET` sends it as the `message` query parameter. */
  method?: 'POST' | 'GET';
  headers?: HeadersOption;
  /** Builds the JSON body of a POST. Default: `{ message, ...input.body }`. */
  body?: (message: string, extra: Record<string, unknown> | undefined) => unknown;
  /** The wire format. Default `auto`. */
  protocol?: ProtocolOption;
  /** The formats `auto` chooses from. */
  protocols?: readonly AdapterDefinition[];
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Longest silence before a connection counts as dropped. Default 45 000 ms. */
  idleTimeoutMs?: number;
  /** Reconnection after drops, or `false` to treat every drop as an error. */
  reconnect?: Partial<ReconnectOptions> | false;
  /** When updates are published. Default `frame`. */
  schedule?: Schedule;
  /** Messages to start with (a conversation restored from storage…). */
  initialMessages?: readonly ChatMessage[];
  /** A whole state to start from (restored after a reload; resume it with `resume()`). */
  initialState?: ToolStreamState;
  /** Makes ids for messages. Default: random UUIDs. */
  generateId?: () => string;
  /** Called once per run when it ends, with the final state. */
  onFinish?: (state: ToolStreamState) => void;
  /** Called for each fatal error. */
  onError?: (error: ToolStreamError) => void;
  /** The clock used for timestamps. Default `Date.now`. */
  now?: () => number;
}

/**
 * A conversation store: zustand-compatible (`getState`, `subscribe`, `getInitialState`, so
 * `useStore(store, selector)` works) plus the actions that drive runs. State is published at
 * most once per animation frame, with structural sharing.
 */
export interface ToolStreamStore {
  getState(): ToolStreamState;
  getInitialState(): ToolStreamState;
  subscribe(listener: (state: ToolStreamState, previous: ToolStreamState) => void): () => void;
  /**
   * Sends a message and streams the answer. Resolves when the run ended (done, error or
   * stopped); never rejects for network or server problems, which become state. A run that is
   * still going is stopped first.
   */
  send(input: SendInput): Promise<void>;
  /**
   * Feeds one event's payload when you own the transport (an `EventSource`, a WebSocket…): a
   * parsed object or its JSON text, read with the store's protocol.
   */
  ingest(payload: unknown): void;
  /** Feeds one SSE event (`event`, `data`, `id`), for typed-event streams read elsewhere. */
  ingestFrame(frame: SseFrame): void;
  /** Feeds raw stream bytes or text, cut anywhere. */
  ingestBytes(chunk: Uint8Array | string): void;
  /** Ends a run fed through `ingest*` (as a clean end of stream would). */
  complete(): void;
  /**
   * Cancels the run: closes the connection and, when the server named the run, asks it to
   * stop with `DELETE <endpoint>/<runId>`. Partial content is kept; the run ends `aborted`.
   */
  stop(): Promise<void>;
  /**
   * Leaves the run without cancelling it, so it can be re-attached later with `resume()`
   * (also after a reload, from the returned token). Status goes back to `idle`.
   */
  detach(): ResumeToken | null;
  /** Re-attaches to a detached or dropped run (`GET <endpoint>/<runId>` with `Last-Event-ID`). */
  resume(token?: ResumeToken): Promise<void>;
  /** Stops any run and clears the conversation. */
  reset(): void;
  /** Publishes queued updates now. */
  flush(): void;
  /** The token for re-attaching the current run, when the server named it. */
  getResumeToken(): ResumeToken | null;
}

/** One connection (or ingest session) feeding the current run. */
interface Session {
  controller: AbortController;
  pipeline: FramePipeline;
  decoder: FrameDecoder;
  serverRetryMs: number | null;
  sawDone: boolean;
  ended: boolean;
}

const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/**
 * Creates a {@link ToolStreamStore}.
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
  const start = options.initialState ?? initialState(options.initialMessages ?? []);
  const api = createStore<ToolStreamState>()(() => start);
  let queue: ToolStreamAction[] = [];
  let session: Session | null = null;
  // The SSE ids the last named run applied here, so that re-attaching it on this store skips an
  // event a server replays (some replay from Last-Event-ID inclusive, or overlap after a drop).
  let lastApplied: { runId: string; ids: EventIdLog } | null = null;

  const flush = () => {
    if (queue.length === 0) return;
    const actions = queue;
    queue = [];
    const previous = api.getState();
    const next = applyActions(previous, actions, now());
    if (next !== previous) api.setState(next, true);
  };
  const scheduler = createScheduler(options.schedule ?? 'frame', flush);
  const dispatch = (action: ToolStreamAction) => {
    queue.push(action);
    scheduler.request();
  };
  const flushNow = () => {
    scheduler.cancel();
    flush();
  };

  const openSession = (appliedIds?: EventIdLog): Session => {
    const current: Session = {
      controller: new AbortController(),
      pipeline: null as unknown as FramePipeline,
      decoder: null as unknown as FrameDecoder,
      serverRetryMs: null,
      sawDone: false,
      ended: false,
    };
    const emit = (event: StreamEvent) => {
      if (current.ended) return;
      if (event.type === 'done') current.sawDone = true;
      dispatch(event);
    };
    const pipelineOptions: Parameters<typeof createFramePipeline>[1] = {};
    if (options.protocol !== undefined) pipelineOptions.protocol = options.protocol;
    if (options.protocols !== undefined) pipelineOptions.protocols = options.protocols;
    if (appliedIds !== undefined) pipelineOptions.appliedIds = appliedIds;
    current.pipeline = createFramePipeline(emit, pipelineOptions);
    current.decoder = createFrameDecoder({
      onFrame: (frame) => current.pipeline.push(frame),
      onRetry: (ms) => {
        current.serverRetryMs = ms;
      },
    });
    session = current;
    return current;
  };

  /** Ends a session's run once: closes open calls, records the error, tells the callbacks. */
  const finish = (
    current: Session,
    status: 'done' | 'error' | 'aborted' | 'idle',
    error: ToolStreamError | null,
  ) => {
    if (current.ended) return;
    if (status === 'done') {
      current.decoder.end();
      current.pipeline.end();
    }
    if (current.pipeline.protocol !== null)
      dispatch({ type: 'run-info', protocol: current.pipeline.protocol });
    current.ended = true;
    if (session === current) session = null;
    dispatch({ type: 'run-end', status, error });
    flushNow();
    const state = api.getState();
    if (state.run.runId !== null) lastApplied = { runId: state.run.runId, ids: current.pipeline.appliedIds };
    if (error?.fatal) options.onError?.(error);
    if (status !== 'idle') options.onFinish?.(state);
  };

  const resolveHeaders = async (): Promise<Record<string, string>> => {
    const headers = options.headers;
    if (headers === undefined) return {};
    return typeof headers === 'function' ? { ...(await headers()) } : { ...headers };
  };

  const reconnect: ReconnectOptions | false =
    options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect };

  const stream = async (current: Session, request: StreamRequest | null, resumeRunId: string | null) => {
    const endpoint = options.endpoint!;
    try {
      await runStream({
        endpoint,
        request,
        resumeRunId,
        headers: resolveHeaders,
        fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
        signal: current.controller.signal,
        idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        reconnect,
        lastEventId: () => {
          flushNow();
          return api.getState().run.lastEventId;
        },
        serverRetryMs: () => current.serverRetryMs,
        onStatus: (status) => dispatch({ type: 'status', status }),
        onRunId: (runId) => dispatch({ type: 'run-info', runId }),
        onResponse: () => current.decoder.reset(),
        onChunk: (chunk) => {
          current.decoder.feed(chunk);
          return !current.sawDone;
        },
      });
      finish(current, 'done', null);
    } catch (cause) {
      if (!isToolStreamFailure(cause)) {
        finish(current, 'error', { code: 'network', message: String(cause), retryable: true, fatal: true });
        return;
      }
      if (cause.detail.code === 'aborted') {
        const reason = current.controller.signal.reason as ClientAbortReason | undefined;
        finish(current, reason === 'detach' ? 'idle' : 'aborted', null);
        return;
      }
      finish(current, 'error', { ...cause.detail, fatal: true });
    }
  };

  const abortSession = (reason: ClientAbortReason) => {
    const current = session;
    if (current === null) return null;
    current.controller.abort(reason);
    return current;
  };

  const store: ToolStreamStore = {
    getState: api.getState,
    getInitialState: api.getInitialState,
    subscribe: api.subscribe,

    async send(input) {
      const endpoint = options.endpoint;
      if (endpoint === undefined) {
        throw new TypeError(
          'toolstream: send() needs the `endpoint` option. To read a stream you fetch yourself, use ingest(), ingestFrame() or ingestBytes().',
        );
      }
      const text = typeof input === 'string' ? input : input.message;
      const extra = typeof input === 'string' ? undefined : input.body;
      if (session !== null) await store.stop();
      const current = openSession();
      dispatch({
        type: 'run-start',
        assistantMessageId: generateId(),
        userMessage: { id: generateId(), text },
        protocol:
          typeof options.protocol === 'string' ? options.protocol : (options.protocol?.name ?? 'auto'),
      });
      const headers = { ...(await resolveHeaders()), accept: 'text/event-stream' };
      const method = options.method ?? 'POST';
      const request: StreamRequest =
        method === 'GET'
          ? { url: withQuery(endpoint, { message: text }), method, headers }
          : {
              url: endpoint,
              method,
              headers: { 'content-type': 'application/json', ...headers },
              body: JSON.stringify(options.body ? options.body(text, extra) : { message: text, ...extra }),
            };
      await stream(current, request, null);
    },

    ingest(payload) {
      const frame: SseFrame = typeof payload === 'string' ? { data: payload } : { data: '', json: payload };
      ingestSession().pipeline.push(frame);
    },
    ingestFrame(frame) {
      ingestSession().pipeline.push(frame);
    },
    ingestBytes(chunk) {
      ingestSession().decoder.feed(chunk);
    },
    complete() {
      if (session !== null) finish(session, 'done', null);
    },

    async stop() {
      const current = abortSession('stop');
      if (current === null) return;
      finish(current, 'aborted', null);
      const runId = api.getState().run.runId;
      if (runId === null || options.endpoint === undefined) return;
      try {
        const response = await (options.fetch ?? globalThis.fetch)(runUrl(options.endpoint, runId), {
          method: 'DELETE',
          headers: await resolveHeaders(),
        });
        if (!response.ok && response.status !== 404) {
          throw new Error(`HTTP ${response.status}`);
        }
      } catch (cause) {
        dispatch({
          type: 'error',
          error: {
            code: 'network',
            message: `Could not ask the server to cancel run ${runId}: ${cause instanceof Error ? cause.message : String(cause)}`,
            retryable: true,
            fatal: false,
          },
        });
        flushNow();
      }
    },

    detach() {
      const current = abortSession('detach');
      if (current !== null) finish(current, 'idle', null);
      return store.getResumeToken();
    },

    async resume(token) {
      const resumeFrom = token ?? store.getResumeToken();
      if (options.endpoint === undefined) {
        throw new TypeError('toolstream: resume() needs the `endpoint` option.');
      }
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
        flushNow();
        return;
      }
      // Leave a live connection as detach() would, at once: its late `aborted` ending would
      // otherwise land on the re-attached run and mark its open calls stopped.
      const replaced = abortSession('replaced');
      if (replaced !== null) finish(replaced, 'idle', null);
      const applied = lastApplied?.runId === resumeFrom.runId ? lastApplied.ids.clone() : new EventIdLog();
      if (resumeFrom.lastEventId !== null) applied.add(resumeFrom.lastEventId);
      const current = openSession(applied);
      dispatch({ type: 'run-info', runId: resumeFrom.runId });
      if (resumeFrom.lastEventId !== null) dispatch({ type: 'event-id', id: resumeFrom.lastEventId });
      dispatch({ type: 'status', status: 'reconnecting' });
      await stream(current, null, resumeFrom.runId);
    },

    reset() {
      if (session !== null) void store.stop();
      queue = [];
      lastApplied = null;
      scheduler.cancel();
      api.setState(initialState(options.initialMessages ?? []), true);
    },

    flush: flushNow,

    getResumeToken() {
      flushNow();
      const { runId, lastEventId } = api.getState().run;
      return runId === null ? null : { runId, lastEventId };
    },
  };

  /** The session that `ingest*` feeds, opening a run when none is going. */
  const ingestSession = (): Session => {
    if (session !== null) return session;
    const current = openSession();
    dispatch({ type: 'run-start', assistantMessageId: generateId(), userMessage: null, protocol: null });
    return current;
  };

  return store;
}

let fallbackCounter = 0;

function defaultId(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  fallbackCounter += 1;
  return `ts-${Date.now().toString(36)}-${fallbackCounter}-${Math.random().toString(36).slice(2, 10)}`;
}
