import type { AssistantMessageState, ToolCallState } from '@toolstream/core';

/**
 * The calls of `message` nested under `callId`, at any depth, each once (a cycle in bad input
 * is cut). Lazy: a caller looking for one stops at the first it finds.
 */
export function* descendants(message: AssistantMessageState, callId: string): Generator<ToolCallState> {
  const seen = new Set<string>([callId]);
  // Keys come from the wire: only the message's own entries count.
  const childrenOf = (id: string) => (Object.hasOwn(message.children, id) ? message.children[id]! : []);
  const queue = [...childrenOf(callId)];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const call = Object.hasOwn(message.calls, id) ? message.calls[id] : undefined;
    if (call === undefined) continue;
    yield call;
    queue.push(...childrenOf(id));
  }
}
