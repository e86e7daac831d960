import { type Contender, readEvents } from './contender.js';

/**
 * (a) The floor: what any consumer pays at least — UTF-8 decoding, eventsource-parser and
 * `JSON.parse` of each frame — keeping nothing. Counting frames and `tool_calls` entries keeps the
 * parsed values used (nothing can be optimised away) and gives the check something to compare.
 */
export const floorContender: Contender = {
  key: 'floor',
  label: '(a) floor: eventsource-parser + JSON.parse',
  prepare({ pieces }) {
    let [frames, entries, lastId] = [0, 0, ''];
    return {
      run: (probe) =>
        readEvents(pieces, probe, (event) => {
          frames++;
          entries += (JSON.parse(event.data) as { tool_calls: unknown[] }).tool_calls.length;
          lastId = event.id ?? '';
        }),
      check: (expected) =>
        frames === expected.frames && entries === expected.toolCallEntries && lastId === expected.lastEventId
          ? []
          : [`${frames} frames, ${entries} tool_calls entries, last id ${lastId}`],
    };
  },
};
