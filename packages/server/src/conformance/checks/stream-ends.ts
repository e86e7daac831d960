import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { describeAnswer, describeRequest, isEventStream } from '../describe.js';

/** The first run's stream holds events and ends within the timeout. */
export const streamEnds: ConformanceCheck = {
  name: 'stream-ends',
  title: 'The POST stream carries the run and ends by itself',
  async run(context) {
    const recording = await context.reference();
    const sent = describeRequest(recording.request);
    if (!isEventStream(recording)) {
      return skip(`No event stream to read: ${sent} ${describeAnswer(recording)} (see post-starts-run).`);
    }
    const count = recording.events.length;
    const last = recording.events.at(-1);
    switch (recording.ending) {
      case 'timeout':
        return fail(
          `${sent} ${describeAnswer(recording)}${last?.id === undefined ? '' : ` (the last id ${last.id})`}. A run must end: the server closes the body after the run's last event (PROTOCOL.md §2: a clean end of the body, with an optional "event: done" before it, completes the run). If your runs take longer, raise the timeout (timeoutMs, --timeout).`,
        );
      case 'error':
        return fail(
          `${sent} ${describeAnswer(recording)}. The connection must not break: a client takes a broken stream for a drop and re-attaches (PROTOCOL.md §5).`,
        );
      default:
        if (count === 0) {
          return fail(
            `${sent} answered an event stream that ended without a single event. A run answers its message with events (PROTOCOL.md §2), and the other checks need some to check ids, replay and re-attaching.`,
          );
        }
        return pass(
          `${count} event${count === 1 ? '' : 's'} in ${recording.elapsedMs} ms, then the body ended`,
        );
    }
  },
};
