import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { describeAnswer, describeRequest, eventDifference, idList, isEventStream } from '../describe.js';
import { finishedReference, isVerdict } from './preconditions.js';

/** Up to this many ids of the first run are tried (all of them in a shorter run). */
export const REPLAY_SAMPLE = 24;
/** Trying stops after this many wrong answers: they are enough to see the pattern. */
const MAX_FAILURES = 3;

const ASKED =
  'PROTOCOL.md §5 rule 3: with Last-Event-ID the server sends exactly the events after that id, in order: no duplicate, no gap.';

/** `GET <endpoint>/<runId>` with `Last-Event-ID` = each id (or a sample) answers exactly the events after it. */
export const replayAfterId: ConformanceCheck = {
  name: 'replay-after-id',
  title: 'GET <endpoint>/<runId> with Last-Event-ID answers exactly the events after that id',
  async run(context) {
    const run = await finishedReference(context);
    if (isVerdict(run)) return run;
    const events = run.recording.events;
    const positions = sample(firstPositions(events), REPLAY_SAMPLE);
    if (positions.length === 0)
      return skip('No event of the first run has an id to re-attach after (see event-ids).');
    const failures: string[] = [];
    let tried = 0;
    for (const position of positions) {
      const id = events[position]!.id!;
      const expected = events.slice(position + 1);
      const replay = await context.client.reattach(run.runId, id).done;
      tried++;
      const sent = describeRequest(replay.request);
      if (!isEventStream(replay) || replay.ending !== 'end') {
        failures.push(`after id ${id}: ${sent} ${describeAnswer(replay)}`);
      } else {
        const difference = eventDifference(expected, replay.events, events.slice(0, position + 1));
        if (difference !== null) {
          const wanted = expected.length === 0 ? 'none (it was the last)' : `ids ${idList(expected)}`;
          failures.push(
            `after id ${id}: ${sent} answered ${replay.events.length === 0 ? 'no event' : `ids ${idList(replay.events)}`}, expected ${wanted}: ${difference}`,
          );
        }
      }
      // An answer that never ends costs a whole timeout: one such answer is enough.
      if (failures.length >= MAX_FAILURES || replay.ending === 'timeout') break;
    }
    const ids = positions.map((position) => events[position]!.id!);
    if (failures.length > 0) {
      return fail(
        `${failures.length} of ${tried} re-attaches to the finished run ${run.runId} were wrong. ${failures.join('. ')}. ${ASKED}`,
      );
    }
    return pass(
      `${tried} re-attaches to the finished run (after ids ${ids.length <= 8 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')}, …, ${ids.at(-1)}`}) each answered exactly the events after their id`,
    );
  },
};

/** The position of the first event with each id (a duplicate id is event-ids' business). */
function firstPositions(events: readonly { id: string | undefined }[]): number[] {
  const seen = new Set<string>();
  const positions: number[] = [];
  events.forEach((event, i) => {
    if (event.id === undefined || seen.has(event.id)) return;
    seen.add(event.id);
    positions.push(i);
  });
  return positions;
}

/** `count` items spread evenly over `items`, the first and the last among them; all when there are fewer. */
function sample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)]!);
}
