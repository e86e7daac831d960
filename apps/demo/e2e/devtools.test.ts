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

describe('the devtools panel and the thread', () => {
  it('selecting a call in the panel shows it in the thread, and clicking one there selects it in the panel', async () => {
    const { page, pageErrors } = await session.open({ scenario: 'nested-delegation', devtools: true });
    await panel(page).waitFor();
    await send(page, 'Find the onboarding checklist');
    await waitForStatus(page, 'done');
    await tab(page, /State/).click();
    const tree = panel(page).getByRole('listbox', { name: 'Messages and calls' });
    // A call two sub-agents deep: its sections are folded now that they are done.
    const search = tree.getByRole('option').filter({ hasText: 'confluence_search' });
    await search.click();
    const revealed = page.locator('[data-slot="tool-call"][data-revealed]');
    await revealed.waitFor();
    expect(await revealed.getAttribute('data-tool')).toBe('confluence_search');
    expect(await revealed.isVisible()).toBe(true);
    await shot(page, 'state-reveal');

    // The other way: the knowledge agent's line in the thread.
    await page
      .getByRole('button', { name: /Knowledge agent/ })
      .first()
      .click();
    const selected = tree.getByRole('option', { selected: true });
    await expect.poll(() => selected.textContent()).toMatch(/delegate_to_knowledge_agent/);
    expect(pageErrors).toEqual([]);
  });

  it('exports the run as a mock scenario file, with its connections', async () => {
    const { parseScenario } = await import('@toolstream/mock');
    const endpoint = session.mock.endpoint('?fault=drop-after:4&fault-times=1');
    const { page } = await session.open({ endpoint, scenario: 'single-call', devtools: true });
    await panel(page).waitFor();
    await send(page, 'What is the weather?');
    await waitForStatus(page, 'done');
    await panel(page).getByRole('button', { name: 'Export / import' }).click();
    await shot(page, 'export-sheet');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page)
        .getByRole('button', { name: /Run as a mock scenario/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('recorded-what-is-the-weather.jsonl');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const scenario = parseScenario(await readFile(path, 'utf8'));
    expect(scenario.steps.filter((step) => step.type === 'disconnect')).toHaveLength(1);
    const recording = scenario.header.recording as {
      connections: { request: { headers: Record<string, string> } }[];
    };
    expect(recording.connections).toHaveLength(2);
    expect(recording.connections[1]!.request.headers['last-event-id']).toBe('4');
  });
});

describe('the devtools panel itself', () => {
  it('is driven by keyboard: Alt+Shift+D, the tabs, / to search, Escape back to the launcher', async () => {
    const { page } = await session.open({ scenario: 'parallel-calls', devtools: true });
    await panel(page).waitFor();
    await send(page, 'Check three things');
    await waitForStatus(page, 'done');
    await page.keyboard.press('Alt+Shift+D'); // closes
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    const launcher = page.locator('toolstream-devtools .tsd-launcher');
    expect(await launcher.isVisible()).toBe(true);
    await page.keyboard.press('Alt+Shift+D'); // opens, focus on the current tab
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('role')),
      )
      .toBe('tab');
    await page.keyboard.press('ArrowRight');
    expect(await tab(page, /State/).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('/');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label')),
      )
      .toBe('Search frames');
    await page.keyboard.type('get_weather');
    await expect
      .poll(() =>
        panel(page)
          .getByText(/\d+ match/)
          .textContent(),
      )
      .toMatch(/[1-9]\d* match/);
    await page.keyboard.press('Tab'); // the frames list
    await page.keyboard.press('ArrowDown');
    expect(await panel(page).getByRole('region', { name: 'Frame', exact: true }).textContent()).toMatch(
      /get_weather/,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.className))
      .toBe('tsd-launcher');
  });

  it('keeps its styles in its Shadow DOM, and the page’s out of it', async () => {
    const { page } = await session.open({ devtools: true });
    await panel(page).waitFor();
    await page.addStyleTag({
      content:
        '* { color: rgb(255, 0, 0) !important; font-size: 40px !important; } .tsd-panel { display: none !important; }',
    });
    await page.evaluate(() => {
      const probe = document.createElement('button');
      probe.className = 'tsd-button tsd-panel';
      probe.id = 'probe';
      probe.textContent = 'probe';
      document.body.append(probe);
    });
    const title = panel(page).locator('.tsd-title');
    expect(await panel(page).isVisible()).toBe(true);
    expect(await title.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
    expect(await title.evaluate((el) => getComputedStyle(el).fontSize)).not.toBe('40px');
    expect(await title.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    // The panel's rules do not reach the page's elements of the same class names.
    const probe = page.locator('#probe');
    expect(await probe.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    expect(await probe.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('6px');
  });

  it('docks at the side, remembers it and its size, and follows a dark theme; on a phone too', async () => {
    const { page } = await session.open({ scenario: 'failing-tool', devtools: true });
    await panel(page).waitFor();
    await send(page, 'Run the failing tool');
    await waitForStatus(page, 'done');
    await panel(page).getByRole('button', { name: 'Dock to the right' }).click();
    const resizer = panel(page).getByRole('separator', { name: 'Resize devtools' });
    await resizer.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    const width = await panel(page).evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(600);
    await panel(page)
      .getByRole('button', { name: /Theme: auto/ })
      .click(); // light
    await panel(page)
      .getByRole('button', { name: /Theme: light/ })
      .click(); // dark
    await tab(page, /Errors/).click();
    const errors = panel(page).getByRole('listbox', { name: 'Errors' });
    await errors.press('Home');
    await expect
      .poll(() => panel(page).getByRole('region', { name: 'Error', exact: true }).textContent())
      .toMatch(/tool-failed/);
    await shot(page, 'errors-dark-right');
    await page.reload();
    await panel(page).waitFor();
    expect(await panel(page).getAttribute('data-dock')).toBe('right');
    expect(await panel(page).getAttribute('data-theme')).toBe('dark');
    expect(await panel(page).evaluate((el) => el.getBoundingClientRect().width)).toBe(600);
    await page.setViewportSize({ width: 390, height: 844 });
    await panel(page).getByRole('button', { name: 'Dock to the bottom' }).click();
    await shot(page, 'phone');
  });
});
