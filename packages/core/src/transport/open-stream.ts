import { TransportFailure } from '../errors.js';
import { isStreamContentType, responseFailure } from './http-failure.js';

/** One HTTP request for a stream. */
export interface StreamRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON text, for POST. */
  body?: string;
}

/** Why the client itself ended a connection. */
export type ClientAbortReason = 'stop' | 'detach' | 'reset' | 'replaced';

/** Callbacks and limits for {@link openStream}. */
export interface OpenStreamOptions {
  fetch: typeof fetch;
  /** Aborting ends the request; its reason (a {@link ClientAbortReason}) is reported as `aborted`. */
  signal: AbortSignal;
  /** Longest silence (no bytes, keep-alive comments included) before the connection counts as dropped. */
  idleTimeoutMs: number;
  /** The response is a stream and reading begins. */
  onOpen(response: Response): void;
  /** Raw bytes, as they arrive. Return `false` to stop reading (a `done` event arrived). */
  onChunk(chunk: Uint8Array): boolean;
}

/**
 * Sends one request and reads its event stream to the end. Resolves on a clean end of the
 * body; rejects with a {@link TransportFailure} (`aborted`, `timeout`, `network`, or what
 * {@link responseFailure} makes of a bad response) whose `opened` says whether the stream had
 * started: only a drop after the start can be resumed.
 */
export async function openStream(request: StreamRequest, options: OpenStreamOptions): Promise<void> {
  const controller = new AbortController();
  let idle = false;
  let opened = false;
  const onAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const armIdleTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      controller.abort();
    }, options.idleTimeoutMs);
  };

  const fail = (cause: unknown): TransportFailure => {
    if (cause instanceof TransportFailure) return withOpened(cause, opened);
    if (options.signal.aborted) {
      return withOpened(new TransportFailure({ code: 'aborted', message: 'The run was stopped.' }), opened);
    }
    if (idle) {
      return withOpened(
        new TransportFailure({
          code: 'timeout',
          message: `No data arrived for ${Math.round(options.idleTimeoutMs / 1000)} s.`,
          retryable: true,
          fatal: true,
        }),
        opened,
      );
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return withOpened(
      new TransportFailure({
        code: 'network',
        message: opened ? `The connection dropped: ${message}` : `Could not reach the server: ${message}`,
        retryable: true,
        fatal: true,
      }),
      opened,
    );
  };

  // Some fetch implementations (MSW, polyfills) ignore the signal once a response exists, so a
  // read would hang through an abort or an idle timeout: every wait races this promise instead.
  const abortedWait = new Promise<never>((_, reject) => {
    const rejectAborted = () => reject(controller.signal.reason);
    if (controller.signal.aborted) rejectAborted();
    else controller.signal.addEventListener('abort', rejectAborted, { once: true });
  });
  abortedWait.catch(() => {});

  try {
    armIdleTimer();
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: controller.signal,
      cache: 'no-store',
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await Promise.race([options.fetch(request.url, init), abortedWait]);
    if (!response.ok || !isStreamContentType(response.headers.get('content-type'))) {
      throw await responseFailure(response);
    }
    const body = response.body;
    if (body === null) {
      throw new TransportFailure({
        code: 'network',
        message: 'The server answered without a body.',
        retryable: true,
        fatal: true,
      });
    }
    opened = true;
    options.onOpen(response);
    const reader = body.getReader();
    let ended = false;
    try {
      for (;;) {
        armIdleTimer();
        const { done, value } = await Promise.race([reader.read(), abortedWait]);
        if (done) {
          ended = true;
          return;
        }
        if (!options.onChunk(value)) return;
      }
    } finally {
      // Stopped early (done event, abort, idle, error): cancelling also ends a read still pending.
      if (!ended) reader.cancel().catch(() => {});
    }
  } catch (cause) {
    throw fail(cause);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}

function withOpened(failure: TransportFailure, opened: boolean): TransportFailure {
  failure.opened ||= opened;
  return failure;
}
