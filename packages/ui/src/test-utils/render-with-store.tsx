import { act, type RenderResult, render } from '@testing-library/react';
import {
  applyActions,
  createToolStreamStore,
  initialState,
  type ToolStreamAction,
  type ToolStreamStore,
  type ToolStreamStoreOptions,
} from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import type { ReactNode } from 'react';

/** Ids `m1`, `m2`… so tests know the message ids a store will make. */
export function sequentialIds(prefix = 'm'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** Renders `ui` inside a provider over a store that publishes synchronously. */
export function renderWithStore(
  ui: ReactNode,
  options: ToolStreamStoreOptions = {},
): RenderResult & { store: ToolStreamStore; feed: (...chunks: unknown[]) => void } {
  const store = createToolStreamStore({ schedule: 'sync', generateId: sequentialIds(), ...options });
  const result = render(<ToolStreamProvider store={store}>{ui}</ToolStreamProvider>);
  const feed = (...chunks: unknown[]) =>
    act(() => {
      for (const chunk of chunks) store.ingest(chunk);
    });
  return { ...result, store, feed };
}

/**
 * A store starting from the state that normalized actions produce — for states the primary
 * wire protocol cannot express (a pending call, reasoning text).
 */
export function storeFromActions(actions: readonly ToolStreamAction[], now = 0): ToolStreamStore {
  return createToolStreamStore({
    schedule: 'sync',
    generateId: sequentialIds('x'),
    initialState: applyActions(initialState(), [...actions], now),
  });
}
