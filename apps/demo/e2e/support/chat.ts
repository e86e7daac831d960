import type { Locator, Page } from 'playwright-core';

/** The composer's textarea. */
export const composer = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });

/** The status line (`data-state` is the run status). */
export const statusIndicator = (page: Page): Locator => page.locator('[data-slot="status-indicator"]');

/** The failure shown on a turn (an alert with Retry). */
export const turnFailure = (scope: Page | Locator): Locator =>
  scope.locator('[data-slot="turn-end"][data-outcome="failed"]');

/** The tool timeline beside the thread. */
export const timeline = (page: Page): Locator => page.locator('[data-slot="tool-timeline"]');

/** Types a message and clicks Send. */
export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Waits until the run status is `state` (the indicator may be visually empty: it need only be there). */
export async function waitForStatus(page: Page, state: string, timeout = 20_000): Promise<void> {
  await page
    .locator(`[data-slot="status-indicator"][data-state="${state}"]`)
    .waitFor({ state: 'attached', timeout });
}

/** A call in the thread (a tool call's row or a sub-agent's section) by its name for people. */
export function callArticle(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('article', { name, exact: true });
}

/** The call's own output (not that of calls nested in it). */
export function ownOutput(article: Locator): Locator {
  return article.locator(':scope > * > [data-slot="tool-call-result"] [data-slot="tool-call-output"]');
}

/** Opens every folded "Used N tools" group and sub-agent section in `scope`, so every call is on the page. */
export async function unfoldAll(scope: Page | Locator): Promise<void> {
  const folded = scope.locator(
    '[data-slot="tool-group-trigger"][aria-expanded="false"], [data-slot="delegation-tree-trigger"][aria-expanded="false"]',
  );
  for (let i = 0; i < 50 && (await folded.count()) > 0; i++) await folded.first().click();
}

/** The assistant messages, in order. */
export const answers = (page: Page): Locator => page.getByRole('article', { name: 'Assistant' });

/** The last assistant message's text blocks, in order (tool output excluded). */
export function assistantTextParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const messages = document.querySelectorAll('[data-slot="assistant-message"]');
    const message = messages[messages.length - 1];
    if (!message) return [];
    return Array.from(
      message.querySelectorAll(':scope > [data-slot="markdown"]'),
      (el) => el.textContent ?? '',
    );
  });
}

/** POST requests the page sent to `endpoint` (any query). */
export function postsTo(requests: readonly { method: string; url: string }[], endpoint: string) {
  const base = endpoint.split('?')[0]!;
  return requests.filter((request) => request.method === 'POST' && request.url.split('?')[0] === base);
}
