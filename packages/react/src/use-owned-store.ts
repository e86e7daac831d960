'use client';
import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import { useEffect, useState } from 'react';

/** Options of {@link useOwnedStore}: a store to use, or options to create one. */
export type StoreSource = ToolStreamStoreOptions & {
  /** Use this store: the caller owns it, and it is neither created nor released here. */
  store?: ToolStreamStore | undefined;
};

interface Held {
  store: ToolStreamStore;
  /** Whether this hook created the store (and so releases it). */
  owned: boolean;
  endpoint: string | undefined;
}

/**
 * The one rule for who owns a store, used by `ToolStreamProvider`, `useToolCallStream`, `Chat`
 * and the widget:
 *
 * - given a `store`, the component uses it and leaves its lifecycle to whoever created it;
 * - given options, it creates a store when it mounts and **releases** it when it unmounts
 *   (`store.release()`: a run in progress is stopped, or detached when the store was created
 *   with `onRelease: 'detach'`);
 * - a new `endpoint` (or a new `store`) switches to a new store: the old one is released and the
 *   new one continues the conversation (it starts from the old one's messages). Other options
 *   are read when the store is created — pass functions for values that change (`headers`), or
 *   a new `store` to change anything else (a `transport`, a `protocol`).
 *
 * StrictMode's double mount creates nothing twice and stops nothing that is running.
 */
export function useOwnedStore(source: StoreSource): ToolStreamStore {
  const { store: given, endpoint } = source;
  const [held, setHeld] = useState<Held>(() => ({
    store: given ?? createToolStreamStore(source),
    owned: given === undefined,
    endpoint,
  }));
  let current = held;
  const changed = given !== undefined ? given !== held.store : !held.owned || held.endpoint !== endpoint;
  if (changed) {
    // Derived from props during render (React's pattern for state that follows a prop): the
    // store is created without side effects, and the effect below releases the one it replaces.
    current = {
      store: given ?? createToolStreamStore({ ...source, initialMessages: held.store.getState().messages }),
      owned: given === undefined,
      endpoint,
    };
    setHeld(current);
  }
  useEffect(() => {
    if (!current.owned) return;
    const store = current.store;
    return () => store.release();
  }, [current]);
  return current.store;
}
