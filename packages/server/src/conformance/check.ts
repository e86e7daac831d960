import type { ConformanceContext } from './conformance-context.js';

/** The checks of the conformance suite, in the order they run and are reported. */
export const CHECK_NAMES = [
  'post-starts-run',
  'stream-ends',
  'event-ids',
  'frames-valid',
  'replay-from-start',
  'replay-after-id',
  'resume-after-cut',
  'unknown-run-get',
  'delete-ends-run',
  'unknown-run-delete',
  'cors-preflight-post',
  'cors-preflight-get',
  'cors-preflight-delete',
  'cors-expose-run-id',
] as const;

/** A check's stable name (see {@link CHECK_NAMES}). */
export type CheckName = (typeof CHECK_NAMES)[number];

/** `skip`: the check could not be judged (its precondition failed, or the backend offers no such thing). */
export type CheckStatus = 'pass' | 'fail' | 'skip';

/** The outcome of one check. */
export interface CheckResult {
  name: CheckName;
  /** What the check asserts, in a sentence. */
  title: string;
  status: CheckStatus;
  /**
   * What was sent and what came back. On a failure also what PROTOCOL.md asks; on a skip why it
   * could not be judged and, where one helps, what to change.
   */
  detail: string;
}

/** What a check function returns: its status and detail. */
export type Verdict = Pick<CheckResult, 'status' | 'detail'>;

/** The rule holds; `detail` says what showed it. */
export const pass = (detail: string): Verdict => ({ status: 'pass', detail });
/** The rule is broken; `detail` says what was sent, what came back and what PROTOCOL.md asks. */
export const fail = (detail: string): Verdict => ({ status: 'fail', detail });
/** The rule could not be judged; `detail` says why, and what to change where that helps. */
export const skip = (detail: string): Verdict => ({ status: 'skip', detail });

/** One check of the suite: its name, what it asserts, and how it is judged. */
export interface ConformanceCheck {
  name: CheckName;
  title: string;
  run(context: ConformanceContext): Promise<Verdict>;
}
