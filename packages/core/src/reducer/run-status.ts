import type { RunStatus } from './state.js';

/**
 * Whether a run in this status becomes `streaming` when content arrives: one that is idle,
 * connecting or reconnecting. (A run that ended stays ended; a late frame does not revive it.)
 */
export function awaitsContent(status: RunStatus): boolean {
  return status === 'idle' || status === 'connecting' || status === 'reconnecting';
}
