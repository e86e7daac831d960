import type { Locator, Page } from 'playwright-core';

/** The composer's textarea. */
export const composer = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });

/** The status line (`data-state` is the run status). */
export const statusIndicator = (page: Page): Locator => page.locator('[data-slot="status-indicator"]');

/** The error banner. */
export const errorBanner = (page: Page): Locator => page.getByRole('alert').filter({ hasText: 'Error code' });

/** The tool timeline beside the thread. */
export const timeline = (page: Page): Locator => page.locator('[data-slot="tool-timeline"]');

/** Types a message and clicks Send. */
export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Waits until the run status is `state`. */
export async function waitForStatus(page: Page, state: string, timeout = 20_000): Promise<void> {
  await page.locator(`[data-slot="status-indicator"][data-state="${state}"]`).waitFor({ timeout });
}

/**
 * A call in the thread (a tool call or a delegation) by its tool name. Its accessible name is
 * the tool name, then the agent.
 */
export function callArticle(scope: Page | Locator, tool: string): Locator {
  return scope.getByRole('article', { name: new RegExp(`^${tool}( |$)`) });
}

/** The call's own output (not that of calls nested in it). */
export function ownOutput(article: Locator): Locator {
  return article.locator(':scope > [data-slot="tool-call-output"]');
}

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
