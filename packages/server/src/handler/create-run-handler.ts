import { RUN_ID_HEADER } from '@toolstream/core';
import { acceptContinuation } from '../input/accept-continuation.js';
import type { RunContinuation } from '../input/continuation.js';
import { parseContinuation } from '../input/parse-continuation.js';
import type { PendingAsks } from '../input/pending-input.js';
import { type Producer, startProducer } from '../run/producer.js';
import { newRunId } from '../run/run-id.js';
import { CANCELLED, failed } from '../run/terminal-frames.js';
import { createMemoryRunStore } from '../store/memory-store.js';
import { type RunEnding, type RunRecord, type RunStore, RunStoreError } from '../store/run-store.js';
import type { RunWriter } from '../writer/run-writer.js';
import { type CorsOptions, corsHeaders } from './cors.js';
import { empty, jsonError } from './json-answer.js';
import { requestedAfter } from './last-event-id.js';
import { readJsonBody } from './read-body.js';
import { normalizeBasePath, routeOf } from './routes.js';
import { encodeRetry, OPENING_COMMENT } from './sse-encode.js';
import { runEventStream } from './sse-response.js';

/**
 * What a request wants to do with a run. `continue`: answer the calls it ended waiting on
 * (PROTOCOL.md §11), which starts a new run that goes on with them.
 */
export type RunAction = 'start' | 'attach' | 'cancel' | 'continue';

/** What the backend's `start` gets for one run. */
export interface RunContext<Body = Record<string, unknown>> {
  /** The `POST` that started the run. Its connection may close long before the run ends. */
  request: Request;
  /** The request's JSON body (after `parseBody`, when given). */
  body: Body;
  /** The run: its id (the client's `X-Run-Id`) and who started it (`identify`). */
  run: { id: string; owner: string | null };
  /** Writes the run's frames. */
  writer: RunWriter;
  /**
   * The answers this run goes on with, when the request continues a run that ended waiting
   * (PROTOCOL.md §11), checked against what that run asked: run the approved calls (with
   * `answer.args`, edited or not) and write each result with `writer.resumeCall(answer)`; tell
   * the model of the denials. `null` for a new turn. `body.message` may hold a new message too.
   */
  continuation: RunContinuation | null;
  /**
   * Aborts when the run must stop: `DELETE` on any instance, `maxDurationMs`, shutdown. Its
   * `reason` is a {@link RunEndedError}. Pass it to the model's request and to your tools.
   */
  signal: AbortSignal;
}

/** Something that happened to a run, for logs. */
export interface RunLogEvent {
  type: 'start' | 'attach' | 'cancel' | 'continue' | 'end' | 'refuse' | 'error';
  runId: string | null;
  /**
   * `continue` (the run that asked, before the `start` of the run that goes on): `<n> answers`;
   * `attach`: `after <id>`; `cancel`: `delete` or `client-closed`; `end`: the status (`done`,
   * `failed`, `cancelled`); `refuse`: the HTTP status and code; `error`: what failed.
   */
  detail?: string;
}

/** Limits of a {@link createRunHandler}; each has a clear answer when it is reached. */
export interface RunLimits {
  /** Largest request body, in bytes: 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Largest frame `data` a writer accepts, in bytes: the write throws a `RangeError`. Default 1 MiB. */
  maxFrameBytes?: number;
  /** Longest run: its `signal` aborts and it ends with an error the client shows. Default 30 minutes. */
  maxDurationMs?: number;
}

/** Options of {@link createRunHandler}. */
export interface RunHandlerOptions<Body = Record<string, unknown>> {
  /**
   * Your agent, for one run: write with `writer`, stop when `signal` aborts. The run ends `done`
   * when it returns, `failed` when it throws (the client is told only what `onError` returns).
   * It goes on when the client disconnects; the client re-attaches with `Last-Event-ID`.
   */
  start(context: RunContext<Body>): unknown;
  /** Where runs live. Default: in this process's memory (`createMemoryRunStore()`). */
  store?: RunStore;
  /** Where runs start (`POST`); a run lives at `<basePath>/<runId>`. Default `/api/chat/stream`. */
  basePath?: string;
  /**
   * Checks the body and gives it its type (a zod schema's `parse`, say). What it throws is the
   * 400 answer's message.
   */
  parseBody?(body: Record<string, unknown>, request: Request): Body;
  /** Who is asking (from a session cookie, a token…), recorded as the run's owner. */
  identify?(request: Request): string | null | Promise<string | null>;
  /**
   * Whether `request` may do `action` on `run` (`null` for `start`); `false` answers 403. A
   * continuation is asked `start` (with `null`), then `continue` with the run that asked (its
   * record as the pending asks remember it, once the run itself is no longer kept).
   * Default: when `identify` is set, only the owner of a run may attach to it, cancel it or continue it.
   */
  authorize?(
    request: Request,
    run: RunRecord | null,
    action: RunAction,
    identity: string | null,
  ): boolean | Promise<boolean>;
  /** Browser clients on other origins. Default: none (same origin only). */
  cors?: CorsOptions;
  limits?: RunLimits;
  /**
   * `false` for a backend that keeps no runs: no `X-Run-Id`, and a closed connection cancels the
   * run. Default `true`.
   */
  resumable?: boolean;
  /** A keep-alive comment after this long without a frame. Default 15 000 ms. */
  heartbeatMs?: number;
  /** Sent as `retry:` at the start of each stream: the client's base reconnection delay. */
  retryMs?: number;
  /**
   * Keeps the platform running the agent after the response is sent or the client is gone
   * (`after` from `next/server`, `waitUntil` from `@vercel/functions`, a worker's `ctx.waitUntil`).
   * Per request: `handler(request, { waitUntil })`.
   */
  waitUntil?(promise: Promise<unknown>): void;
  /**
   * What the client is told when `start` throws: a message, or nothing for the default ("The
   * agent failed."). The error itself never reaches the client unless you return it.
   */
  onError?(error: unknown, run: { id: string }): string | undefined;
  /** Told of every start, attach, cancel, end and refusal. */
  logger?(event: RunLogEvent): void;
}

/** A Fetch-API handler for the run convention, plus what a server needs to shut down. */
export interface RunHandler {
  // `context` is whatever the host passes beside the request: a `waitUntil(promise)` in it
  // (Vercel's, Cloudflare's) keeps the run going; anything else (Next.js's `params`) is ignored.
  // Typed `unknown` so a route handler's type check accepts the handler as it is.
  (request: Request, context?: unknown): Promise<Response>;
  /** The store runs live in. */
  readonly store: RunStore;
  /**
   * Ends every run this process produces (their clients get an error they can retry) and closes
   * a store the handler made itself.
   */
  close(): Promise<void>;
}

const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // Proxies (nginx) must not buffer an event stream.
  'x-accel-buffering': 'no',
};

const SHUTDOWN = failed('The server shut down before the run finished.', 'run-shutdown');

/**
 * The server half of the run convention (PROTOCOL.md §5) as one Fetch-API handler —
 * `(Request) => Promise<Response>` — for Next.js route handlers, Hono, Node through an adapter,
 * Deno, Bun and workers:
 *
 * - `POST <base>` with a JSON body starts a run and streams it, naming it in `X-Run-Id`;
 * - `GET <base>/<runId>` streams it from the start, or after `Last-Event-ID`, then live;
 * - `DELETE <base>/<runId>` cancels it, on whichever instance produces it;
 * - `OPTIONS` answers CORS preflights when `cors` is set.
 *
 * @example
 * ```ts
 * // app/api/chat/stream/[[...run]]/route.ts (Next.js)
 * import { createRunHandler } from '@toolstream/server';
 * import { after } from 'next/server';
 *
 * const handler = createRunHandler({
 *   waitUntil: after,
 *   async start({ body, writer, signal }) {
 *     writer.text('Looking it up… ');
 *     const search = writer.toolCall('search_docs', { args: { query: String(body.message) } });
 *     search.result(await searchDocs(String(body.message), { signal }));
 *     writer.text('Found it.');
 *   },
 * });
 * export { handler as GET, handler as POST, handler as DELETE, handler as OPTIONS };
 * ```
 */
export function createRunHandler<Body = Record<string, unknown>>(
  options: RunHandlerOptions<Body>,
): RunHandler {
  const ownsStore = options.store === undefined;
  const store = options.store ?? createMemoryRunStore();
  const basePath = normalizeBasePath(options.basePath ?? '/api/chat/stream');
  const resumable = options.resumable ?? true;
  const maxBodyBytes = options.limits?.maxBodyBytes ?? 1024 * 1024;
  const maxFrameBytes = options.limits?.maxFrameBytes ?? 1024 * 1024;
  const maxDurationMs = options.limits?.maxDurationMs ?? 30 * 60 * 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  // Something to send at once, so the answer's headers (X-Run-Id) leave before the first frame
  // does — Node's server holds them until the first byte of the body.
  const preamble = options.retryMs === undefined ? OPENING_COMMENT : encodeRetry(options.retryMs);
  const log = options.logger ?? (() => {});
  const producers = new Map<string, Producer>();
  let closing = false;

  const authorize = async (request: Request, run: RunRecord | null, action: RunAction): Promise<boolean> => {
    const identity = options.identify === undefined ? null : await options.identify(request);
    if (options.authorize !== undefined) return options.authorize(request, run, action, identity);
    if (options.identify === undefined || run === null) return true;
    return run.owner === identity;
  };

  const describeError = (error: unknown, runId: string): RunEnding => {
    let message: string | undefined;
    try {
      message = options.onError?.(error, { id: runId });
    } catch {
      message = undefined;
    }
    return failed(message ?? 'The agent failed.', 'run-failed');
  };

  async function handle(request: Request, context?: unknown): Promise<Response> {
    const url = new URL(request.url);
    const route = routeOf(url.pathname, basePath);
    const cors = (preflight = false) => corsHeaders(options.cors, request, preflight);
    const refuse = (status: number, code: string, message: string, extra: Record<string, string> = {}) => {
      log({ type: 'refuse', runId: route?.kind === 'run' ? route.runId : null, detail: `${status} ${code}` });
      return jsonError(status, code, message, { ...cors(), ...extra });
    };
    if (route === null) return refuse(404, 'not-found', `Nothing is served at ${url.pathname}.`);
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS') {
      const allow = route.kind === 'base' ? 'POST, OPTIONS' : 'GET, DELETE, OPTIONS';
      return empty(204, { allow, ...cors(true) });
    }
    const allowed = route.kind === 'base' ? ['POST'] : ['GET', 'DELETE'];
    if (!allowed.includes(method)) {
      return refuse(
        405,
        'method-not-allowed',
        `${method} is not supported here; use ${allowed.join(' or ')}.`,
        {
          allow: [...allowed, 'OPTIONS'].join(', '),
        },
      );
    }

    try {
      if (route.kind === 'base') return await startRun(request, context, cors, refuse);
      const run = await store.get(route.runId);
      if (run === null) {
        return refuse(
          404,
          'unknown-run',
          `Unknown run ${JSON.stringify(route.runId)}: it never existed or is no longer kept.`,
        );
      }
      if (!(await authorize(request, run, method === 'GET' ? 'attach' : 'cancel'))) {
        return refuse(403, 'forbidden', 'This run belongs to someone else.');
      }
      if (method === 'DELETE') {
        if (await store.end(run.id, CANCELLED)) log({ type: 'cancel', runId: run.id, detail: 'delete' });
        return empty(204, cors());
      }
      const after = requestedAfter(request, url);
      if (after === null || after > run.lastSeq) {
        return refuse(
          400,
          'bad-last-event-id',
          `Last-Event-ID must be the id of an event of this run (0 to ${run.lastSeq}).`,
        );
      }
      if (after + 1 < run.firstSeq) {
        return refuse(
          410,
          'gone',
          `The events after ${after} are no longer kept (the oldest kept is ${run.firstSeq}); start the run again.`,
        );
      }
      log({ type: 'attach', runId: run.id, detail: `after ${after}` });
      return stream(request, run.id, after, cors(), null);
    } catch (error) {
      if (error instanceof RunStoreError) {
        if (error.code === 'capacity') {
          const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 5000) / 1000));
          return refuse(503, 'capacity', error.message, { 'retry-after': String(seconds) });
        }
        return refuse(error.code === 'gone' ? 410 : 404, error.code, error.message);
      }
      log({ type: 'error', runId: route.kind === 'run' ? route.runId : null, detail: String(error) });
      return refuse(503, 'unavailable', 'The server could not reach its run store; try again.', {
        'retry-after': '1',
      });
    }
  }

  async function startRun(
    request: Request,
    context: unknown,
    cors: () => Record<string, string>,
    refuse: (status: number, code: string, message: string) => Response,
  ): Promise<Response> {
    if (closing) return refuse(503, 'shutting-down', 'The server is shutting down.');
    const read = await readJsonBody(request, maxBodyBytes);
    if ('problem' in read) {
      return refuse(
        read.problem.status,
        read.problem.status === 413 ? 'body-too-large' : 'bad-body',
        read.problem.message,
      );
    }
    const asked = parseContinuation(read.body);
    if (asked !== null && 'status' in asked) return refuse(asked.status, asked.code, asked.message);
    let body: Body;
    try {
      body = options.parseBody === undefined ? (read.body as Body) : options.parseBody(read.body, request);
    } catch (error) {
      return refuse(400, 'bad-body', error instanceof Error ? error.message : 'The body was refused.');
    }
    if (!(await authorize(request, null, 'start'))) {
      return refuse(403, 'forbidden', 'You may not start a run.');
    }
    // A continuation is checked, and its asks claimed, before the run it starts exists.
    let continuation: RunContinuation | null = null;
    if (asked !== null) {
      const accepted = await acceptContinuation(store, asked, async (pending) =>
        authorize(request, (await store.get(pending.runId)) ?? recordOf(pending), 'continue'),
      );
      if ('status' in accepted) return refuse(accepted.status, accepted.code, accepted.message);
      continuation = accepted;
      log({ type: 'continue', runId: accepted.runId, detail: `${accepted.answers.length} answers` });
    }
    const owner = options.identify === undefined ? null : await options.identify(request);
    const id = newRunId();
    await store.create({ id, owner, createdAt: Date.now() });
    log({ type: 'start', runId: id });
    const producer = startProducer(
      {
        store,
        runId: id,
        owner,
        maxFrameBytes,
        maxDurationMs,
        describeError: (error) => describeError(error, id),
        onError: (error) => log({ type: 'error', runId: id, detail: String(error) }),
      },
      (writer, signal) => options.start({ request, body, run: { id, owner }, writer, signal, continuation }),
    );
    producers.set(id, producer);
    const finished = producer.done.finally(() => {
      producers.delete(id);
      void store.get(id).then(
        (run) => log({ type: 'end', runId: id, detail: run?.status ?? 'evicted' }),
        () => {},
      );
    });
    (hostWaitUntil(context) ?? options.waitUntil)?.(finished);
    const cancelOnClose = () => {
      log({ type: 'cancel', runId: id, detail: 'client-closed' });
      void producer.stop('client-closed', CANCELLED);
    };
    return stream(request, id, 0, cors(), resumable ? null : cancelOnClose);
  }

  function stream(
    request: Request,
    runId: string,
    after: number,
    cors: Record<string, string>,
    onClose: (() => void) | null,
  ) {
    const headers: Record<string, string> = { ...cors, ...SSE_HEADERS };
    if (resumable) headers[RUN_ID_HEADER] = runId;
    const body = runEventStream({
      store,
      runId,
      afterSeq: after,
      preamble,
      heartbeatMs,
      gone: request.signal,
      ...(onClose === null ? {} : { onClose }),
    });
    return new Response(body, { status: 200, headers });
  }

  return Object.assign(handle, {
    store,
    async close() {
      closing = true;
      await Promise.all([...producers.values()].map((producer) => producer.stop('shutdown', SHUTDOWN)));
      if (ownsStore) await store.close();
    },
  });
}

/** A run's record as its pending asks remember it, for `authorize` once the run is no longer kept. */
function recordOf(pending: PendingAsks): RunRecord {
  return {
    id: pending.runId,
    status: 'done',
    owner: pending.owner,
    lastSeq: 0,
    firstSeq: 1,
    createdAt: pending.savedAt,
    endedAt: pending.savedAt,
  };
}

/** The host's `waitUntil`, when the context it passed beside the request has one. */
function hostWaitUntil(context: unknown): ((promise: Promise<unknown>) => void) | undefined {
  if (typeof context !== 'object' || context === null || !('waitUntil' in context)) return undefined;
  const waitUntil = context.waitUntil;
  return typeof waitUntil === 'function'
    ? (promise) => (waitUntil as (promise: Promise<unknown>) => void).call(context, promise)
    : undefined;
}
