import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { send, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

// `retry:` 100 ms: a dropped connection is re-attached after 50–100 ms.
const session = useDemoSession({ speed: 4, retryMs: 100 });

/** Where these screenshots go, for people to look at. */
const SHOTS =
  process.env.DEVTOOLS_SHOTS ?? join(import.meta.dirname, '../../../.artifacts/screenshots/devtools');

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The panel, inside the devtools' shadow root (Playwright's locators pierce open shadow roots). */
const panel = (page: Page): Locator =>
  page.locator('toolstream-devtools [role="dialog"][aria-label="toolstream devtools"]');
const tab = (page: Page, name: RegExp) => panel(page).getByRole('tab', { name });

describe('the devtools panel in the demo', () => {
  it('shows a reconnecting run: frames by connection, the re-attach with Last-Event-ID, the state, the errors', async () => {
    const endpoint = session.mock.endpoint('?fault=drop-after:6&fault-times=1');
    const { page, pageErrors } = await session.open({
      endpoint,
      scenario: 'nested-delegation',
      devtools: true,
    });
    await panel(page).waitFor();
    await send(page, 'Find the onboarding checklist');
    await waitForStatus(page, 'done');
    await shot(page, 'frames-1280');

    // Frames: the first connection's six, then the re-attach's.
    const rows = panel(page).getByRole('listbox', { name: 'Frames' }).getByRole('option');
    await expect.poll(() => rows.count()).toBeGreaterThan(6);
    const frames = panel(page).getByRole('listbox', { name: 'Frames' });
    await frames.press('Home');
    const detail = panel(page).getByRole('region', { name: 'Frame', exact: true });
    await expect.poll(() => detail.textContent()).toMatch(/connection#1 POST/);
    await frames.press('End');
    await expect.poll(() => detail.textContent()).toMatch(/connection#2 GET/);
    await shot(page, 'frame-detail');

    // Timeline: the drop, the wait, the re-attach with Last-Event-ID 6, X-Run-Id.
    await tab(page, /Timeline/).click();
    const timeline = await panel(page).getByRole('listbox', { name: 'Connection timeline' }).textContent();
    expect(timeline).toMatch(/#1 POST .*\/live\/chat-stream/);
    expect(timeline).toMatch(/X-Run-Id run_/);
    expect(timeline).toMatch(/#1 failed/);
    expect(timeline).toMatch(/waits \d+ ms before re-attaching/);
    expect(timeline).toMatch(/#2 re-attach: GET .* with Last-Event-ID 6/);
    expect(timeline).toMatch(/Turn ended: done/);
    await shot(page, 'timeline');

    // State: the calls as a tree.
    await tab(page, /State/).click();
    const tree = panel(page).getByRole('listbox', { name: 'Messages and calls' });
    await expect.poll(() => tree.getByRole('option').count()).toBeGreaterThan(3);
    expect(pageErrors).toEqual([]);
  });
});
