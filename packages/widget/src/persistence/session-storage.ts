/** The page's sessionStorage, or `null` where there is none or reading it throws (sandboxed frames, privacy modes). */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** `storage.getItem(key)`, or `null` when storage refuses. */
export function readItem(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
