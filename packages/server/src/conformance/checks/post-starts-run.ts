import { RUN_ID_HEADER } from '@toolstream/core';
import { runIdOf } from '../backend-client.js';
import { type ConformanceCheck, fail, pass } from '../check.js';
import { describeAnswer, describeRequest, mediaType } from '../describe.js';

/** `POST <endpoint>` answers 200, `text/event-stream` and `X-Run-Id` (PROTOCOL.md §5 rule 1). */
export const postStartsRun: ConformanceCheck = {
  name: 'post-starts-run',
  title: 'POST <endpoint> answers 200 text/event-stream with X-Run-Id',
  async run(context) {
    const recording = await context.reference();
    const sent = describeRequest(recording.request);
    const asked = `PROTOCOL.md §5 rule 1: a POST with a JSON body starts a run and answers 200 with content-type text/event-stream and the header ${RUN_ID_HEADER}.`;
    const head = recording.head;
    if (head === null) return fail(`${sent} ${describeAnswer(recording)}. ${asked}`);
    const problems: string[] = [];
    if (head.status !== 200) problems.push(`the status is ${head.status}, not 200`);
    const type = mediaType(head.headers.get('content-type'));
    if (type !== 'text/event-stream')
      problems.push(`the content-type is ${type || 'missing'}, not text/event-stream`);
    const runId = runIdOf(recording);
    if (runId === null) {
      problems.push(
        `there is no ${RUN_ID_HEADER} header, so a client whose connection drops cannot re-attach (rule 5: only a server that keeps no runs sends none, and it then follows none of §5)`,
      );
    }
    if (problems.length > 0)
      return fail(`${sent} ${describeAnswer(recording)}: ${problems.join('; ')}. ${asked}`);
    return pass(`${sent} answered 200 text/event-stream with ${RUN_ID_HEADER}: ${runId}`);
  },
};
