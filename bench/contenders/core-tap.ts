import { reduceStream, type StreamSnapshot } from '@toolstream/core';
import { type Contender, streamPieces } from './contender.js';
import { checkSnapshot } from './core.js';

/**
 * (e) toolstream `reduceStream` with a tap attached: (d) plus a listener that is handed every
 * record (chunks, frames with their events, actions) and keeps nothing but a count — the cost of
 * the tap itself, beside (d) where none is attached. Checked as (d), and the tap must have seen
 * every frame's events.
 */
export const coreTapContender: Contender = {
  key: 'core+tap',
  label: '(e) reduceStream, tap attached',
  prepare({ pieces }) {
    let snapshot: StreamSnapshot | null = null;
    let frames = 0;
    return {
      async run(probe) {
        snapshot = await reduceStream(streamPieces(pieces, probe), {
          tap: (record) => {
            if (record.type === 'frame') frames += 1;
          },
        });
      },
      check(expected) {
        const problems = checkSnapshot(snapshot, expected);
        return frames === 0 ? ['the tap saw no frame', ...problems] : problems;
      },
    };
  },
};
