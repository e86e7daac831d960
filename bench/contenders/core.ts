import { reduceStream, type StreamSnapshot } from '../../packages/core/src/index.js';
import { compareState, type ObservedCall } from '../check.js';
import type { Contender, PreparedRun } from '../contender.js';
import { type Pieces, streamPieces } from '../pieces.js';

/**
 * (d) toolstream core: `reduceStream` with its defaults (`auto` protocol and framing, as a user
 * would call it), fed the same pieces: its own frame decoder (eventsource-parser), the SSE-id
 * dedupe, and the primary protocol's fast path (well-formed frames written straight into the
 * state; see primary-fast-path.ts), then the final snapshot.
 */
export const coreContender: Contender = {
  key: 'core',
  label: '(d) toolstream core reduceStream',
  prepare: ({ pieces }) => prepareCoreRun(pieces, (input) => reduceStream(input)),
};

function prepareCoreRun(
  pieces: Pieces,
  read: (input: AsyncIterable<Uint8Array>) => Promise<StreamSnapshot>,
): PreparedRun {
  let snapshot: StreamSnapshot | null = null;
  return {
    async run(probe) {
      snapshot = await read(streamPieces(pieces.pieces, probe));
    },
    check(expected) {
      if (snapshot === null) return ['no snapshot'];
      const problems: string[] = [];
      if (snapshot.status !== 'done') problems.push(`status ${snapshot.status}`);
      for (const error of snapshot.errors.slice(0, 3)) problems.push(`error ${error.code}: ${error.message}`);
      const calls = new Map<string, ObservedCall>();
      for (const call of snapshot.toolCalls) {
        calls.set(call.call_id, {
          output: call.output,
          complete: call.is_complete,
          parentId: call.parent_call_id,
        });
      }
      return [...problems, ...compareState(expected, snapshot.text, calls)];
    },
  };
}
