import type { ToolStreamState } from '../../src/reducer/state.js';
import { messageText } from '../../src/snapshot/snapshot.js';
import type { ToolStreamStore } from '../../src/store/create-store.js';

/** How long a condition may take before the test fails with a message (not a timing assertion). */
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Resolves once `predicate` holds for the store's published state, checking now and on every
 * publish. Fails after `timeoutMs` with the state it last saw, so a hang explains itself.
 */
export function waitForState(
  store: ToolStreamStore,
  predicate: (state: ToolStreamState) => boolean,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ToolStreamState> {
  return new Promise((resolve, reject) => {
    const check = (state: ToolStreamState) => {
      if (!predicate(state)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      const { status, run, errors } = store.getState();
      reject(new Error(`Timed out waiting for ${what}; state: ${JSON.stringify({ status, run, errors })}`));
    }, timeoutMs);
    const unsubscribe = store.subscribe((state) => {
      check(state);
    });
    check(store.getState());
  });
}

/** Resolves once `predicate()` holds, re-checking whenever `onChange` reports a change. */
export function until(
  predicate: () => boolean,
  onChange: (listener: () => void) => () => void,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate()) {
      resolve();
      return;
    }
    const stop = onChange(() => {
      if (!predicate()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
  });
}

/** All assistant text in the state, in order. */
export function assistantText(state: ToolStreamState): string {
  let text = '';
  for (const message of state.messages) if (message.role === 'assistant') text += messageText(message);
  return text;
}
