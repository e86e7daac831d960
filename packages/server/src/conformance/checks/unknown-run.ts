import { type ConformanceCheck, fail, pass } from '../check.js';
import { describeAnswer, describeRequest } from '../describe.js';

/** An id no backend has made: long, random, and saying where it comes from. */
function unknownRunId(): string {
  return `conformance-unknown-${crypto.randomUUID()}`;
}

/** `GET <endpoint>/<unknown>` answers 404 or 410 (PROTOCOL.md §5 rule 3). */
export const unknownRunGet: ConformanceCheck = {
  name: 'unknown-run-get',
  title: 'GET <endpoint>/<unknown run> answers 404 (or 410)',
  async run(context) {
    const answer = await context.client.peek(unknownRunId());
    const sent = describeRequest(answer.request);
    const status = answer.head?.status;
    if (status === 404 || status === 410) return pass(`${sent} answered ${status}`);
    return fail(
      `${sent} ${describeAnswer(answer)}. PROTOCOL.md §5 rule 3: an unknown or expired run answers 404 (or 410), so that a client re-attaching to it stops (resume-failed) instead of waiting on a stream that can never hold its run.`,
    );
  },
};

/** `DELETE <endpoint>/<unknown>` answers 404 (PROTOCOL.md §5 rule 4). */
export const unknownRunDelete: ConformanceCheck = {
  name: 'unknown-run-delete',
  title: 'DELETE <endpoint>/<unknown run> answers 404',
  async run(context) {
    const answer = await context.client.cancel(unknownRunId());
    const sent = describeRequest(answer.request);
    if (answer.head?.status === 404) return pass(`${sent} answered 404`);
    return fail(
      `${sent} ${describeAnswer(answer)}. PROTOCOL.md §5 rule 4: DELETE answers 404 for a run it does not know.`,
    );
  },
};
