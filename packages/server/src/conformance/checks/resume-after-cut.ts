import { runIdOf } from '../backend-client.js';
import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { RUN_INDEX } from '../conformance-context.js';
import {
  describeAnswer,
  describeEvent,
  describeRequest,
  eventDifference,
  isEventStream,
  LONGER_RUN_HINT,
  sameEvent,
} from '../describe.js';
import { finishedReference, isVerdict } from './preconditions.js';

const ASKED =
  'PROTOCOL.md §5 rules 3 and 5: a run goes on when its client goes away, and GET <endpoint>/<runId> with Last-Event-ID sends the rest of it — what was produced meanwhile, then live events — without starting it again.';

/**
 * A run whose POST connection is closed midway, then re-attached with `Last-Event-ID`, yields the
 * rest: what arrived before the cut and what the re-attach sends are the whole run, once each.
 */
export const resumeAfterCut: ConformanceCheck = {
  name: 'resume-after-cut',
  title: 'A run cut mid-stream and re-attached with Last-Event-ID yields exactly the rest',
  async run(context) {
    const reference = await finishedReference(context);
    if (isVerdict(reference)) return reference;
    const length = reference.recording.events.length;
    if (length < 2)
      return skip(`The first run had ${length} event: there is no middle to cut it in. ${LONGER_RUN_HINT}`);
    // The middle of a run as long as the first: far enough from both ends to be mid-run.
    const cutAfter = Math.floor(length / 2);

    const post = await context.client.start(context.settings.body(RUN_INDEX.cut, 'cut'), {
      cutAfterEvents: cutAfter,
    }).done;
    const runId = runIdOf(post);
    if (!isEventStream(post) || runId === null) {
      return skip(
        `The second run could not be started: ${describeRequest(post.request)} ${describeAnswer(post)} (see post-starts-run).`,
      );
    }
    if (post.ending !== 'cut') {
      return skip(
        `The second run was to be cut after ${cutAfter} of the first run's ${length} events, but its POST ${describeAnswer(post)}. ${LONGER_RUN_HINT}`,
      );
    }
    // What a client has applied: the events up to the last one with an id (anything after it would come again).
    const lastWithId = post.events.findLastIndex((event) => event.id !== undefined);
    if (lastWithId === -1) return skip('No event before the cut had an id to resume after (see event-ids).');
    const received = post.events.slice(0, lastWithId + 1);
    const lastId = received.at(-1)!.id!;
    const cut = `The POST of run ${runId} was closed after ${received.length} events (the last id ${lastId})`;

    const rest = await context.client.reattach(runId, lastId).done;
    const sent = describeRequest(rest.request);
    if (!isEventStream(rest) || rest.ending !== 'end') {
      return fail(`${cut}; then ${sent} ${describeAnswer(rest)}. ${ASKED}`);
    }
    if (rest.events.length > 0 && sameEvent(rest.events[0]!, received[0]!)) {
      return fail(
        `${cut}; then ${sent} ${describeAnswer(rest)}: it began again with the run's first event, ${describeEvent(received[0]!)}, as if it ignored Last-Event-ID or started the run again. ${ASKED}`,
      );
    }

    // The whole run, to tell what the rest should have been (the run has ended: its replay is final).
    const whole = await context.client.reattach(runId, null).done;
    const wholeSent = describeRequest(whole.request);
    if (whole.head?.status === 404 || whole.head?.status === 410) {
      return fail(
        `${cut}; ${sent} ${describeAnswer(rest)}, and then ${wholeSent} answered ${whole.head.status}: the run was dropped when its client went away (the first run, whose client stayed, could be replayed). ${ASKED}`,
      );
    }
    const prefix = whole.events.slice(0, received.length);
    if (!isEventStream(whole) || whole.ending !== 'end' || eventDifference(received, prefix) !== null) {
      return skip(
        `${cut}; ${sent} ${describeAnswer(rest)}. Whether that is the whole rest cannot be judged: the run's replay from the start (${wholeSent}) ${describeAnswer(whole)} and does not begin with what the POST sent (see replay-from-start).`,
      );
    }
    const expected = whole.events.slice(received.length);
    const difference = eventDifference(expected, rest.events, received);
    if (difference !== null) {
      return fail(
        `${cut}; then ${sent} ${describeAnswer(rest)}, while the whole run (as replayed from the start) has ${whole.events.length} events: ${difference}. ${ASKED}`,
      );
    }
    return pass(
      `${cut}; ${sent} answered the other ${rest.events.length}, and together they are the whole run of ${whole.events.length} events, once each`,
    );
  },
};
