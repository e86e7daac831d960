import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import { createContext, type ReactNode, useState } from 'react';

/** The store shared by a {@link ToolStreamProvider}'s subtree, or `null` outside one. */
export const ToolStreamContext = createContext<ToolStreamStore | null>(null);
ToolStreamContext.displayName = 'ToolStreamContext';

/** Props of {@link ToolStreamProvider}: an existing store, or options to create one. */
export type ToolStreamProviderProps = ToolStreamStoreOptions & {
  /** Use this store instead of creating one (for a store shared with code outside React). */
  store?: ToolStreamStore;
  children?: ReactNode;
};

/**
 * Shares one conversation store with a subtree. Several providers on one page give several
 * independent chats. The store is created once (lazily, so StrictMode's double render opens
 * nothing); options are read at creation.
 *
 * @example
 * ```tsx
 * <ToolStreamProvider endpoint="/api/chat/stream">
 *   <MyThread />
 *   <MyComposer />
 * </ToolStreamProvider>
 * ```
 */
export function ToolStreamProvider({ store, children, ...options }: ToolStreamProviderProps) {
  const [value] = useState(() => store ?? createToolStreamStore(options));
  return <ToolStreamContext.Provider value={value}>{children}</ToolStreamContext.Provider>;
}
