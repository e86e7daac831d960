import { RUN_ID_HEADER } from '@toolstream/core';
import { openSession, type RequestSpec, type SseSession, type StreamRecording } from './sse-session.js';

/** What the client needs to know about the backend under test. */
export interface BackendClientOptions {
  endpoint: string;
  fetch: typeof fetch;
  /** Sent with every request but the preflights (browsers send none of theirs on a preflight). */
  headers: Record<string, string>;
  /** The longest a stream may take to end. */
  timeoutMs: number;
}

/** The requests of PROTOCOL.md §5, as a client of the backend sends them. */
export interface BackendClient {
  readonly endpoint: string;
  /** `<endpoint>/<runId>`, keeping the endpoint's query string. */
  runUrl(runId: string): string;
  /** `POST <endpoint>` with a JSON body: starts a run. */
  start(body: unknown, options?: { origin?: string; cutAfterEvents?: number }): SseSession;
  /** `GET <endpoint>/<runId>`, with `Last-Event-ID` unless it is `null`. */
  reattach(runId: string, lastEventId: string | null, deadlineMs?: number): SseSession;
  /** `GET <endpoint>/<runId>` when a stream is not expected: its head and the start of its body. */
  peek(runId: string): Promise<StreamRecording>;
  /** `DELETE <endpoint>/<runId>`. */
  cancel(runId: string): Promise<StreamRecording>;
  /** A CORS preflight (`OPTIONS`), as a browser sends it before a cross-origin request. */
  preflight(
    url: string,
    method: string,
    requestHeaders: readonly string[],
    origin: string,
  ): Promise<StreamRecording>;
}

/** How long a short answer (`DELETE`, `OPTIONS`, an unknown run's 404) may take, at most. */
export const SHORT_ANSWER_MS = 10_000;
/** A short answer's body is read for this long after its head, then the connection is closed. */
const SHORT_BODY_MS = 1_000;

/** Creates the client the checks talk to the backend through. */
export function createBackendClient(options: BackendClientOptions): BackendClient {
  const { endpoint, fetch: fetchFn, headers, timeoutMs } = options;
  const shortMs = Math.min(timeoutMs, SHORT_ANSWER_MS);

  /** Sends a request whose answer is not a stream to follow: its head, and the start of its body. */
  const exchange = async (request: RequestSpec): Promise<StreamRecording> => {
    const session = openSession(request, { fetch: fetchFn, deadlineMs: shortMs });
    // An answer that turns out to be an endless stream is not waited on past a short look.
    if ((await session.head) !== null) session.endWithin(SHORT_BODY_MS);
    return session.done;
  };

  return {
    endpoint,
    runUrl: (runId) => runUrl(endpoint, runId),
    start(body, startOptions = {}) {
      const requestHeaders: Record<string, string> = {
        ...headers,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      };
      if (startOptions.origin !== undefined) requestHeaders.origin = startOptions.origin;
      const request: RequestSpec = {
        method: 'POST',
        url: endpoint,
        headers: requestHeaders,
        body: JSON.stringify(body),
      };
      return openSession(request, {
        fetch: fetchFn,
        deadlineMs: timeoutMs,
        ...(startOptions.cutAfterEvents === undefined ? {} : { cutAfterEvents: startOptions.cutAfterEvents }),
      });
    },
    reattach(runId, lastEventId, deadlineMs = timeoutMs) {
      const requestHeaders: Record<string, string> = { ...headers, accept: 'text/event-stream' };
      if (lastEventId !== null) requestHeaders['last-event-id'] = lastEventId;
      return openSession(
        { method: 'GET', url: runUrl(endpoint, runId), headers: requestHeaders },
        { fetch: fetchFn, deadlineMs },
      );
    },
    peek: (runId) =>
      exchange({
        method: 'GET',
        url: runUrl(endpoint, runId),
        headers: { ...headers, accept: 'text/event-stream' },
      }),
    cancel: (runId) => exchange({ method: 'DELETE', url: runUrl(endpoint, runId), headers: { ...headers } }),
    preflight(url, method, requestHeaders, origin) {
      const preflightHeaders: Record<string, string> = {
        origin,
        'access-control-request-method': method,
      };
      if (requestHeaders.length > 0)
        preflightHeaders['access-control-request-headers'] = requestHeaders.join(',');
      return exchange({ method: 'OPTIONS', url, headers: preflightHeaders });
    },
  };
}

/** The run id a POST's answer names, or `null`. */
export function runIdOf(recording: Pick<StreamRecording, 'head'>): string | null {
  const value = recording.head?.headers.get(RUN_ID_HEADER)?.trim();
  return value === undefined || value === '' ? null : value;
}

/**
 * `<endpoint>/<runId>` with the endpoint's query string kept, as the core's HTTP transport builds
 * it (`/api/chat?tenant=a` → `/api/chat/run_1?tenant=a`).
 */
function runUrl(endpoint: string, runId: string): string {
  const cut = endpoint.search(/[?#]/);
  const path = cut === -1 ? endpoint : endpoint.slice(0, cut);
  const rest = cut === -1 ? '' : endpoint.slice(cut);
  return `${path.replace(/\/+$/, '')}/${encodeURIComponent(runId)}${rest}`;
}
