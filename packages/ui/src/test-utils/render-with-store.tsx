import { act, type RenderResult, render } from '@testing-library/react';
import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
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
