import { createParser } from 'eventsource-parser';
import type { Contender } from '../contender.js';
import { streamPieces } from '../pieces.js';

/**
 * (a) The floor: what any consumer must pay at least — UTF-8 decoding, eventsource-parser, and
 * `JSON.parse` of each frame. It keeps no state; counting `tool_calls` entries keeps the parsed
 * value alive (so nothing can be optimised away) and gives the check something to compare.
 */
export const floorContender: Contender = {
  key: 'floor',
  label: '(a) floor: eventsource-parser + JSON.parse',
  prepare({ pieces }) {
    let frames = 0;
    let entries = 0;
    let lastId: string | undefined;
    return {
      async run(probe) {
        const decoder = new TextDecoder();
        const parser = createParser({
          onEvent(event) {
            const response = JSON.parse(event.data) as { tool_calls: unknown[] };
            frames++;
            entries += response.tool_calls.length;
            lastId = event.id;
          },
        });
        for await (const piece of streamPieces(pieces.pieces, probe)) {
          parser.feed(decoder.decode(piece, { stream: true }));
        }
        parser.feed(decoder.decode());
      },
      check(expected) {
        const problems: string[] = [];
        if (frames !== expected.frames) problems.push(`${frames} frames, expected ${expected.frames}`);
        if (entries !== expected.toolCallEntries) {
          problems.push(`${entries} tool_calls entries, expected ${expected.toolCallEntries}`);
        }
        if (lastId !== expected.lastEventId)
          problems.push(`last id ${lastId}, expected ${expected.lastEventId}`);
        return problems;
      },
    };
  },
};
