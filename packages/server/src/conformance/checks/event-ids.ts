import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { describeRequest, idList } from '../describe.js';

/**
 * The ids a client reads as a sequence: canonical non-negative integers of up to 15 digits (as
 * the core's event-id log does; beyond that doubles lose integers, and "007" is not "7").
 */
const SEQUENCE_ID = /^(0|[1-9]\d{0,14})$/;

/** Every event of the first run has an id; ids are unique, and integer ones increase (§5 rule 2). */
export const eventIds: ConformanceCheck = {
  name: 'event-ids',
  title: 'Every event has an SSE id; ids are unique and increasing',
  async run(context) {
    const recording = await context.reference();
    const { events } = recording;
    if (events.length === 0)
      return skip('The first run has no events (see post-starts-run and stream-ends).');
    const problems: string[] = [];

    const withoutId = events.flatMap((event, i) => (event.id === undefined ? [i + 1] : []));
    if (withoutId.length > 0) {
      problems.push(
        `${positions(withoutId)} of ${events.length} ${withoutId.length === 1 ? 'has' : 'have'} no id (a client cannot resume after ${withoutId.length === 1 ? 'it' : 'them'}, nor tell ${withoutId.length === 1 ? 'it' : 'them'} from a replay)`,
      );
    }

    const firstAt = new Map<string, number>();
    const duplicates: string[] = [];
    let previous: { id: string; n: number; at: number } | null = null;
    const decreasing: string[] = [];
    events.forEach((event, i) => {
      if (event.id === undefined) return;
      const seen = firstAt.get(event.id);
      if (seen === undefined) firstAt.set(event.id, i + 1);
      else duplicates.push(`id ${event.id} is used by events ${seen} and ${i + 1}`);
      if (!SEQUENCE_ID.test(event.id)) return;
      const n = Number(event.id);
      if (previous !== null && n <= previous.n) {
        decreasing.push(`id ${event.id} (event ${i + 1}) follows id ${previous.id} (event ${previous.at})`);
      }
      previous = { id: event.id, n, at: i + 1 };
    });
    problems.push(...limit(duplicates), ...limit(decreasing));
    if (decreasing.length > 0) {
      problems.push(
        'a client takes integer ids as the run sequence and drops an event whose id is at or below the highest it applied, as a replay',
      );
    }

    if (problems.length > 0) {
      return fail(
        `${describeRequest(recording.request)} sent ${events.length} events (ids ${idList(events)}): ${problems.join('; ')}. PROTOCOL.md §5 rule 2: every event carries an SSE id, unique and increasing within the run.`,
      );
    }
    return pass(`${events.length} events, ids ${idList(events)}: each has one, unique and increasing`);
  },
};

/** `event 3`, `events 2 and 5`, `events 2, 5, 9 and 4 more`. */
function positions(list: readonly number[]): string {
  if (list.length === 1) return `event ${list[0]}`;
  if (list.length <= 4) return `events ${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  return `events ${list.slice(0, 3).join(', ')} and ${list.length - 3} more`;
}

function limit(items: readonly string[], max = 3): string[] {
  return items.length <= max ? [...items] : [...items.slice(0, max), `${items.length - max} more like these`];
}
