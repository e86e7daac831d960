import type { Page } from 'playwright-core';

/** One observed state of the chat, as the reader saw it. */
export interface ChatSample {
  /** `performance.now()` in the page. */
  t: number;
  /** The status indicator's `data-state` (`idle`, `connecting`, `streaming`, `reconnecting`, `done`…). */
  status: string | null;
  /** The last assistant message's text blocks (markdown parts, not tool output). */
  text: string[];
  /** Every call shown in the thread (folded groups hide theirs), in document order. */
  calls: { name: string; state: string; output: string; depth: number }[];
  /** Whether a turn showed a failure. */
  banner: boolean;
}

declare global {
  interface Window {
    __chatHistory?: ChatSample[];
  }
}

/**
 * Runs in the page before the app: after every DOM change, records the chat's state when it
 * differs from the last one. Intermediate states (a call streaming with partial output, text
 * half written, the status reconnecting) are then checked from this history, without racing
 * the stream with polls or sleeps. Self-contained: Playwright sends its source to the page.
 */
function recordChatHistory(): void {
  const history: ChatSample[] = [];
  window.__chatHistory = history;
  let last = '';
  const sample = (): void => {
    const thread = document.querySelector('[data-slot="thread"]');
    if (thread === null) return;
    const messages = thread.querySelectorAll('[data-slot="assistant-message"]');
    const message = messages[messages.length - 1];
    const text = message
      ? Array.from(message.querySelectorAll(':scope > [data-slot="markdown"]'), (el) => el.textContent ?? '')
      : [];
    const calls = Array.from(
      thread.querySelectorAll('article[data-slot="tool-call"], article[data-slot="delegation-tree"]'),
      (el) => {
        let depth = 0;
        for (let up = el.parentElement; up !== null; up = up.parentElement) {
          if (up.matches('article[data-slot="delegation-tree"]')) depth++;
        }
        return {
          name: el.querySelector(':scope > * > [data-slot="tool-call-name"]')?.textContent ?? '',
          state: el.getAttribute('data-state') ?? '',
          output:
            el.querySelector(':scope > * > [data-slot="tool-call-result"] [data-slot="tool-call-output"]')
              ?.textContent ?? '',
          depth,
        };
      },
    );
    const next = {
      status: document.querySelector('[data-slot="status-indicator"]')?.getAttribute('data-state') ?? null,
      text,
      calls,
      banner:
        document.querySelector(
          '[data-slot="turn-end"][data-outcome="failed"], [data-slot="error-banner"]',
        ) !== null,
    };
    const key = JSON.stringify(next);
    if (key === last) return;
    last = key;
    history.push({ t: performance.now(), ...next });
  };
  const observer = new MutationObserver(sample);
  const start = (): void => {
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    sample();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/** Installs the recorder; call before the page loads (pass to `openDemo` as `init`). */
export async function installChatHistory(page: Page): Promise<void> {
  await page.addInitScript(recordChatHistory);
}

/** The states recorded so far. */
export function readChatHistory(page: Page): Promise<ChatSample[]> {
  return page.evaluate(() => window.__chatHistory ?? []);
}

/** The distinct values of `pick` over the history, in order of first appearance, consecutive repeats removed. */
export function transitions<T>(history: readonly ChatSample[], pick: (sample: ChatSample) => T): T[] {
  const out: T[] = [];
  for (const sample of history) {
    const value = pick(sample);
    if (out.length === 0 || JSON.stringify(out[out.length - 1]) !== JSON.stringify(value)) out.push(value);
  }
  return out;
}
