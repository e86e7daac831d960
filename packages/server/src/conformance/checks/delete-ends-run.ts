import { runIdOf } from '../backend-client.js';
import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import { type ConformanceContext, RUN_INDEX } from '../conformance-context.js';
import { describeAnswer, describeRequest, isEventStream, LONGER_RUN_HINT } from '../describe.js';
import type { SseEvent, StreamRecording } from '../sse-session.js';

/** A run cancelled with `DELETE` as soon as its POST was answered, and what followed. */
export interface CancelRun {
  /** The run's POST stream, read until it ended (or the cancel bound passed). */
  post: StreamRecording;
  runId: string | null;
  /** Whether the POST stream had already ended when the DELETE was sent. */
  endedBeforeDelete: boolean;
  /** Events the POST stream had brought when the DELETE was sent. */
  eventsBeforeDelete: number;
  /** The DELETE's answer; `null` when there was no run to delete. */
  deleted: StreamRecording | null;
  /** `GET <endpoint>/<runId>` after the DELETE was answered 204. */
  reattach: StreamRecording | null;
}

/**
 * Starts the run the cancel check looks at and sends `DELETE` the moment the POST is answered,
 * while the POST stream is read on. The POST carries `Origin`, so the CORS checks read its answer.
 */
export async function startCancelRun(context: ConformanceContext): Promise<CancelRun> {
  const { client, settings } = context;
  const session = client.start(settings.body(RUN_INDEX.cancel, 'cancel'), { origin: settings.origin });
  const head = await session.head;
  const runId = head === null ? null : runIdOf({ head });
  if (runId === null || head === null || head.status < 200 || head.status > 299) {
    session.cut(); // nothing to cancel by id: closing is all a client can do
    const post = await session.done;
    return { post, runId, endedBeforeDelete: false, eventsBeforeDelete: 0, deleted: null, reattach: null };
  }
  const endedBeforeDelete = session.ended;
  const eventsBeforeDelete = session.events.length;
  const deleted = await client.cancel(runId);
  // From the DELETE's answer on, the run's streams have a short while to end.
  session.endWithin(settings.cancelWithinMs);
  const post = await session.done;
  const reattach =
    deleted.head?.status === 204 ? await client.reattach(runId, null, settings.cancelWithinMs).done : null;
  return { post, runId, endedBeforeDelete, eventsBeforeDelete, deleted, reattach };
}

/** `DELETE <endpoint>/<runId>` on a running run answers 204, and the run's streams end (§5 rule 4). */
export const deleteEndsRun: ConformanceCheck = {
  name: 'delete-ends-run',
  title: 'DELETE <endpoint>/<runId> on a running run answers 204 and ends the run',
  async run(context) {
    const outcome = await context.cancelRun();
    const { post, runId, deleted } = outcome;
    if (!isEventStream(post) || runId === null || deleted === null) {
      return skip(
        `No run to cancel: ${describeRequest(post.request)} ${describeAnswer(post)}${runId === null ? ' without X-Run-Id' : ''} (see post-starts-run).`,
      );
    }
    if (outcome.endedBeforeDelete) {
      return skip(
        `The run ${runId} had ended (${outcome.eventsBeforeDelete} events) before the DELETE could be sent: there was nothing left to cancel. ${LONGER_RUN_HINT}`,
      );
    }
    const within = context.settings.cancelWithinMs;
    const sent = describeRequest(deleted.request);
    const when = `sent after ${outcome.eventsBeforeDelete} event${outcome.eventsBeforeDelete === 1 ? '' : 's'} of the run`;
    const asked = `PROTOCOL.md §5 rule 4: DELETE cancels the run and answers 204 (404 only for a run it does not know); the run stops, and its streams end.`;
    const ranToEnd = await ranToItsEnd(context);
    const status = deleted.head?.status;

    if (status !== 204) {
      if ((status === 404 || status === 410) && post.ending === 'end' && ranToEnd(post)) {
        return skip(
          `${sent} (${when}) ${describeAnswer(deleted)}, and the POST stream went on to the run's end (${post.events.length} events): it finished before the DELETE arrived. ${LONGER_RUN_HINT}`,
        );
      }
      return fail(`${sent} (${when}, while its POST stream was open) ${describeAnswer(deleted)}. ${asked}`);
    }

    const afterDelete = post.events.length - outcome.eventsBeforeDelete;
    if (post.ending === 'timeout') {
      return fail(
        `${sent} (${when}) answered 204, but the POST stream was still open ${within} ms later, with ${afterDelete} more event${afterDelete === 1 ? '' : 's'}: the run went on. ${asked}`,
      );
    }
    if (ranToEnd(post)) {
      return skip(
        `${sent} (${when}) answered 204, and the POST stream then went on to the run's end (${post.events.length} events, ending as the first run did): either the run finished before the DELETE arrived, or the DELETE did not stop it. ${LONGER_RUN_HINT}`,
      );
    }
    const reattach = outcome.reattach!;
    const reattached = `${describeRequest(reattach.request)} after it ${describeAnswer(reattach)}`;
    const gone = reattach.head?.status === 404 || reattach.head?.status === 410;
    if (!gone) {
      if (!isEventStream(reattach) || reattach.ending !== 'end') {
        return fail(
          `${sent} (${when}) answered 204 and the POST stream ended, but ${reattached}${reattach.ending === 'timeout' ? ': the run went on' : ''}. ${asked} A re-attach to a cancelled run answers 404 (or 410), or the events it had, and then ends.`,
        );
      }
      if (ranToEnd(reattach)) {
        return skip(
          `${sent} (${when}) answered 204, yet ${reattached}, ending as the first run did: either the run finished before the DELETE arrived, or the DELETE did not stop it. ${LONGER_RUN_HINT}`,
        );
      }
    }
    return pass(
      `${sent} (${when}) answered 204; the POST stream ended ${Math.max(0, Math.round(post.endedAt - deleted.endedAt))} ms later and ${describeRequest(reattach.request)} then answered ${gone ? reattach.head!.status : `${reattach.events.length} events and ended`}`,
    );
  },
};

/**
 * Tells whether a stream shows its run ran to its end: it ends with the run's end signal
 * (`event: done` or `data: [DONE]`) when the first run ended with one, else it holds as many
 * events as the first run. A cancelled run that shows that either finished before the cancel or
 * was not stopped, and the suite cannot tell which.
 */
async function ranToItsEnd(context: ConformanceContext): Promise<(recording: StreamRecording) => boolean> {
  const reference = await context.reference();
  const endSignal = (events: readonly SseEvent[]) => {
    const last = events.at(-1);
    return last !== undefined && (last.event === 'done' || last.data.trim() === '[DONE]');
  };
  if (reference.ending === 'end' && endSignal(reference.events))
    return (recording) => endSignal(recording.events);
  const complete = reference.ending === 'end' ? reference.events.length : Number.POSITIVE_INFINITY;
  return (recording) => complete > 0 && recording.events.length >= complete;
}
