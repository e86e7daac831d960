'use client';
import type { ToolStreamStore } from '@toolstream/core';
import { createContext, type ReactNode } from 'react';
import { type StoreSource, useOwnedStore } from './use-owned-store.js';

/** The store shared by a {@link ToolStreamProvider}'s subtree, or `null` outside one. */
export const ToolStreamContext = createContext<ToolStreamStore | null>(null);
ToolStreamContext.displayName = 'ToolStreamContext';

/** Props of {@link ToolStreamProvider}: an existing store, or options to create one. */
export type ToolStreamProviderProps = StoreSource & { children?: ReactNode };

/**
 * Shares one conversation store with a subtree. Several providers on one page give several
 * independent chats. Given `store`, it shares that store; given options (`endpoint`…), it owns
 * one, created when it mounts and released when it unmounts, and switches to a new store (that
 * continues the conversation) when `endpoint` changes (see {@link useOwnedStore}).
 *
 * @example
 * ```tsx
 * <ToolStreamProvider endpoint="/api/chat/stream">
 *   <MyThread />
 *   <MyComposer />
 * </ToolStreamProvider>
 * ```
 */
export function ToolStreamProvider({ children, ...source }: ToolStreamProviderProps) {
  const store = useOwnedStore(source);
  return <ToolStreamContext.Provider value={store}>{children}</ToolStreamContext.Provider>;
}
