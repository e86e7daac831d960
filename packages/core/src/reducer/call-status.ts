import type { CallStatus, ToolCallState } from './state.js';

/** Works out a call's status from its phases, for a call whose run is still going. */
export function liveStatus(call: ToolCallState): CallStatus {
  if (call.error !== null) return 'error';
  const latest = call.result ?? call.call;
  if (!latest.complete) return latest.streamed || latest.text !== '' ? 'streaming' : 'pending';
  return call.result === null ? 'running' : 'complete';
}

/** Whether a call in this status can still change (its run has not closed it). */
export function isCallOpen(status: CallStatus): boolean {
  return status === 'pending' || status === 'streaming' || status === 'running';
}
