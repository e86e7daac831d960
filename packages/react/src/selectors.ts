'use client';
import {
  type AssistantMessageState,
  type ChatMessage,
  findCall,
  findMessage,
  isRunActive,
  latestAnswer,
  type ToolCallState,
  type ToolStreamError,
  type ToolStreamState,
} from '@toolstream/core';
import { useCallback, useSyncExternalStore } from 'react';
import { callSubscriptions } from './call-subscriptions.js';
import { useShallowSelector } from './shallow-equal.js';
import { type StoreHookOptions, useResolvedStore, useToolStreamState } from './use-tool-stream-state.js';

const NO_IDS: readonly string[] = Object.freeze([]);

/**
 * One tool call of one turn — calls are addressed by the answer they belong to and their id,
 * since ids repeat across turns — re-rendering only when that call changes. `undefined` until it
 * appears.
 */
export function useToolCall(
  messageId: string,
  callId: string,
  options?: StoreHookOptions,
): ToolCallState | undefined {
  return useCallSelection('useToolCall', messageId, callId, identity, options?.store);
}

const identity = <T>(value: T): T => value;

/**
 * A slice of one tool call (`undefined` until the call appears), re-rendering only when the
 * slice changes — `Object.is`, or shallowly with `shallow` for a selector that builds an object.
 * The selector runs only after updates that changed this call, so a page can hold hundreds of
 * these at little cost per frame.
 *
 * @example
 * ```tsx
 * function CallStatus({ messageId, callId }: { messageId: string; callId: string }) {
 *   // Does not re-render as the call's output streams; only when its status changes.
 *   const status = useToolCallSelector(messageId, callId, (call) => call?.status ?? 'pending');
 *   return <span>{status}</span>;
 * }
 * ```
 */
export function useToolCallSelector<T>(
  messageId: string,
  callId: string,
  selector: (call: ToolCallState | undefined) => T,
  options: StoreHookOptions & { shallow?: boolean } = {},
): T {
  const shallowSelector = useShallowSelector(selector);
  return useCallSelection(
    'useToolCallSelector',
    messageId,
    callId,
    options.shallow === true ? shallowSelector : selector,
    options.store,
  );
}

function useCallSelection<T>(
  hookName: string,
  messageId: string,
  callId: string,
  select: (call: ToolCallState | undefined) => T,
  explicitStore: StoreHookOptions['store'],
): T {
  const store = useResolvedStore(hookName, explicitStore);
  const subscribe = useCallback(
    (listener: () => void) => callSubscriptions(store).subscribe(messageId, callId, listener),
    [store, messageId, callId],
  );
  return useSyncExternalStore(
    subscribe,
    () => select(findCall(store.getState(), messageId, callId)),
    // As zustand's hooks do: the server renders the store's initial state, and so does hydration.
    () => select(findCall(store.getInitialState(), messageId, callId)),
  );
}

/** Ids of the top-level calls of an answer, in order of appearance. */
function topLevelIds(message: AssistantMessageState): string[] {
  const ids: string[] = [];
  for (const id of message.callOrder) if (message.calls[id]!.parentId === null) ids.push(id);
  return ids;
}

/**
 * Ids of the calls of answer `messageId` nested under delegation `parentId`, in order of
 * appearance (`null`: the answer's top-level calls). Re-renders only when that list changes,
 * not when one of the calls does: render each id with a component that calls
 * {@link useToolCall}.
 */
export function useChildCalls(
  messageId: string,
  parentId: string | null,
  options?: StoreHookOptions,
): readonly string[] {
  return useToolStreamState(
    (state) => {
      const message = findMessage(state, messageId);
      if (message?.role !== 'assistant') return NO_IDS;
      if (parentId === null) return topLevelIds(message);
      return Object.hasOwn(message.children, parentId) ? message.children[parentId]! : NO_IDS;
    },
    { ...options, shallow: parentId === null },
  );
}

/** One message by id (an earlier version of an answer too), re-rendering only when it changes. */
export function useMessage(messageId: string, options?: StoreHookOptions): ChatMessage | undefined {
  return useToolStreamState((state) => findMessage(state, messageId), options);
}

/** Ids of all messages, in order; changes only when a message is added or removed. */
export function useMessageIds(options?: StoreHookOptions): readonly string[] {
  return useToolStreamState((state) => state.messages.map((message) => message.id), {
    ...options,
    shallow: true,
  });
}

/** The id of the latest answer (the current turn's, while one runs), or `null` before the first. */
export function useLatestAnswerId(options?: StoreHookOptions): string | null {
  return useToolStreamState((state) => latestAnswer(state)?.id ?? null, options);
}

/** The run's status and the error that ended it; re-renders only when either changes. */
export function useStreamStatus(options?: StoreHookOptions): {
  status: ToolStreamState['status'];
  error: ToolStreamError | null;
  isStreaming: boolean;
} {
  return useToolStreamState(
    (state) => ({ status: state.status, error: state.error, isStreaming: isRunActive(state.status) }),
    { ...options, shallow: true },
  );
}
