import {
  type ChatMessage,
  type ChatMessageResponse,
  createToolStreamStore,
  type RunStatus,
  type SendInput,
  type ToolStreamError,
  type ToolStreamState,
  type ToolStreamStore,
  type ToolStreamStoreOptions,
} from '@toolstream/core';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { ToolStreamContext } from './context.js';
import { isActive } from './selectors.js';
import { useShallowSelector } from './shallow-equal.js';
import { type ToolCallView, toolCallView } from './tool-call-view.js';

/** Options of {@link useToolCallStream}: the store's options, or a store to use. */
export type UseToolCallStreamOptions = ToolStreamStoreOptions & {
  /** Use this store (its options win over the others). */
  store?: ToolStreamStore;
};

/** What {@link useToolCallStream} returns. */
export interface UseToolCallStreamResult {
  /** User and assistant messages, in order (assistant messages hold ordered parts). */
  messages: readonly ChatMessage[];
  /** Every tool call by id, in order of first appearance (a `Map`, as in the frontend guide). */
  toolCalls: ReadonlyMap<string, ToolCallView>;
  status: RunStatus;
  /** Whether a run is going on (connecting, streaming or reconnecting). */
  isStreaming: boolean;
  /** The error that ended the last run, if one did. */
  error: ToolStreamError | null;
  /** Sends a message and streams the answer (needs `endpoint`). */
  send: (input: SendInput) => Promise<void>;
  /** Cancels the run, keeping what arrived. */
  stop: () => Promise<void>;
  /** Stops any run and clears the conversation. */
  reset: () => void;
  /**
   * Feeds one `ChatMessageResponse` (or any payload of the store's protocol) that you read
   * yourself, e.g. from an `EventSource`: the frontend guide's `processChunk`.
   */
  processChunk: (response: ChatMessageResponse | unknown) => void;
  store: ToolStreamStore;
}

/**
 * The main hook. With an `endpoint` it owns the transport: `send` posts a message and the
 * answer streams into `messages` and `toolCalls`. Without one it is a drop-in for the frontend
 * guide's hook: `const { toolCalls, processChunk } = useToolCallStream()`, fed by your own
 * `EventSource`. Inside a {@link ToolStreamProvider} (and given no `endpoint` or `store`) it
 * uses the provider's store.
 *
 * The store is created once per component (options are read then; pass functions for values
 * that change, like `headers`). Unmounting stops a run the hook's own store is streaming.
 *
 * @example
 * ```tsx
 * const { messages, toolCalls, status, send, stop } = useToolCallStream({ endpoint: '/api/chat/stream' });
 * ```
 */
export function useToolCallStream(options: UseToolCallStreamOptions = {}): UseToolCallStreamResult {
  const fromContext = useContext(ToolStreamContext);
  const useContextStore =
    fromContext !== null && options.store === undefined && options.endpoint === undefined;
  const [owned] = useState<ToolStreamStore | null>(() =>
    options.store !== undefined || useContextStore ? null : createToolStreamStore(options),
  );
  const store = options.store ?? (useContextStore ? fromContext : owned)!;

  useEffect(() => {
    if (owned === null) return;
    // Unmounting leaves no connection behind. (A StrictMode re-mount finds no run to stop.)
    return () => {
      if (isActive(owned.getState().status)) void owned.stop();
    };
  }, [owned]);

  const { messages, calls, callOrder, status, error } = useStore(
    store,
    useShallowSelector((state: ToolStreamState) => ({
      messages: state.messages,
      calls: state.calls,
      callOrder: state.callOrder,
      status: state.status,
      error: state.error,
    })),
  );

  const toolCalls = useMemo(() => {
    const map = new Map<string, ToolCallView>();
    for (const id of callOrder) map.set(id, toolCallView(calls[id]!));
    return map as ReadonlyMap<string, ToolCallView>;
  }, [calls, callOrder]);

  const send = useCallback((input: SendInput) => store.send(input), [store]);
  const stop = useCallback(() => store.stop(), [store]);
  const reset = useCallback(() => store.reset(), [store]);
  const processChunk = useCallback((response: unknown) => store.ingest(response), [store]);

  return {
    messages,
    toolCalls,
    status,
    isStreaming: isActive(status),
    error,
    send,
    stop,
    reset,
    processChunk,
    store,
  };
}
