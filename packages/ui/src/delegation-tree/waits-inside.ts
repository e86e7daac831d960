import { type AssistantMessageState, isAwaitingInput } from '@toolstream/core';
import { descendants } from './descendants.js';

/**
 * Whether a call nested under `callId` (at any depth) waits for the person — an approval or a
 * question; a client tool runs by itself. Stops at the first one found.
 */
export function waitsInside(message: AssistantMessageState, callId: string): boolean {
  for (const call of descendants(message, callId)) {
    if (
      call.input !== null &&
      call.input.kind !== 'client' &&
      call.input.answer === null &&
      isAwaitingInput(call.status)
    )
      return true;
  }
  return false;
}
