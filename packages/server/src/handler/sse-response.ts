import type { RunStore, StoredFrame } from '../store/run-store.js';
import { encodeFrame, KEEP_ALIVE } from './sse-encode.js';

/** Options of {@link runEventStream}. */
export interface EventStreamOptions {
  store: RunStore;
  runId: string;
  afterSeq: number;
  /** Written first (`retry:`), or `''`. */
  preamble: string;
  /** A keep-alive comment after this long without a byte. */
  heartbeatMs: number;
  /** The client went away (the body was cancelled, or this signal — the request's — aborted). */
  onClose?: () => void;
  /**
   * The request's signal. Some hosts tell of a client gone only through it (MSW, some edge
   * runtimes), others only by cancelling the body (a Node adapter): either stops the reading.
   */
  gone?: AbortSignal;
}

/**
 * A run's frames after `afterSeq` as an SSE body: the kept ones, then live ones, until the
 * terminal frame; keep-alive comments while the run is quiet. Reads only as fast as the client
 * does. A store that fails mid-read errors the body, which the client takes as a drop and
 * re-attaches (and then gets a proper answer: 404, 410 or 5xx).
 */
export function runEventStream(options: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const stop = new AbortController();
  const frames = options.store
    .read(options.runId, options.afterSeq, { signal: stop.signal })
    [Symbol.asyncIterator]();
  let next: Promise<IteratorResult<StoredFrame[]>> | null = null;
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    stop.abort();
    void frames.return?.();
  };
  let streamController: ReadableStreamDefaultController<Uint8Array> | null = null;
  const leave = () => {
    if (closed) return;
    close();
    options.onClose?.();
    try {
      streamController?.error(new DOMException('The client went away.', 'AbortError'));
    } catch {
      // already closed
    }
  };
  options.gone?.addEventListener('abort', leave, { once: true });

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        streamController = controller;
        if (options.preamble !== '') controller.enqueue(encoder.encode(options.preamble));
      },
      async pull(controller) {
        next ??= frames.next();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const beat = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), options.heartbeatMs);
        });
        try {
          const result = await Promise.race([next, beat]);
          if (result === null) {
            controller.enqueue(encoder.encode(KEEP_ALIVE));
            return;
          }
          next = null;
          if (result.done) {
            close();
            options.gone?.removeEventListener('abort', leave);
            controller.close();
            return;
          }
          let text = '';
          for (const frame of result.value) text += encodeFrame(frame);
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          close();
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel() {
        options.gone?.removeEventListener('abort', leave);
        if (closed) return;
        close();
        options.onClose?.();
      },
    },
    // Pull only when the client has taken what was sent: a slow client holds frames in the store.
    { highWaterMark: 0 },
  );
}
