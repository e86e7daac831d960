import type { ToolStreamStore } from '@toolstream/core';
import { encodeState } from './persisted-state.js';

/** Longest a change waits before it is written: often enough for a reload, rarely enough for a stream. */
export const DEFAULT_PERSIST_THROTTLE_MS = 500;

/** Writes a store's state to storage as it changes. */
export interface Persister {
  /** Writes pending changes now. */
  flush(): void;
  /** Writes pending changes and stops following the store. */
  dispose(): void;
}

/**
 * Follows `store` and writes its state under `key`, at most once per `throttleMs` while it
 * changes (a streaming answer changes it every frame), and at once when the page is hidden or
 * unloaded, so a reload never loses the last words. Storage failures (quota, storage blocked
 * in a sandboxed frame) are ignored: persistence is a convenience.
 */
export function createPersister(
  store: ToolStreamStore,
  storage: Storage,
  key: string,
  throttleMs = DEFAULT_PERSIST_THROTTLE_MS,
): Persister {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;

  const write = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!dirty) return;
    dirty = false;
    try {
      storage.setItem(key, encodeState(store.getState()));
    } catch {
      // Quota exceeded or storage unavailable: keep chatting without it.
    }
  };
  const flush = () => {
    store.flush();
    write();
  };
  const unsubscribe = store.subscribe(() => {
    dirty = true;
    timer ??= setTimeout(write, throttleMs);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
  }

  return {
    flush,
    dispose() {
      flush();
      unsubscribe();
      if (hasWindow) {
        window.removeEventListener('pagehide', flush);
        document.removeEventListener('visibilitychange', onHidden);
      }
    },
  };
}
