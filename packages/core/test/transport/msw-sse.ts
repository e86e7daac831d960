import { HttpResponse } from 'msw';
import { encodeStream, type SseEvent } from './sse-events.js';

/** How an MSW stream response behaves. */
export interface SseResponseOptions {
  /** Sent as `X-Run-Id`. */
  runId?: string;
  /** Leave the stream open after the events (a run still going, or a silent server). */
  keepOpen?: boolean;
  retryMs?: number;
  /** Extra wire text after the events (comments, malformed frames…). */
  tail?: string;
}

/** An event-stream response for an MSW resolver, with the events in one chunk. */
export function sseResponse(
  events: readonly SseEvent[],
  options: SseResponseOptions = {},
): HttpResponse<ReadableStream<Uint8Array>> {
  const text = encodeStream(events, options.retryMs) + (options.tail ?? '');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (text !== '') controller.enqueue(new TextEncoder().encode(text));
      if (!options.keepOpen) controller.close();
    },
  });
  const headers: Record<string, string> = { 'content-type': 'text/event-stream' };
  if (options.runId !== undefined) headers['x-run-id'] = options.runId;
  return new HttpResponse(body, { headers });
}

/**
 * A response whose chunks the test pushes one by one (`push`), then ends (`close`) or leaves
 * hanging. (MSW does not pass the client's cancel back to this stream: the loopback server tests
 * check that the connection closes.)
 */
export function controlledSseResponse(options: { runId?: string } = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const headers: Record<string, string> = { 'content-type': 'text/event-stream' };
  if (options.runId !== undefined) headers['x-run-id'] = options.runId;
  const encoder = new TextEncoder();
  return {
    response: new HttpResponse(body, { headers }),
    push(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    close() {
      controller.close();
    },
  };
}
