import { type AssistantMessageState, isAwaitingInput } from '@toolstream/core';

/**
 * Whether a call nested under `callId` (at any depth) waits for the person — an approval or a
 * question; a client tool runs by itself. Stops at the first one found; cycles in bad input are cut.
 */
export function waitsInside(message: AssistantMessageState, callId: string): boolean {
  const seen = new Set<string>([callId]);
  const childrenOf = (id: string) => (Object.hasOwn(message.children, id) ? message.children[id]! : []);
  const queue = [...childrenOf(callId)];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const call = Object.hasOwn(message.calls, id) ? message.calls[id] : undefined;
    if (call === undefined) continue;
    if (
      call.input !== null &&
      call.input.kind !== 'client' &&
      call.input.answer === null &&
      isAwaitingInput(call.status)
    )
      return true;
    queue.push(...childrenOf(id));
  }
  return false;
}
