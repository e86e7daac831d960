import { type ConformanceCheck, fail, pass } from '../check.js';
import { describeAnswer, describeRequest, eventDifference, idList, isEventStream } from '../describe.js';
import { finishedReference, isVerdict } from './preconditions.js';

const ASKED =
  'PROTOCOL.md §5 rule 3: GET <endpoint>/<runId> without Last-Event-ID sends the run from the start (the same events: ids, names and data), and does not start it again.';

/** `GET <endpoint>/<runId>` without `Last-Event-ID` replays the finished first run exactly. */
export const replayFromStart: ConformanceCheck = {
  name: 'replay-from-start',
  title: 'GET <endpoint>/<runId> without Last-Event-ID replays the run exactly',
  async run(context) {
    const run = await finishedReference(context);
    if (isVerdict(run)) return run;
    const replay = await context.client.reattach(run.runId, null).done;
    const sent = describeRequest(replay.request);
    if (!isEventStream(replay) || replay.ending !== 'end') {
      return fail(`${sent} ${describeAnswer(replay)}. ${ASKED}`);
    }
    const difference = eventDifference(run.recording.events, replay.events);
    if (difference !== null) {
      return fail(
        `${sent} ${describeAnswer(replay)}; the POST had sent ${run.recording.events.length} (ids ${idList(run.recording.events)}): ${difference}. ${ASKED}`,
      );
    }
    return pass(`${sent} answered the same ${replay.events.length} events and ended`);
  },
};
