import { reduceStream, type StreamSnapshot } from '@toolstream/core';
import { compareState, type ExpectedState } from '../workload.js';
import { type Contender, streamPieces } from './contender.js';

/**
 * (d) toolstream: `reduceStream` from the package's public entry, with its defaults (`auto`
 * protocol and framing, as a user would call it), fed the pieces; its final snapshot is checked.
 */
export const coreContender: Contender = {
  key: 'core',
  label: '(d) toolstream reduceStream',
  prepare({ pieces }) {
    let snapshot: StreamSnapshot | null = null;
    return {
      async run(probe) {
        snapshot = await reduceStream(streamPieces(pieces, probe));
      },
      check: (expected) => checkSnapshot(snapshot, expected),
    };
  },
};

/** How a snapshot differs from the workload's expected final state (empty when correct). */
export function checkSnapshot(snapshot: StreamSnapshot | null, expected: ExpectedState): string[] {
  if (snapshot === null) return ['no snapshot'];
  const problems = snapshot.errors.slice(0, 3).map((error) => `error ${error.code}: ${error.message}`);
  if (snapshot.status !== 'done') problems.push(`status ${snapshot.status}`);
  const calls = new Map(
    snapshot.toolCalls.map((call) => [
      call.call_id,
      { output: call.output, complete: call.is_complete, parentId: call.parent_call_id },
    ]),
  );
  return [...problems, ...compareState(expected, snapshot.text, calls)];
}
