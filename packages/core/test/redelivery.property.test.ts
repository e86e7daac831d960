/**
 * Events re-delivered with ids already applied (a resumed stream replaying from Last-Event-ID,
 * overlapping servers) change nothing, even when their content differs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessageResponse } from '../src/protocol/wire.js';
import type { ToolStreamState } from '../src/reducer/state.js';
import { reduceStream } from '../src/snapshot/reduce-stream.js';
import { delegationRun, lineEnding } from './arbitraries.js';
import { readFrames } from './harness.js';
import { frame, type LineEnding, sseFrame, text } from './sse-builder.js';

/** After frame `after` (0-based), re-send frames `from`…`after` (a replay from an earlier id). */
interface Replay {
  after: number;
  back: number;
  /** Re-send other content under the old id. */
  altered: boolean;
}

const replays = fc.array(fc.record({ after: fc.nat(), back: fc.nat({ max: 5 }), altered: fc.boolean() }), {
  maxLength: 8,
});

function withReplays(
  chunks: readonly ChatMessageResponse[],
  plan: readonly Replay[],
  eol: LineEnding,
): string {
  let out = '';
  chunks.forEach((c, i) => {
    out += frame(c, { id: String(i + 1), eol });
    for (const replay of plan) {
      if (replay.after % chunks.length !== i) continue;
      for (let j = Math.max(0, i - replay.back); j <= i; j++) {
        out += frame(replay.altered ? text(`DUPLICATE ${j}`) : chunks[j]!, { id: String(j + 1), eol });
      }
    }
  });
  return out;
}

async function read(stream: string) {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(stream, {
    onState: (s) => {
      state = s;
    },
  });
  return { snapshot, state: state! };
}

describe('re-delivery', () => {
  it('frames with ids already applied change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(delegationRun, replays, lineEnding, async (run, plan, eol) => {
        const once = await read(withReplays(run.chunks, [], eol));
        const replayed = await read(withReplays(run.chunks, plan, eol));
        expect(replayed.snapshot).toEqual(once.snapshot);
        expect(replayed.state.run.lastEventId).toBe(String(run.chunks.length));
      }),
    );
  });

  it('a duplicate leaves the very same state object (nothing to publish)', () => {
    fc.assert(
      fc.property(delegationRun, fc.nat(), (run, pick) => {
        const frames = run.chunks.map((c, i) => sseFrame(c, { id: String(i + 1) }));
        const index = pick % frames.length;
        const { states } = readFrames([...frames, frames[index]!], { protocol: 'auto' });
        expect(states.at(-1)).toBe(states.at(-2));
      }),
    );
  });
});
