import type { ChatMessage, ToolCall, ToolStreamError, ToolStreamState } from '@toolstream/core';
import { useCallback, useSyncExternalStore } from 'react';
import { callSubscriptions } from './call-subscriptions.js';
import { useShallowSelector } from './shallow-equal.js';
import { type StoreHookOptions, useResolvedStore, useToolStreamState } from './use-tool-stream-state.js';

const NO_IDS: readonly string[] = Object.freeze([]);

/** One tool call, re-rendering only when that call changes. `undefined` until it appears. */
export function useToolCall(callId: string, options?: StoreHookOptions): ToolCall | undefined {
  return useCallSelection('useToolCall', callId, identity, options?.store);
}

const identity = <T>(value: T): T => value;

/**
 * A slice of one tool call (`undefined` until the call appears), re-rendering only when the
 * slice changes — `Object.is`, or shallowly with `shallow` for a selector that builds an object.
 * The selector runs only after updates that changed this call, so a page can hold hundreds of
 * these (one per part of each call shown) at little cost per frame.
 *
 * @example
 * ```tsx
 * function CallStatus({ callId }: { callId: string }) {
 *   // Does not re-render as the call's output streams; only when its status changes.
 *   const status = useToolCallSelector(callId, (call) => call?.status ?? 'pending');
 *   return <span>{status}</span>;
 * }
 * ```
 */
export function useToolCallSelector<T>(
  callId: string,
  selector: (call: ToolCall | undefined) => T,
  options: StoreHookOptions & { shallow?: boolean } = {},
): T {
  const shallowSelector = useShallowSelector(selector);
  return useCallSelection(
    'useToolCallSelector',
    callId,
    options.shallow === true ? shallowSelector : selector,
    options.store,
  );
}

function useCallSelection<T>(
  hookName: string,
  callId: string,
  select: (call: ToolCall | undefined) => T,
  explicitStore: StoreHookOptions['store'],
): T {
  const store = useResolvedStore(hookName, explicitStore);
  const subscribe = useCallback(
    (listener: () => void) => callSubscriptions(store).subscribe(callId, listener),
    [store, callId],
  );
  return useSyncExternalStore(
    subscribe,
    () => select(store.getState().calls[callId]),
    // As zustand's hooks do: the server renders the store's initial state, and so does hydration.
    () => select(store.getInitialState().calls[callId]),
  );
}

/** Ids of the top-level calls (`parentId === null`) in order of appearance. */
function topLevelIds(state: ToolStreamState): readonly string[] {
  const ids: string[] = [];
  for (const id of state.callOrder) if (state.calls[id]!.parentId === null) ids.push(id);
  return ids;
}

/**
 * Ids of the calls nested under a delegation, in order of appearance (`null`: the top-level
 * calls). Re-renders only when that list changes, not when one of the calls does: render each
 * id with a component that calls {@link useToolCall}.
 */
export function useChildCalls(parentId: string | null, options?: StoreHookOptions): readonly string[] {
  return useToolStreamState(
    (state) => (parentId === null ? topLevelIds(state) : (state.children[parentId] ?? NO_IDS)),
    { ...options, shallow: parentId === null },
  );
}

/** One message by id, re-rendering only when it changes. */
export function useMessage(messageId: string, options?: StoreHookOptions): ChatMessage | undefined {
  return useToolStreamState((state) => state.messages.find((message) => message.id === messageId), options);
}

/** Ids of all messages, in order; changes only when a message is added or removed. */
export function useMessageIds(options?: StoreHookOptions): readonly string[] {
  return useToolStreamState((state) => state.messages.map((message) => message.id), {
    ...options,
    shallow: true,
  });
}

/** The run's status and its fatal error; re-renders only when either changes. */
export function useStreamStatus(options?: StoreHookOptions): {
  status: ToolStreamState['status'];
  error: ToolStreamError | null;
  isStreaming: boolean;
} {
  return useToolStreamState(
    (state) => ({ status: state.status, error: state.error, isStreaming: isActive(state.status) }),
    { ...options, shallow: true },
  );
}

/** Whether a run is going on (connecting, streaming or reconnecting). */
export function isActive(status: ToolStreamState['status']): boolean {
  return status === 'connecting' || status === 'streaming' || status === 'reconnecting';
}
