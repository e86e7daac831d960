/**
 * Takes the README's screenshot gallery (docs/screenshots/*.png): the built demo, driven in
 * Debian's Chromium on the demo's own mock backend, at a desktop and a phone size, light and
 * dark. Run `npm run screenshots` after a visual change and look at the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium.js';
import { serveStatic } from '../e2e/support/static-server.js';

const DEMO = join(import.meta.dirname, '..');
const OUT = join(DEMO, '../../docs/screenshots');

const outDir = await mkdtemp(join(tmpdir(), 'toolstream-gallery-'));
process.env.NODE_ENV = 'production';
await build({
  configFile: join(DEMO, 'vite.config.ts'),
  root: DEMO,
  mode: 'production',
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});
const site = await serveStatic(outDir);
const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function open(
  scenario: string,
  size: { width: number; height: number },
  dark = false,
  { on = browser, query = '' }: { on?: Browser; query?: string } = {},
): Promise<Page> {
  const context = await on.newContext({
    viewport: size,
    colorScheme: dark ? 'dark' : 'light',
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  // The demo's own mock backend (its service worker), as a visitor sees it.
  await page.goto(`${site.url}/?scenario=${scenario}${query}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return page;
}

async function ask(
  page: Page,
  text: string,
  scenario?: string,
  wait: 'done' | 'error' | number = 'done',
): Promise<void> {
  if (scenario !== undefined) {
    await page.getByRole('button', { name: /^Scenario/ }).click();
    await page.locator(`input[name="scenario"][value="${scenario}"]`).click();
  }
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  if (typeof wait === 'number') await page.waitForTimeout(wait);
  else
    await page
      .locator(`[data-slot="status-indicator"][data-state="${wait}"]`)
      .waitFor({ state: 'attached', timeout: 30_000 });
  await page.mouse.move(0, 0);
}

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled', caret: 'hide' });
  console.log(`docs/screenshots/${name}.png`);
};

try {
  const desktop = { width: 1440, height: 900 };
  const phone = { width: 390, height: 844 };

  let page = await open('nested-delegation', desktop);
  await ask(page, 'Where is the onboarding checklist?');
  await ask(page, 'And the weather, time and flights for Seoul?', 'parallel-calls');
  await page.getByRole('button', { name: /^Used 3 tools/ }).click();
  await page.mouse.move(0, 0);
  await shot(page, 'conversation');
  await page.context().close();

  page = await open('subagent-delegation', desktop);
  await ask(page, 'Summarise the Q3 incidents', undefined, 1500);
  await shot(page, 'streaming');
  await page.context().close();

  page = await open('failing-tool', desktop);
  await ask(page, 'What is the status of OPS-42?');
  await page.getByRole('button', { name: /^Faults/ }).click();
  await page.getByRole('checkbox', { name: /Server error/ }).check();
  await page.keyboard.press('Escape');
  await ask(page, 'Try again, please', undefined, 'error');
  await shot(page, 'errors');
  await page.context().close();

  page = await open('single-call', desktop);
  await ask(page, 'What is the weather in Seoul?');
  await page.locator('[data-slot="tool-call-trigger"]').first().click();
  await page
    .locator('article[data-slot="tool-call"]')
    .first()
    .screenshot({ path: join(OUT, 'tool-call.png') });
  console.log('docs/screenshots/tool-call.png');
  await page.context().close();

  // A call that waits for approval, its arguments editable; and a tool the browser ran.
  page = await open('approval-edited', desktop);
  await ask(page, 'Send the incident update to the on-call team', undefined, 0);
  await page.locator('[data-slot="approval-request"]').waitFor({ timeout: 30_000 });
  await page.mouse.move(0, 0);
  await shot(page, 'approval');
  await page.context().close();

  page = await open('client-tool', phone);
  await ask(page, 'What time is it for me?', undefined, 0);
  await page.getByText('Ran in your browser').waitFor({ timeout: 30_000 });
  await page
    .locator('[data-slot="status-indicator"][data-state="done"]')
    .waitFor({ state: 'attached', timeout: 30_000 });
  await shot(page, 'client-tool');
  await page.context().close();

  page = await open('nested-delegation', desktop, true);
  await ask(page, 'Where is the onboarding checklist?');
  await page.locator('[data-slot="delegation-tree-trigger"]').first().click();
  await page.locator('[data-slot="delegation-tree-trigger"][aria-expanded="false"]').first().click();
  await page.mouse.move(0, 0);
  await shot(page, 'dark');
  await page.context().close();

  // A thousand finished turns and the next answer streaming in; the scrollbars shown (Playwright
  // hides them by default) so that the thumb tells how long the conversation is.
  const withScrollbars = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    page = await open('subagent-delegation', desktop, false, { on: withScrollbars, query: '&history=1000' });
    await ask(page, 'Summarise the Q3 incidents', undefined, 1500);
    await shot(page, 'long');
  } finally {
    await withScrollbars.close();
  }

  page = await open('subagent-delegation', phone);
  await ask(page, 'Summarise the Q3 incidents');
  await shot(page, 'phone');
  await page.getByRole('button', { name: 'Timeline' }).click();
  await shot(page, 'phone-timeline');
  await page.context().close();
} finally {
  await browser.close();
  await site.close();
  await rm(outDir, { recursive: true, force: true });
}
