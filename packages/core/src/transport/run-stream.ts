import { networkError, TransportFailure } from '../errors.js';
import { backoffDelay, DEFAULT_RECONNECT, type ReconnectOptions, sleep } from './backoff.js';
import { openStream, type StreamRequest } from './open-stream.js';
import { runUrl } from './run-url.js';

/** The response header in which a server names its run. */
export const RUN_ID_HEADER = 'X-Run-Id';

/** Options of {@link runStream}. */
export interface RunStreamOptions {
  /** The endpoint runs are started on; named runs live at `<endpoint>/<runId>`. */
  endpoint: string;
  /** The first request. `null` when re-attaching to `resumeRunId` from the start. */
  request: StreamRequest | null;
  /** Re-attach to this run instead of starting one. */
  resumeRunId?: string | null;
  headers: () => Promise<Record<string, string>>;
  fetch: typeof fetch;
  signal: AbortSignal;
  idleTimeoutMs: number;
  reconnect: ReconnectOptions | false;
  /** Retries of a request the server refused with 429 / 408 before starting anything. Default 3. */
  maxRateLimitRetries?: number;
  /** The SSE id of the last event applied (sent as `Last-Event-ID` when reconnecting). */
  lastEventId(): string | null;
  /** The server's `retry:` value, if it sent one. */
  serverRetryMs(): number | null;
  onStatus(status: 'connecting' | 'streaming' | 'reconnecting'): void;
  onRunId(runId: string): void;
  /** A new response begins: drop any partial frame of the previous one. */
  onResponse(): void;
  /** Return `false` to stop reading (the stream said it is done). */
  onChunk(chunk: Uint8Array): boolean;
  random?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Runs one stream to its end, reconnecting after drops without ever re-running the agent:
 *
 * - a POST is never sent twice on our own, except after 429 / 408, where the server refused
 *   it before starting anything (after `Retry-After`);
 * - when the POST's response named the run (`X-Run-Id`), a drop re-attaches with
 *   `GET <endpoint>/<runId>` and `Last-Event-ID`; when it did not, the drop is an error the
 *   user can retry;
 * - a GET stream reconnects to its own URL with `Last-Event-ID`;
 * - waits grow exponentially with jitter, from the server's `retry:` when it sent one.
 *
 * Resolves when the stream ended cleanly; rejects with a {@link TransportFailure}.
 */
export async function runStream(options: RunStreamOptions): Promise<void> {
  const wait = options.wait ?? sleep;
  const reconnect = options.reconnect;
  const maxRateLimitRetries = options.maxRateLimitRetries ?? 3;
  let runId = options.resumeRunId ?? null;
  let request: StreamRequest | null = options.request;
  // Two budgets. Reconnections after a drop are refilled only by progress: a new SSE id applied.
  // Bytes alone do not count (a `retry:` line, a keep-alive, a frame without an id), or a server
  // that always drops right after them would keep us reconnecting for ever. Refusals (429 / 408)
  // count the times in a row the server turned one request away, and start again once a request
  // is answered — a re-attach refused after drops that made no progress still has the rest of
  // its reconnection budget.
  let attempts = 0;
  let refusals = 0;
  // Whether the current request re-attaches to a named run (kept across 429 / 408 retries of it).
  let reattaching = false;

  for (;;) {
    if (request === null) {
      request = await reattachRequest(options, runId!);
      reattaching = true;
    }
    options.onStatus(attempts > 0 || refusals > 0 || reattaching ? 'reconnecting' : 'connecting');
    options.onResponse();
    const idBefore = options.lastEventId();
    try {
      await openStream(request, {
        fetch: options.fetch,
        signal: options.signal,
        idleTimeoutMs: options.idleTimeoutMs,
        onOpen(response) {
          const named = response.headers.get(RUN_ID_HEADER);
          if (named !== null && named !== '' && named !== runId) {
            runId = named;
            options.onRunId(named);
          }
          refusals = 0;
          options.onStatus('streaming');
        },
        onChunk: options.onChunk,
      });
      return;
    } catch (cause) {
      const failure = asFailure(cause);
      const detail = failure.detail;
      if (detail.code === 'aborted') throw failure;
      const lastId = options.lastEventId();
      if (lastId !== null && lastId !== idBefore) attempts = 0;
      const status = 'status' in detail ? detail.status : undefined;

      // Refused before anything started: the same request may be sent again, after the wait asked for.
      if ((detail.code === 'rate-limited' || detail.code === 'timeout') && status !== undefined) {
        if (refusals >= maxRateLimitRetries) throw failure;
        refusals++;
        const delay =
          (detail.code === 'rate-limited' ? detail.retryAfterMs : undefined) ??
          backoffDelay(refusals, reconnect || DEFAULT_RECONNECT, null, options.random);
        options.onStatus('reconnecting');
        await wait(delay, options.signal).catch(() => {
          throw aborted();
        });
        continue;
      }

      // A re-attach that the server answers with 404 or 410 means the run is gone. Checked before
      // anything else: a 4xx is not transient, and would otherwise surface as a plain `http` error.
      if (reattaching && (status === 404 || status === 410)) {
        throw new TransportFailure({
          code: 'resume-failed',
          message: `The run ${runId} can no longer be re-attached (HTTP ${status}).`,
          retryable: false,
          fatal: true,
          status,
          ...('body' in detail && detail.body !== undefined ? { body: detail.body } : {}),
        });
      }
      const canResume = request.method === 'GET' || (failure.opened && runId !== null);
      const transient =
        detail.code === 'network' ||
        detail.code === 'timeout' ||
        (detail.code === 'http' && detail.retryable);
      if (!transient || reconnect === false) throw failure;
      if (!canResume) {
        if (failure.opened && request.method === 'POST') {
          throw new TransportFailure({
            ...detail,
            message: `${detail.message} The server did not name the run (X-Run-Id), so it cannot be resumed without starting it again.`,
          });
        }
        throw failure;
      }
      attempts++;
      if (attempts > reconnect.maxAttempts) {
        throw new TransportFailure({
          ...detail,
          message: `${detail.message} Gave up after ${reconnect.maxAttempts} reconnection attempts.`,
        });
      }
      options.onStatus('reconnecting');
      await wait(
        backoffDelay(attempts, reconnect, options.serverRetryMs(), options.random),
        options.signal,
      ).catch(() => {
        throw aborted();
      });
      if (request.method === 'GET' && runId === null) {
        request = await sameUrlRequest(options, request);
        reattaching = false;
      } else request = null;
    }
  }
}

async function reattachRequest(options: RunStreamOptions, runId: string): Promise<StreamRequest> {
  return { url: runUrl(options.endpoint, runId), method: 'GET', headers: await resumeHeaders(options) };
}

async function sameUrlRequest(options: RunStreamOptions, previous: StreamRequest): Promise<StreamRequest> {
  return { url: previous.url, method: 'GET', headers: await resumeHeaders(options) };
}

async function resumeHeaders(options: RunStreamOptions): Promise<Record<string, string>> {
  const headers = { ...(await options.headers()), accept: 'text/event-stream' };
  const lastEventId = options.lastEventId();
  return lastEventId === null ? headers : { ...headers, 'last-event-id': lastEventId };
}

function asFailure(cause: unknown): TransportFailure {
  if (cause instanceof TransportFailure) return cause;
  return new TransportFailure(networkError(cause instanceof Error ? cause.message : 'the request failed'));
}

function aborted(): TransportFailure {
  return new TransportFailure({ code: 'aborted', message: 'The run was stopped.' });
}
