import { reduceStream } from '@toolstream/core';
import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { clip, describeRequest } from '../describe.js';

/** The first run's frames read under PROTOCOL.md §2 or §3 without a protocol error. */
export const framesValid: ConformanceCheck = {
  name: 'frames-valid',
  title: 'Frames are valid ChatMessageResponse (§2) or typed events (§3)',
  async run(context) {
    const recording = await context.reference();
    if (recording.events.length === 0) {
      return skip('The first run has no events (see post-starts-run and stream-ends).');
    }
    let protocol: string | null = null;
    const problems: string[] = [];
    // The bytes as they came, through the same reader, adapters and reducer as a client's store.
    const snapshot = await reduceStream(chunksOf(recording.chunks), {
      framing: 'sse',
      onState(state) {
        protocol = state.run.protocol;
        for (const error of state.errors) {
          if (error.code !== 'protocol') continue;
          problems.push(
            error.frame === undefined ? error.message : `${error.message}: ${clip(error.frame, 120)}`,
          );
        }
      },
    });
    const readAs = protocol === null ? 'no protocol could be recognised' : `read as ${protocol}`;
    if (problems.length > 0) {
      const shown = problems.slice(0, 3).join('; ');
      const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
      return fail(
        `${describeRequest(recording.request)}: ${problems.length} protocol error${problems.length === 1 ? '' : 's'} (${readAs}): ${shown}${more}. Each frame must be a ChatMessageResponse as PROTOCOL.md §2 describes (or a typed event, §3).`,
      );
    }
    const calls = snapshot.toolCalls.length;
    return pass(
      `${readAs}: ${recording.events.length} events, ${snapshot.text.length} characters of text, ${calls} tool call${calls === 1 ? '' : 's'}, no protocol error`,
    );
  },
};

async function* chunksOf(chunks: readonly Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* chunks;
}
