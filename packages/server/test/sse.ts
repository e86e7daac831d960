import { createFrameDecoder } from '@toolstream/core/adapters';

/** One SSE event as a test reads it. */
export interface ReadEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** Every event of an SSE text. */
export function parseSse(text: string): ReadEvent[] {
  const events: ReadEvent[] = [];
  const decoder = createFrameDecoder(
    { onFrame: (frame) => events.push({ id: frame.id, event: frame.event, data: frame.data }) },
    'sse',
  );
  decoder.feed(text);
  decoder.end();
  return events;
}

/** Reads a streamed body until `count` events arrived (or the body ended); returns them and the reader. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  count: number,
): Promise<{ events: ReadEvent[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const events: ReadEvent[] = [];
  const decoder = createFrameDecoder(
    { onFrame: (frame) => events.push({ id: frame.id, event: frame.event, data: frame.data }) },
    'sse',
  );
  const reader = body.getReader();
  while (events.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    decoder.feed(value);
  }
  return { events, reader };
}

/** A run's base URL in tests. */
export const BASE = 'http://app.test/api/chat/stream';

export function post(body: unknown = { message: 'hello' }, headers: Record<string, string> = {}): Request {
  return new Request(BASE, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function attach(runId: string, lastEventId?: string, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}/${runId}`, {
    headers: lastEventId === undefined ? headers : { 'last-event-id': lastEventId, ...headers },
  });
}

export function cancel(runId: string, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}/${runId}`, { method: 'DELETE', headers });
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve function. */
export function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
