import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import { isActive } from '@toolstream/react';
import { toChatMessages } from './initial-messages.js';
import type { ResolvedWidgetOptions } from './options.js';
import { decodeState, persistenceKey } from './persistence/persisted-state.js';
import { createPersister } from './persistence/persister.js';
import { planRestore } from './persistence/restore.js';
import { readItem, sessionStorageOrNull } from './persistence/session-storage.js';
import { requestHeaders } from './request-headers.js';

/** A widget's store, with its persistence. */
export interface Conversation {
  store: ToolStreamStore;
  /** Saves the conversation and lets go of the store (see {@link openConversation}). */
  dispose(): void;
}

/**
 * Creates the store for `options`: restored from sessionStorage when `persist` is on (a run
 * that was streaming is re-attached, see `planRestore`), else started from `initialMessages`.
 * `live` returns the current options: headers, token and body builder are read from it at each
 * request, so updating them needs no new store.
 */
export function openConversation(
  options: ResolvedWidgetOptions,
  live: () => ResolvedWidgetOptions,
): Conversation {
  const now = options.storeOptions?.now ?? Date.now;
  const storage = options.persist ? sessionStorageOrNull() : null;
  const key = persistenceKey(options.endpoint, options.storageKey);
  const restored = storage === null ? null : decodeState(readItem(storage, key));
  const plan = restored === null ? null : planRestore(restored, options.endpoint !== undefined, now());

  const storeOptions: ToolStreamStoreOptions = {
    ...options.storeOptions,
    protocol: options.protocol,
    headers: requestHeaders(live),
    body: (message, extra) => {
      const build = live().body;
      return build === undefined ? { message, ...extra } : build(message, extra);
    },
    initialMessages: toChatMessages(options.initialMessages ?? [], now()),
  };
  if (options.endpoint !== undefined) storeOptions.endpoint = options.endpoint;
  if (options.method !== undefined) storeOptions.method = options.method;
  if (plan !== null) storeOptions.initialState = plan.state;
  const store = createToolStreamStore(storeOptions);
  const persister = storage === null ? null : createPersister(store, storage, key);
  if (plan?.resume) void store.resume();

  return {
    store,
    dispose() {
      const active = isActive(store.getState().status);
      if (active && persister !== null && store.getResumeToken() !== null) {
        // Save the run as streaming, then leave it running on the server: the next mount (or
        // the page after a reload) re-attaches it.
        persister.dispose();
        store.detach();
        return;
      }
      if (active) void store.stop();
      persister?.dispose();
    },
  };
}
