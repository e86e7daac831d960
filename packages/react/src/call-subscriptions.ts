import type { ToolCall, ToolStreamStore } from '@toolstream/core';

/**
 * Subscriptions to single tool calls of one store. A store tells its subscribers about every
 * update; a thread showing a hundred calls, each with a handful of parts that read it, would
 * then run hundreds of selectors per frame for the few calls that changed. This hub holds one
 * store subscription and, per update, compares each watched call with its previous version
 * (the state is structurally shared: an unchanged call is the same object) and notifies only
 * the listeners of calls that changed.
 */
export interface CallSubscriptions {
  /** Calls `listener` after each update in which the call `callId` changed (or appeared, or left). */
  subscribe(callId: string, listener: () => void): () => void;
}

const hubs = new WeakMap<ToolStreamStore, CallSubscriptions>();

/** The {@link CallSubscriptions} of `store` (one per store, created on first use). */
export function callSubscriptions(store: ToolStreamStore): CallSubscriptions {
  let hub = hubs.get(store);
  if (hub === undefined) {
    hub = createCallSubscriptions(store);
    hubs.set(store, hub);
  }
  return hub;
}

function createCallSubscriptions(store: ToolStreamStore): CallSubscriptions {
  const listenersById = new Map<string, Set<() => void>>();
  let unsubscribe: (() => void) | null = null;
  let previous: Readonly<Record<string, ToolCall>> = store.getState().calls;

  const onUpdate = () => {
    const calls = store.getState().calls;
    if (calls === previous) return; // no call changed
    const before = previous;
    previous = calls;
    for (const [callId, listeners] of listenersById) {
      if (calls[callId] === before[callId]) continue;
      for (const listener of listeners) listener();
    }
  };

  return {
    subscribe(callId, listener) {
      if (unsubscribe === null) {
        previous = store.getState().calls;
        unsubscribe = store.subscribe(onUpdate);
      }
      let listeners = listenersById.get(callId);
      if (listeners === undefined) {
        listeners = new Set();
        listenersById.set(callId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) listenersById.delete(callId);
        if (listenersById.size === 0 && unsubscribe !== null) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
  };
}
