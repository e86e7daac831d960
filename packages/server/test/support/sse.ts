import { createFrameDecoder } from '@toolstream/core/adapters';
import type { FrameInput } from '../../src/store/run-store.js';

/** An event as a reader received it: its SSE id, event name, data, and when it arrived. */
export interface ReceivedFrame {
  id: number;
  event: string | undefined;
  data: string;
  at: number;
}

/** How a read ended. */
export interface ReadResult {
  frames: ReceivedFrame[];
  /** `end`: the body ended; `stopped`: `stopAfter` frames were read; `failed`: the connection broke. */
  ending: 'end' | 'stopped' | 'failed';
  error?: unknown;
}

/**
 * Reads an SSE response to its end (or until `stopAfter` frames, then cancels it), with the
 * project's own frame decoder — the one the client uses.
 */
export async function readSse(
  response: Response,
  options: { stopAfter?: number; onFrame?: (frame: ReceivedFrame) => void } = {},
): Promise<ReadResult> {
  const frames: ReceivedFrame[] = [];
  const decoder = createFrameDecoder(
    {
      onFrame(frame) {
        const received: ReceivedFrame = {
          id: Number(frame.id),
          event: frame.event,
          data: frame.data,
          at: Date.now(),
        };
        frames.push(received);
        options.onFrame?.(received);
      },
    },
    'sse',
  );
  const reader = response.body!.getReader();
  try {
    for (;;) {
      if (options.stopAfter !== undefined && frames.length >= options.stopAfter) {
        await reader.cancel();
        frames.length = options.stopAfter; // a read may have brought more than were asked for
        return { frames, ending: 'stopped' };
      }
      const { done, value } = await reader.read();
      if (done) {
        decoder.end();
        return { frames, ending: 'end' };
      }
      decoder.feed(value);
    }
  } catch (error) {
    return { frames, ending: 'failed', error };
  }
}

/** `GET <endpoint>/<runId>`, after `lastEventId` when given. */
export function attach(endpoint: string, runId: string, lastEventId?: number): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  return fetch(`${endpoint}/${encodeURIComponent(runId)}`, { headers });
}

/**
 * A re-attach after `lastEventId` once the run has reached it: an id the run has not written
 * yet is answered 400 (PROTOCOL.md §5), and a POST is answered before its first frames, so a
 * reader that starts midway asks again until the run got there (at most `withinMs`).
 */
export async function attachOnceReached(
  endpoint: string,
  runId: string,
  lastEventId: number,
  withinMs = 10_000,
): Promise<Response> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await attach(endpoint, runId, lastEventId);
    if (response.status !== 400 || Date.now() > deadline) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `POST <endpoint>` with a JSON body. */
export function start(endpoint: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
}

/** The frames as the writer handed them over: event (absent for the default) and data. */
export function asWritten(frames: readonly ReceivedFrame[]): FrameInput[] {
  return frames.map((frame) =>
    frame.event === undefined || frame.event === 'message'
      ? { data: frame.data }
      : { event: frame.event, data: frame.data },
  );
}
