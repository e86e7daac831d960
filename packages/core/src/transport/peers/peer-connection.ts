import { DEFAULT_RECONNECT, type ReconnectOptions } from '../backoff.js';
import { DEFAULT_IDLE_TIMEOUT_MS, type HeadersOption, resolveHeaders } from '../http-transport.js';
import type { StreamRequest } from '../open-stream.js';
import { RUN_ID_HEADER, runStream } from '../run-stream.js';
import type { TransportSink } from '../transport.js';

/** What the transports for other backends (AI SDK, LangGraph, AG-UI) take in common. */
export interface PeerTransportOptions {
  /** Static headers, or a function that returns them (for tokens that expire). */
  headers?: HeadersOption;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Longest silence before a connection counts as dropped. Default 45 000 ms. */
  idleTimeoutMs?: number;
  /** Reconnection after drops (where the backend can re-attach a run), or `false`. */
  reconnect?: Partial<ReconnectOptions> | false;
}

/** How a backend names and re-attaches its runs, for {@link PeerConnection.stream}. */
export interface RunAddressing {
  /** Where a named run is re-attached (`GET`, with `Last-Event-ID`). */
  reattachUrl(runId: string): string;
  /** How a response names its run; `null` when it does not (a drop is then an error). */
  runIdOf(response: Response): string | null;
  /** Content types the backend streams in besides the event stream (AI SDK 4's `text/plain`). */
  contentTypes?: readonly string[];
}

/**
 * The made-up endpoint the reader is given: it re-attaches a run at `<endpoint>/<runId>`
 * (PROTOCOL.md §5), which {@link peerFetch} maps to the backend's own URL.
 */
const REATTACH = 'toolstream-reattach:';

/**
 * `fetch` for the reader, speaking the backend's HTTP conventions as the run convention of
 * PROTOCOL.md §5, which the reader follows: the run the backend names its own way is named in
 * `X-Run-Id`, a re-attach goes to the backend's URL for it (where a 204 means there is nothing
 * to stream), and a stream in one of the backend's own content types reads as an event stream
 * (the adapter's framing takes it from there).
 */
function peerFetch(fetchFn: typeof fetch, addressing: RunAddressing): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    const reattach = url.startsWith(REATTACH);
    const response = await fetchFn(
      reattach ? addressing.reattachUrl(decodeURIComponent(url.slice(REATTACH.length + 1))) : input,
      init,
    );
    if (reattach && response.status === 204) return streamResponse(new Headers(), null);
    if (!response.ok) return response;
    const headers = new Headers(response.headers);
    const runId = addressing.runIdOf(response);
    if (runId !== null) headers.set(RUN_ID_HEADER, runId);
    const type = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (addressing.contentTypes?.includes(type)) headers.set('content-type', 'text/event-stream');
    return streamResponse(headers, response.body);
  };
}

function streamResponse(headers: Headers, body: ReadableStream<Uint8Array> | null): Response {
  if (!headers.has('content-type')) headers.set('content-type', 'text/event-stream');
  return new Response(body ?? '', { status: 200, headers });
}

/** A backend reached over HTTP: its requests, and its streams read into a store's sink. */
export interface PeerConnection {
  readonly fetch: typeof fetch;
  headers(): Promise<Record<string, string>>;
  /** A JSON POST request for a stream (`accept: text/event-stream`). */
  post(url: string, body: unknown): Promise<StreamRequest>;
  /** Reads `request`'s stream (or re-attaches `resumeRunId`) into `sink`, reconnecting after drops. */
  stream(
    sink: TransportSink,
    signal: AbortSignal,
    request: StreamRequest | null,
    resumeRunId: string | null,
    addressing: RunAddressing,
  ): Promise<void>;
  /**
   * Sends a JSON request and reads its JSON answer; rejects with the status on a failure (a 404
   * is `null` with `missingIsNull`).
   */
  json(url: string, method: 'GET' | 'POST', body?: unknown, missingIsNull?: boolean): Promise<unknown>;
}

/**
 * The HTTP plumbing of the transports for other backends: the same reading as the HTTP transport
 * (`runStream`: reconnection, `Last-Event-ID`, idle timeouts, no POST sent twice), with the
 * backend's own way of naming and re-attaching runs.
 */
export function createPeerConnection(options: PeerTransportOptions): PeerConnection {
  const fetchFn: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const headers = () => resolveHeaders(options.headers);
  const reconnect: ReconnectOptions | false =
    options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect };

  return {
    fetch: fetchFn,
    headers,
    async post(url, body) {
      return {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await headers()), accept: 'text/event-stream' },
        body: JSON.stringify(body),
      };
    },
    stream(sink, signal, request, resumeRunId, addressing) {
      return runStream({
        endpoint: REATTACH,
        request,
        resumeRunId,
        headers,
        fetch: peerFetch(fetchFn, addressing),
        signal,
        idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        reconnect,
        lastEventId: sink.lastEventId,
        serverRetryMs: sink.serverRetryMs,
        onStatus: sink.status,
        onRunId: sink.runId,
        onResponse: sink.open,
        onChunk: sink.chunk,
      });
    },
    async json(url, method, body, missingIsNull = false) {
      const init: RequestInit = {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(await headers()),
        },
      };
      if (body !== undefined) init.body = JSON.stringify(body);
      const response = await fetchFn(url, init);
      if (missingIsNull && response.status === 404) return null;
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${method} ${url}`);
      const text = await response.text();
      return text === '' ? null : JSON.parse(text);
    },
  };
}

/** `base` and `path` joined with one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A random id (UUID where the platform has one). */
export function randomId(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
