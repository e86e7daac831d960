import type { AssistantMessageState } from '@toolstream/core';

/**
 * How a list shows one call: `group` (a plain tool call finished without trouble, which may be
 * folded with its neighbours), `tree` (a delegation, or any call with calls nested under it: a
 * section), `call` (a row), or `missing` (not in the answer yet).
 */
export type CallShape = 'group' | 'tree' | 'call' | 'missing';

/**
 * The shape of call `id` of `message`. A list reads all its calls' shapes in one selector, so a
 * call needs no subscription of its own to know whether it is a row or a section.
 */
export function callShape(
  message: AssistantMessageState,
  id: string,
  renderers: Readonly<Record<string, unknown>>,
): CallShape {
  const call = Object.hasOwn(message.calls, id) ? message.calls[id] : undefined;
  if (call === undefined) return 'missing';
  if (call.kind === 'delegation' || Object.hasOwn(message.children, id)) return 'tree';
  return call.status === 'complete' && !Object.hasOwn(renderers, call.toolName) ? 'group' : 'call';
}
