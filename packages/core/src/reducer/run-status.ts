import type { RunStatus } from './state.js';

/** Whether a run is going on (connecting, streaming or reconnecting). */
export function isRunActive(status: RunStatus): boolean {
  return status === 'connecting' || status === 'streaming' || status === 'reconnecting';
}
