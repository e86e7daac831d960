import type { SseFrame } from '@toolstream/core';
import { createFrameDecoder } from '@toolstream/core/adapters';
import type { Scenario } from '../scenario/format.js';
import { scenarioFrames } from '../scenario/format.js';

/** Decodes SSE text into frames (with the core's decoder, as a client would). */
export function decodeSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  const decoder = createFrameDecoder({ onFrame: (frame) => frames.push(frame) }, 'sse');
  decoder.feed(text);
  decoder.end();
  return frames;
}

/** Reads a whole body as text; a body that fails part way resolves with what arrived and the error. */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
): Promise<{ text: string; error: unknown | null }> {
  if (body === null) return { text: '', error: null };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), error: null };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

/**
 * Reads frames from a body until `count` have arrived; returns them and the reader, still
 * open, so a test can abort or keep reading.
 */
export async function readFrames(
  body: ReadableStream<Uint8Array>,
  count: number,
): Promise<{ frames: SseFrame[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const frames: SseFrame[] = [];
  const decoder = createFrameDecoder({ onFrame: (frame) => frames.push(frame) }, 'sse');
  const reader = body.getReader();
  while (frames.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    decoder.feed(value);
  }
  return { frames, reader };
}

/**
 * The `{event, id, data}` of a scenario's frames as a run serves them, for comparing with what a
 * client got: its frames with their positions as ids, and — when the scenario does not end the
 * run itself with `done` or `error` (providers' streams end with their own events) — the
 * run's `event: done` after them.
 */
export function expectedFrames(
  scenario: Scenario,
): { event: string | undefined; id: string; data: string }[] {
  const frames = scenarioFrames(scenario).map((frame, index) => ({
    event: frame.event,
    id: frame.id ?? String(index + 1),
    data: frame.data,
  }));
  const last = frames.at(-1)?.event;
  if (last !== 'done' && last !== 'error')
    frames.push({ event: 'done', id: String(frames.length + 1), data: '' });
  return frames;
}

/** Strips a decoded frame to `{event, id, data}`. */
export function plainFrame(frame: SseFrame): {
  event: string | undefined;
  id: string | undefined;
  data: string;
} {
  return { event: frame.event, id: frame.id, data: frame.data };
}

/** Resolves when `predicate` holds for a log entry (checked on each new entry). */
export function waitForLog<T>(entries: T[], predicate: (entry: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const found = entries.find(predicate);
      if (found !== undefined) resolve(found);
      else setTimeout(check, 5);
    };
    check();
  });
}
