import type { StoredRunStatus } from '../store/run-store.js';

/** Why a run's `signal` aborted. */
export type RunEndReason =
  /** `DELETE` on any instance. */
  | 'cancelled'
  /** It ran longer than `maxDurationMs`, or than the store keeps a running run. */
  | 'time-limit'
  /** The server is shutting down (`handler.close()`). */
  | 'shutdown'
  /** Its only client went away, on a handler that does not keep runs (`resumable: false`). */
  | 'client-closed'
  /** The run ended some other way: the writer's `error()`, a store that lost it. */
  | 'ended';

/** The reason a run's `signal` carries when it aborts. */
export class RunEndedError extends Error {
  readonly reason: RunEndReason;

  constructor(reason: RunEndReason, message: string) {
    super(message);
    this.name = 'RunEndedError';
    this.reason = reason;
  }
}

/** The abort reason for a run another hand ended with `status`. */
export function endedBy(status: StoredRunStatus | 'unknown'): RunEndedError {
  return status === 'cancelled'
    ? new RunEndedError('cancelled', 'The run was cancelled.')
    : new RunEndedError('ended', `The run ended (${status}).`);
}
