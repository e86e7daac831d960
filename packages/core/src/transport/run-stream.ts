import { ToolStreamFailure } from '../errors.js';
import { backoffDelay, DEFAULT_RECONNECT, type ReconnectOptions, sleep } from './backoff.js';
import { openStream, type StreamRequest } from './open-stream.js';
import { runUrl } from './run-url.js';

/** The response header in which a server names its run. */
export const RUN_ID_HEADER = 'x-run-id';

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
 * Resolves when the stream ended cleanly; rejects with a {@link ToolStreamFailure}.
 */
export async function runStream(options: RunStreamOptions): Promise<void> {
  const wait = options.wait ?? sleep;
  const reconnect = options.reconnect;
  const maxRateLimitRetries = options.maxRateLimitRetries ?? 3;
  let runId = options.resumeRunId ?? null;
  let request: StreamRequest | null = options.request;
  let attempt = 0;
  let rateLimitRetries = 0;
  // Whether the current request re-attaches to a named run (kept across 429 / 408 retries of it).
  let reattaching = false;

  for (;;) {
    if (request === null) {
      request = await reattachRequest(options, runId!);
      reattaching = true;
    }
    options.onStatus(attempt > 0 || rateLimitRetries > 0 || reattaching ? 'reconnecting' : 'connecting');
    options.onResponse();
    let delivered = false;
    let idAtOpen: string | null = null;
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
          idAtOpen = options.lastEventId();
          options.onStatus('streaming');
        },
        onChunk(chunk) {
          delivered = true;
          return options.onChunk(chunk);
        },
      });
      return;
    } catch (cause) {
      const failure = asFailure(cause);
      const { code } = failure.detail;
      if (code === 'aborted') throw failure;
      // Progress starts the backoff afresh. Where the stream has ids, progress means a new one:
      // bytes alone (a `retry:` line, a keep-alive) would let a server that always drops right
      // after them keep us reconnecting for ever.
      if (delivered) {
        const lastId = options.lastEventId();
        if (lastId === null || lastId !== idAtOpen) attempt = 0;
      }

      // Refused before anything started: the same request may be sent again, after the wait asked for.
      if ((code === 'rate-limited' || code === 'timeout') && failure.detail.status !== undefined) {
        if (rateLimitRetries >= maxRateLimitRetries) throw failure;
        rateLimitRetries++;
        const delay =
          failure.detail.retryAfterMs ??
          backoffDelay(rateLimitRetries, reconnect || DEFAULT_RECONNECT, null, options.random);
        options.onStatus('reconnecting');
        await wait(delay, options.signal).catch(() => {
          throw aborted();
        });
        continue;
      }

      // A re-attach that the server answers with 404 or 410 means the run is gone. Checked before
      // anything else: a 4xx is not transient, and would otherwise surface as a plain `http` error.
      if (reattaching && (failure.detail.status === 404 || failure.detail.status === 410)) {
        throw new ToolStreamFailure({
          ...failure.detail,
          code: 'resume-failed',
          message: `The run ${runId} can no longer be re-attached (HTTP ${failure.detail.status}).`,
          retryable: false,
        });
      }
      const canResume = request.method === 'GET' || (failure.opened && runId !== null);
      const transient =
        code === 'network' || code === 'timeout' || (code === 'http' && failure.detail.retryable);
      if (!transient || reconnect === false) throw failure;
      if (!canResume) {
        if (failure.opened && request.method === 'POST') {
          throw new ToolStreamFailure({
            ...failure.detail,
            message: `${failure.detail.message} The server did not name the run (X-Run-Id), so it cannot be resumed without starting it again.`,
          });
        }
        throw failure;
      }
      attempt++;
      if (attempt > reconnect.maxAttempts) {
        throw new ToolStreamFailure({
          ...failure.detail,
          message: `${failure.detail.message} Gave up after ${reconnect.maxAttempts} reconnection attempts.`,
        });
      }
      options.onStatus('reconnecting');
      await wait(
        backoffDelay(attempt, reconnect, options.serverRetryMs(), options.random),
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

function asFailure(cause: unknown): ToolStreamFailure {
  if (cause instanceof ToolStreamFailure) return cause;
  return new ToolStreamFailure({
    code: 'network',
    message: cause instanceof Error ? cause.message : String(cause),
    retryable: true,
    fatal: true,
  });
}

function aborted(): ToolStreamFailure {
  return new ToolStreamFailure({
    code: 'aborted',
    message: 'The run was stopped.',
    retryable: true,
    fatal: false,
  });
}
