'use client';
import {
  type ChatMessage,
  type ChatMessageResponse,
  isRunActive,
  latestAnswer,
  type RunStatus,
  type SendInput,
  type ToolStreamError,
  type ToolStreamState,
  type ToolStreamStore,
} from '@toolstream/core';
import { useCallback, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import { ToolStreamContext } from './context.js';
import { useShallowSelector } from './shallow-equal.js';
import { type ToolCallView, toolCallView } from './tool-call-view.js';
import { type StoreSource, useOwnedStore } from './use-owned-store.js';

/** Options of {@link useToolCallStream}: the store's options, or a store to use. */
export type UseToolCallStreamOptions = StoreSource;

/** What {@link useToolCallStream} returns. */
export interface UseToolCallStreamResult {
  /** User and assistant messages, in order (each answer holds its parts, calls and end). */
  messages: readonly ChatMessage[];
  /**
   * The tool calls of the latest answer by id, in order of appearance (a `Map`, as in the
   * frontend guide's hook, with its field names). It holds one turn: a new turn starts empty,
   * since call ids may repeat from turn to turn; earlier turns' calls are on their `messages`.
   */
  toolCalls: ReadonlyMap<string, ToolCallView>;
  status: RunStatus;
  /** Whether a run is going on (connecting, streaming or reconnecting). */
  isStreaming: boolean;
  /** The error that ended the last run, if one did (it is also on that turn's `end`). */
  error: ToolStreamError | null;
  /** Sends a message and streams the answer (needs `endpoint` or `transport`). */
  send: (input: SendInput) => Promise<void>;
  /** Runs the last turn again in place (after a failure, a stop, a cut-off answer). */
  retry: () => Promise<void>;
  /** A new answer to the last user message; the current one stays as an earlier version. */
  regenerate: () => Promise<void>;
  /** Changes a user message, drops the turns after it and answers it again. */
  edit: (messageId: string, input: SendInput) => Promise<void>;
  /** Cancels the run, keeping what arrived. */
  stop: () => Promise<void>;
  /** Stops any run and clears the conversation. */
  reset: () => void;
  /**
   * Feeds one `ChatMessageResponse` (or any payload of the store's protocol) that you read
   * yourself, e.g. from an `EventSource`: the frontend guide's `processChunk`.
   */
  processChunk: (response: ChatMessageResponse | Record<string, unknown> | string) => void;
  /**
   * Begins a new turn of a stream you feed with `processChunk` (optionally with the user's
   * message), so that call ids the backend repeats start new calls.
   */
  startTurn: (userMessage?: string) => void;
  store: ToolStreamStore;
}

/**
 * The main hook. With an `endpoint` (or a `transport`) it owns a store and the transport: `send`
 * posts a message and the answer streams into `messages` and `toolCalls`. Without one it is a
 * drop-in for the frontend guide's hook: `const { toolCalls, processChunk } = useToolCallStream()`,
 * fed by your own `EventSource`. Inside a `ToolStreamProvider` (and given no `endpoint`,
 * `transport` or `store`) it uses the provider's store. Who stops what on unmount follows one
 * rule (see `useOwnedStore`): a store the hook created is released when it unmounts.
 *
 * @example
 * ```tsx
 * const { messages, status, send, stop, retry } = useToolCallStream({ endpoint: '/api/chat/stream' });
 * ```
 */
export function useToolCallStream(options: UseToolCallStreamOptions = {}): UseToolCallStreamResult {
  const fromContext = useContext(ToolStreamContext);
  const useContextStore =
    fromContext !== null &&
    options.store === undefined &&
    options.endpoint === undefined &&
    options.transport === undefined;
  const store = useOwnedStore(useContextStore ? { store: fromContext } : options);

  const { messages, status, error } = useStore(
    store,
    useShallowSelector((state: ToolStreamState) => ({
      messages: state.messages,
      status: state.status,
      error: state.error,
    })),
  );

  const answer = latestAnswer({ messages });
  const calls = answer?.calls;
  const callOrder = answer?.callOrder;
  const toolCalls = useMemo(() => {
    const map = new Map<string, ToolCallView>();
    if (calls !== undefined && callOrder !== undefined) {
      for (const id of callOrder) map.set(id, toolCallView(calls[id]!));
    }
    return map as ReadonlyMap<string, ToolCallView>;
  }, [calls, callOrder]);

  return {
    messages,
    toolCalls,
    status,
    isStreaming: isRunActive(status),
    error,
    send: useCallback((input: SendInput) => store.send(input), [store]),
    retry: useCallback(() => store.retry(), [store]),
    regenerate: useCallback(() => store.regenerate(), [store]),
    edit: useCallback((messageId: string, input: SendInput) => store.edit(messageId, input), [store]),
    stop: useCallback(() => store.stop(), [store]),
    reset: useCallback(() => store.reset(), [store]),
    processChunk: useCallback((response: unknown) => store.ingest(response), [store]),
    startTurn: useCallback((userMessage?: string) => store.startTurn(userMessage), [store]),
    store,
  };
}
