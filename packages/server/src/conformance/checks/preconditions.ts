import { runIdOf } from '../backend-client.js';
import { skip, type Verdict } from '../check.js';
import type { ConformanceContext } from '../conformance-context.js';
import { describeAnswer, isEventStream } from '../describe.js';
import type { StreamRecording } from '../sse-session.js';

/** The first run, when it can be replayed: it was named, streamed, held events and ended. */
export interface FinishedRun {
  recording: StreamRecording;
  runId: string;
}

/** The first run if the replay checks can use it, else the skip that says why not. */
export async function finishedReference(context: ConformanceContext): Promise<FinishedRun | Verdict> {
  const recording = await context.reference();
  if (!isEventStream(recording)) {
    return skip(
      `Needs the first run's event stream; its POST ${describeAnswer(recording)} (see post-starts-run).`,
    );
  }
  const runId = runIdOf(recording);
  if (runId === null) return skip('Needs a run id; the POST answered no X-Run-Id (see post-starts-run).');
  if (recording.ending !== 'end' || recording.events.length === 0) {
    return skip(
      `Needs a finished run with events; the first run's POST ${describeAnswer(recording)} (see stream-ends).`,
    );
  }
  return { recording, runId };
}

/** Whether a precondition gave a verdict instead of a run. */
export function isVerdict(value: FinishedRun | Verdict): value is Verdict {
  return 'status' in value;
}
