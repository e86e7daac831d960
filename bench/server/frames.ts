import { encodeFrame } from '../../packages/server/src/handler/sse-encode.js';
import type { FrameInput } from '../../packages/server/src/store/run-store.js';
import { createRunWriter } from '../../packages/server/src/writer/run-writer.js';
import { createRandom } from '../prng.js';

/**
 * The frames every contender stores: what an agent relaying a model's stream writes, made with
 * the server's own writer from a fixed seed. Four in five are text deltas of about 150
 * characters, the rest streamed parts of a tool's result: about 200 bytes of `data` each, as the
 * issue asks.
 */
export function benchFrames(count: number, seed = 0x5e7): FrameInput[] {
  const random = createRandom(seed);
  const words = [
    'agent',
    'streams',
    'the',
    'answer',
    'with',
    'tool',
    'calls',
    'données',
    '東京',
    'sub-agent',
  ];
  const sentence = (length: number) => {
    let text = '';
    while (text.length < length) text += `${random.pick(words)} `;
    return text;
  };
  const frames: FrameInput[] = [];
  const writer = createRunWriter({
    write: (frame) => frames.push(frame),
    fail: (frame) => frames.push(frame),
    flush: async () => {},
    pending: 0,
    signal: new AbortController().signal,
    // No run ends waiting here: nothing to keep.
    ask: () => {},
    settle: () => {},
    checkpoint: () => {},
  });
  const search = writer.toolCall('search_docs', { id: 'search-1', args: { query: 'onboarding' } });
  while (frames.length < count) {
    if (random.chance(0.2)) search.stream(sentence(100));
    else writer.text(sentence(150));
  }
  return frames.slice(0, count);
}

/** Mean `data` bytes of the frames (UTF-8). */
export function meanDataBytes(frames: readonly FrameInput[]): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const frame of frames) total += encoder.encode(frame.data).length;
  return total / frames.length;
}

/** The frames as SSE text with ids 1…n: what a resumable-stream producer is given to pass on. */
export function sseChunks(frames: readonly FrameInput[]): string[] {
  return frames.map((frame, i) => encodeFrame({ ...frame, seq: i + 1 }));
}
