import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import type { ResolvedWidgetOptions } from './options.js';
import { decodeState, persistenceKey } from './persistence/persisted-state.js';
import { createPersister } from './persistence/persister.js';
import { planRestore } from './persistence/restore.js';
import { readItem, sessionStorageOrNull } from './persistence/session-storage.js';
import { requestHeaders } from './request-headers.js';

/** A widget's store, with its persistence. */
export interface Conversation {
  store: ToolStreamStore;
  /** Lets go of the store (the store's own rule, `release()`) and saves the conversation. */
  dispose(): void;
}

/**
 * Creates the store for `options`: restored from sessionStorage when `persist` is on (a run
 * that was streaming is re-attached, see `planRestore`), else started from `initialMessages`.
 * `live` returns the current options: headers, token and body builder are read from it at each
 * request, so updating them needs no new store. The widget reads every format toolstream knows
 * (`allProtocols`): it bundles them anyway.
 */
export function openConversation(
  options: ResolvedWidgetOptions,
  live: () => ResolvedWidgetOptions,
): Conversation {
  const storage = options.persist ? sessionStorageOrNull() : null;
  const key = persistenceKey(options.endpoint, options.storageKey);
  const restored = storage === null ? null : decodeState(readItem(storage, key));
  const plan = restored === null ? null : planRestore(restored, options.endpoint !== undefined);

  const storeOptions: ToolStreamStoreOptions = {
    ...options.storeOptions,
    protocol: options.protocol,
    protocols: allProtocols,
    headers: requestHeaders(live),
    // The core's transport adds the answers of calls that waited (`continue`) to this body.
    body: ({ message, body }) => {
      const build = live().body;
      return build === undefined ? { message, ...body } : build(message, body);
    },
    // A widget that saves its conversation leaves a run going when it unmounts (a reload, a
    // navigation), so the next mount can re-attach it; one that does not stops it.
    onRelease: storage === null ? 'stop' : 'detach',
  };
  if (options.endpoint !== undefined) storeOptions.endpoint = options.endpoint;
  if (options.method !== undefined) storeOptions.method = options.method;
  // A turn that ended waiting for answers is restored whole (its calls' requests, their answers
  // not sent yet, the run that asked, the tools allowed), so it goes on after the reload.
  if (plan?.kind === 'resume' || plan?.kind === 'waiting') storeOptions.initialState = plan.state;
  else storeOptions.initialMessages = plan?.state.messages ?? options.initialMessages ?? [];
  const store = createToolStreamStore(storeOptions);
  const persister = storage === null ? null : createPersister(store, storage, key);
  if (plan?.kind === 'resume') void store.resume();

  return {
    store,
    dispose() {
      store.release();
      persister?.dispose();
    },
  };
}
