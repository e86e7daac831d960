'use client';
import type { ToolStreamState, ToolStreamStore } from '@toolstream/core';
import { useContext } from 'react';
import { useStore } from 'zustand';
import { ToolStreamContext } from './context.js';
import { useShallowSelector } from './shallow-equal.js';

/** Options shared by the selector hooks. */
export interface StoreHookOptions {
  /** Read this store instead of the nearest provider's. */
  store?: ToolStreamStore;
}

/** The explicit store, else the nearest provider's; a precise error when there is neither. */
export function useResolvedStore(hookName: string, explicit?: ToolStreamStore): ToolStreamStore {
  const fromContext = useContext(ToolStreamContext);
  const store = explicit ?? fromContext;
  if (store === null) {
    throw new Error(`\`${hookName}\` must be used within \`<ToolStreamProvider>\` or be given a \`store\`.`);
  }
  return store;
}

/**
 * Subscribes to a slice of the state. The component re-renders only when the selected value
 * changes (`Object.is`); the state is structurally shared, so selecting an object from it
 * (a call, a message) is stable until that object changes. A selector that builds a new array
 * or object each time must set `shallow` (or it would re-render on every update).
 */
export function useToolStreamState<T>(
  selector: (state: ToolStreamState) => T,
  options: StoreHookOptions & { shallow?: boolean } = {},
): T {
  const store = useResolvedStore('useToolStreamState', options.store);
  const shallowSelector = useShallowSelector(selector);
  return useStore(store, options.shallow ? shallowSelector : selector);
}
