import type { AwaitKind, DelegationRef } from './pending-input.js';

/** What the person (or the browser) answered a waiting call, as checked against what was asked. */
export type GivenAnswer =
  | { type: 'approve' }
  | { type: 'deny'; reason: string | null }
  | { type: 'output'; output: unknown }
  | { type: 'error'; error: string }
  | { type: 'value'; value: unknown };

/** One checked answer: the call it answers, as the run that asked made it, and the answer. */
export interface ContinuationAnswer {
  /** The call's id: write its result on it (`writer.resumeCall(answer)`). */
  id: string;
  /** The tool's name. */
  name: string;
  kind: AwaitKind;
  /**
   * The arguments to run the call with: the person's edited ones when they changed them (an
   * editable approval), else those the call was made with.
   */
  args: Record<string, unknown>;
  /** The person changed the arguments before approving. */
  edited: boolean;
  /** The delegation the call was made in (`writer.resumeDelegation`), or `null`. */
  delegation: DelegationRef | null;
  answer: GivenAnswer;
}

/**
 * A checked continuation (PROTOCOL.md §11): every call the run asked about, answered once, by
 * the user the run belongs to. The handler hands it to `start`, which runs the approved calls and
 * writes their results on the same call ids.
 */
export interface RunContinuation {
  /** The run that asked. */
  runId: string;
  /** One per call the run waited on, in the order they were made. */
  answers: ContinuationAnswer[];
  /** What the agent kept with `writer.checkpoint`, or `null`. */
  state: unknown;
}

/** Why a continuation is refused: the HTTP status, a stable code, and words for a person. */
export interface ContinuationRefusal {
  status: 400 | 403 | 404 | 409 | 422;
  code: ContinuationRefusalCode;
  message: string;
}

/** The stable codes of a refused continuation (`{"error": {"code"}}`). */
export type ContinuationRefusalCode =
  /** 400: `continue` is not `{run_id, answers: [{call_id, …}]}`, or an answer has no one form. */
  | 'bad-continuation'
  /** 404: no run of that id waits for answers (never asked, or its asks expired). */
  | 'not-waiting'
  /** 409: another continuation answered the run already. */
  | 'already-answered'
  /** 403: the run belongs to someone else (`identify`/`authorize`). */
  | 'forbidden'
  /** 422: an answer names a call the run did not ask about. */
  | 'unexpected-answer'
  /** 422: one call answered twice in the request. */
  | 'duplicate-answer'
  /** 422: a call the run asked about has no answer. */
  | 'missing-answer'
  /** 422: an answer of the wrong kind (an approval for a browser tool…). */
  | 'wrong-answer-kind'
  /** 422: arguments edited on an approval that does not allow it. */
  | 'arguments-not-editable';
