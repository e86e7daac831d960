import type { FrameInput, RunEnding } from '../store/run-store.js';

/** An `event: error` frame, as the client reads it (PROTOCOL.md §2: a fatal server error). */
export function errorFrame(message: string, code: string): FrameInput {
  return { event: 'error', data: JSON.stringify({ message, code }) };
}

/** A run that finished: `event: done`. */
export const DONE: RunEnding = { status: 'done', frame: { event: 'done', data: '' } };

/** A run cancelled with `DELETE`: readers other than the canceller are told it will not go on. */
export const CANCELLED: RunEnding = {
  status: 'cancelled',
  frame: errorFrame('The run was cancelled.', 'run-cancelled'),
};

/** A run that failed, with what the client shows. */
export function failed(message: string, code: string): RunEnding {
  return { status: 'failed', frame: errorFrame(message, code) };
}
