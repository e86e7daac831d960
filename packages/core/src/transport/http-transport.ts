import { wireAnswers } from '../input/answers.js';
import { DEFAULT_RECONNECT, type ReconnectOptions } from './backoff.js';
import type { StreamRequest } from './open-stream.js';
import { runStream } from './run-stream.js';
import { runUrl, withQuery } from './run-url.js';
import type { ResumeToken, ToolStreamTransport, TransportSink, TurnRequest } from './transport.js';

/** Static headers, or a function that returns them (for tokens that expire). */
export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** Options of {@link createHttpTransport}. */
export interface HttpTransportOptions {
  /** Where turns are POSTed (or GETed); named runs live at `<endpoint>/<runId>`. */
  endpoint: string;
  /** `POST` (default) sends a JSON body; `GET` sends the message as the `message` query parameter. */
  method?: 'POST' | 'GET';
  headers?: HeadersOption;
  /**
   * Builds the JSON body of a POST. Default: `{ message, ...request.body }`, with the answers of
   * a continuation in `continue` (PROTOCOL.md §11) — added to a body built here too, when it is
   * an object without a `continue` of its own.
   */
  body?: (request: TurnRequest) => unknown;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Longest silence before a connection counts as dropped. Default 45 000 ms. */
  idleTimeoutMs?: number;
  /** Reconnection after drops, or `false` to treat every drop as an error. */
  reconnect?: Partial<ReconnectOptions> | false;
}

/** Longest silence before a connection counts as dropped, unless told otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/** The headers a {@link HeadersOption} gives now (a copy). */
export async function resolveHeaders(given: HeadersOption | undefined): Promise<Record<string, string>> {
  if (given === undefined) return {};
  return typeof given === 'function' ? { ...(await given()) } : { ...given };
}

/**
 * The HTTP transport: a turn is a POST (or GET) answered with an event stream; a dropped
 * connection is resumed with `GET <endpoint>/<runId>` and `Last-Event-ID` when the server named
 * the run (`X-Run-Id`), never by sending the POST again; `cancel` is `DELETE <endpoint>/<runId>`.
 * See PROTOCOL.md §5.
 *
 * @example
 * ```ts
 * const store = createToolStreamStore({
 *   transport: createHttpTransport({ endpoint: '/api/chat', headers: async () => ({ authorization: await token() }) }),
 * });
 * ```
 */
export function createHttpTransport(options: HttpTransportOptions): ToolStreamTransport {
  const { endpoint } = options;
  const fetchFn = () => options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = () => resolveHeaders(options.headers);
  const reconnect: ReconnectOptions | false =
    options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect };

  const run = (
    request: StreamRequest | null,
    resumeRunId: string | null,
    sink: TransportSink,
    signal: AbortSignal,
  ) =>
    runStream({
      endpoint,
      request,
      resumeRunId,
      headers,
      fetch: fetchFn(),
      signal,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
      reconnect,
      lastEventId: sink.lastEventId,
      serverRetryMs: sink.serverRetryMs,
      onStatus: sink.status,
      onRunId: sink.runId,
      onResponse: sink.open,
      onChunk: sink.chunk,
      onConnection: (event) => sink.connection?.(event),
    });

  return {
    async send(turn, sink, signal) {
      const base = { ...(await headers()), accept: 'text/event-stream' };
      const request: StreamRequest =
        options.method === 'GET'
          ? { url: withQuery(endpoint, { message: turn.message }), method: 'GET', headers: base }
          : {
              url: endpoint,
              method: 'POST',
              headers: { 'content-type': 'application/json', ...base },
              body: JSON.stringify(
                options.body ? withContinuation(options.body(turn), turn) : defaultBody(turn),
              ),
            };
      await run(request, null, sink, signal);
    },
    resume: (token: ResumeToken, sink, signal) => run(null, token.runId, sink, signal),
    async cancel(runId) {
      const response = await fetchFn()(runUrl(endpoint, runId), {
        method: 'DELETE',
        headers: await headers(),
      });
      // 404: the run is already over, which is what was asked.
      if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
    },
  };
}

/** `{ message, ...body }`, and `continue: { run_id, answers }` when the turn carries answers. */
function defaultBody(turn: TurnRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { message: turn.message, ...turn.body };
  const continuation = turn.continuation;
  if (continuation !== undefined) {
    body.continue = { run_id: continuation.runId, answers: wireAnswers(continuation.answers) };
  }
  return body;
}

/** A body built by the app, with the turn's answers in `continue` unless it placed them itself. */
function withContinuation(body: unknown, turn: TurnRequest): unknown {
  if (turn.continuation === undefined || typeof body !== 'object' || body === null || Array.isArray(body))
    return body;
  if (Object.hasOwn(body, 'continue')) return body;
  return { ...body, continue: defaultBody(turn).continue };
}
