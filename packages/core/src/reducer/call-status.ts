import type { CallStatus, ToolCallState } from './state.js';

/** Works out a call's status from its phases and its answer, for a call whose run is still going. */
export function liveStatus(call: ToolCallState): CallStatus {
  const input = call.input;
  if (input !== null) {
    const answer = input.answer;
    if (answer === null) return input.kind === 'client' ? 'awaiting-result' : 'awaiting-input';
    if (answer.type === 'deny') return 'denied';
  }
  if (call.error !== null) return 'error';
  const latest = call.result ?? call.call;
  if (!latest.complete) return latest.streamed || latest.text !== '' ? 'streaming' : 'pending';
  return call.result === null ? 'running' : 'complete';
}

/** Whether a call in this status can still change (its run has not closed it). */
export function isCallOpen(status: CallStatus): boolean {
  return status === 'pending' || status === 'streaming' || status === 'running';
}

/** Whether a call waits for an answer (from the person or the browser) that it has not had. */
export function isAwaitingInput(status: CallStatus): boolean {
  return status === 'awaiting-input' || status === 'awaiting-result';
}
