// @vitest-environment node
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium.js';
import { type ShippedWidget, shippedWidget } from './shipped-widget.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The published widget (`widget.iife.js` from the packed tarball) on a plain HTML page with one
 * script tag, in headless Chromium, under a strict Content-Security-Policy and a page
 * stylesheet that does its worst. Run by `npm run test:packages`, which packs it first.
 */

const SCREENSHOTS = resolve(import.meta.dirname, '../../../.artifacts/screenshots');

let built: ShippedWidget;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  built = await shippedWidget();
  server = await startTestServer(built.iife, built.devtools);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  await mkdir(SCREENSHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the built bundle', () => {
  // Matches are checked as booleans: a failing `toMatch` would print the whole bundle.
  const finds = (code: string, pattern: RegExp | string) =>
    typeof pattern === 'string' ? code.includes(pattern) : pattern.test(code);

  it('evaluates no strings as code (no eval, no Function constructor)', () => {
    for (const code of [built.esm, built.iife]) {
      expect(finds(code, /\beval\s*\(/)).toBe(false);
      expect(finds(code, /\bnew\s+Function\b/)).toBe(false);
      expect(finds(code, /[^\w.$]Function\s*\(/)).toBe(false);
      expect(finds(code, /set(Timeout|Interval)\s*\(\s*['"`]/)).toBe(false);
    }
  });

  it('has its renderer inside (Preact, no React), with nothing left to read from process.env', () => {
    for (const code of [built.esm, built.iife]) {
      expect(finds(code, /process\.env/)).toBe(false);
      // Self-contained: no import of a package, React or otherwise.
      expect(finds(code, /\bfrom\s*["'](?![./])[^"']+["']/)).toBe(false);
      expect(finds(code, /\bimport\s*\(\s*["']|\brequire\s*\(\s*["']/)).toBe(false);
      // React's production build has these; Preact has neither.
      expect(finds(code, 'react-stack-bottom-frame')).toBe(false);
      expect(finds(code, 'react.transitional.element')).toBe(false);
    }
    expect(finds(built.iife, 'ToolstreamWidget')).toBe(true);
  });

  it('carries none of the devtools: the `devtools` attribute loads them from a script of their own', () => {
    for (const code of [built.esm, built.iife]) {
      expect(finds(code, 'tsd-panel')).toBe(false);
      expect(finds(code, 'tsd-launcher')).toBe(false);
      expect(finds(code, 'devtools.iife.js')).toBe(true);
    }
    expect(finds(built.devtools, 'tsd-panel')).toBe(true);
  });
});

interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen by the test runner. */
  errors: string[];
  /** CSP violations and errors the page itself recorded (probe.js). */
  problems(): Promise<string[]>;
}

async function openPage(query: string): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/page.html?${query}`);
  await page.locator('toolstream-chat [data-slot="chat"]').waitFor({ state: 'attached' });
  return {
    page,
    errors,
    problems: () => page.evaluate(() => (window as unknown as { __problems: string[] }).__problems),
  };
}

/** Computed styles of the widget's parts, to compare between pages. */
function widgetStyles(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('toolstream-chat')!;
    const shadow = host.shadowRoot!;
    const pick = (selector: string): Record<string, string | number> => {
      const element = shadow.querySelector(selector)!;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const properties = [
        'display',
        'font-size',
        'font-family',
        'font-weight',
        'line-height',
        'color',
        'background-color',
        'padding-top',
        'padding-left',
        'margin-top',
        'border-top-width',
        'border-top-style',
        'border-radius',
        'letter-spacing',
        'text-transform',
        'box-sizing',
      ];
      return {
        ...Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)])),
        height: Math.round(box.height),
      };
    };
    return {
      host: getComputedStyle(host).display,
      root: pick('.tsw-root'),
      chat: pick('[data-slot="chat"]'),
      title: pick('[data-slot="chat-header"] h2'),
      input: pick('[data-slot="composer-input"]'),
      send: Object.assign(pick('[data-slot="composer-send"]'), {
        width: Math.round(shadow.querySelector('[data-slot="composer-send"]')!.getBoundingClientRect().width),
      }),
    };
  });
}

const pageTextSize = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.getElementById('page-text')!).fontSize);

async function sendMessage(page: Page, text: string) {
  const input = page.locator('toolstream-chat [data-slot="composer-input"]');
  await input.fill(text);
  await input.press('Enter');
  await page
    .locator('toolstream-chat [data-slot="assistant-message"]', { hasText: 'Done.' })
    .last()
    .waitFor();
}

describe('the widget in Chromium', { timeout: 40_000 }, () => {
  it('renders in its shadow root, unchanged by a hostile page stylesheet, and leaks no style out', async () => {
    const clean = await openPage('placement=inline');
    const hostile = await openPage('placement=inline&hostile=1');
    // The hostile sheet is in force on the page…
    expect(await pageTextSize(hostile.page)).not.toBe(await pageTextSize(clean.page));
    // …and the widget looks exactly as it does on a clean page.
    const cleanStyles = await widgetStyles(clean.page);
    expect(cleanStyles.host).toBe('block');
    expect(cleanStyles.send.display).not.toBe('inline');
    expect(await widgetStyles(hostile.page)).toEqual(cleanStyles);
    await clean.page.screenshot({ path: join(SCREENSHOTS, 'widget-inline.png') });

    const outside = await clean.page.evaluate(() => {
      const element = document.getElementById('outside')!;
      return {
        display: getComputedStyle(element).display,
        lightDomSlots: document.querySelectorAll('[data-slot="composer"], [data-slot="thread"]').length,
        shadowSlots: document
          .querySelector('toolstream-chat')!
          .shadowRoot!.querySelectorAll('[data-slot="composer"]').length,
      };
    });
    // The kit's rules make a `[data-slot="chat"]` a flex box; the page's own one stays a block.
    expect(outside).toEqual({ display: 'block', lightDomSlots: 0, shadowSlots: 1 });
    for (const opened of [clean, hostile]) {
      expect(await opened.problems()).toEqual([]);
      expect(opened.errors).toEqual([]);
      await opened.page.context().close();
    }
  });

  it('sends a message, streams the answer, and restores the conversation after a reload', async () => {
    const { page, errors, problems } = await openPage('placement=inline&hostile=1');
    const requestsBefore = server.chatRequests.length;
    await sendMessage(page, 'Hello from the page');
    const request = server.chatRequests.at(-1)!;
    expect(request.body).toEqual({ message: 'Hello from the page' });
    expect(request.headers['x-tenant']).toBe('acme');
    const thread = page.locator('toolstream-chat [data-slot="thread"]');
    expect(await thread.textContent()).toContain('You said: Hello from the page');
    expect(await page.locator('toolstream-chat [data-slot="tool-call"]').getAttribute('data-tool')).toBe(
      'search_docs',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-inline-hostile-page.png'), fullPage: true });

    await page.waitForFunction(() =>
      Object.keys(sessionStorage).some((key) => sessionStorage.getItem(key)?.includes('Done.')),
    );
    await page.reload();
    await page.locator('toolstream-chat [data-slot="assistant-message"]', { hasText: 'Done.' }).waitFor();
    expect(await thread.textContent()).toContain('You said: Hello from the page');
    expect(await page.locator('toolstream-chat [data-slot="user-message"]').textContent()).toContain(
      'Hello from the page',
    );
    expect(await page.locator('toolstream-chat [data-slot="tool-call"]').getAttribute('data-state')).toBe(
      'complete',
    );
    // Restored from storage, not asked again.
    expect(server.chatRequests.length).toBe(requestsBefore + 1);
    expect(await problems()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps an approval that waits across a reload, and Approve then sends the continuation', async () => {
    const { page, errors, problems } = await openPage('placement=inline');
    const input = page.locator('toolstream-chat [data-slot="composer-input"]');
    await input.fill('Needs your approval');
    await input.press('Enter');
    const approve = page.locator('toolstream-chat [data-slot="approval-approve"]');
    await approve.waitFor();
    await page.waitForFunction(() =>
      Object.keys(sessionStorage).some((key) => sessionStorage.getItem(key)?.includes('awaiting-input')),
    );
    const requestsBefore = server.chatRequests.length;
    await page.reload();
    await approve.waitFor();
    expect(server.chatRequests.length).toBe(requestsBefore); // restored, not asked again
    await approve.click();
    await page.locator('toolstream-chat [data-slot="approval-answer"]', { hasText: 'Approved' }).waitFor();
    await page.locator('toolstream-chat [data-slot="assistant-message"]', { hasText: 'Sent.' }).waitFor();
    expect(server.chatRequests.length).toBe(requestsBefore + 1);
    expect(server.chatRequests.at(-1)!.body).toMatchObject({
      message: 'Needs your approval',
      continue: { answers: [{ call_id: 'send-1', approved: true }] },
    });
    expect(await problems()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders markdown in answers, and markup and script links as text', async () => {
    const { page, errors, problems } = await openPage('placement=inline');
    // The test server echoes the message into the answer, which renders it as markdown.
    await sendMessage(
      page,
      '**bold** and `code`, a [link](https://example.com/docs) and a [bad one](javascript:alert(1))\n\n' +
        '- one\n- two\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    );
    const answer = page
      .locator('toolstream-chat [data-slot="assistant-message"] [data-slot="markdown"]')
      .first();
    expect(await answer.locator('strong').first().textContent()).toBe('bold');
    expect(await answer.locator('code').first().textContent()).toBe('code');
    expect(await answer.locator('li').allTextContents()).toEqual(['one', 'two']);
    const links = await answer
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
    expect(links).toContainEqual(['link', 'https://example.com/docs']);
    expect(links.some(([, href]) => href?.startsWith('javascript') === true)).toBe(false);
    expect(await answer.textContent()).toContain('<img src=x');
    expect(await answer.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await problems()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('as a launcher: the bubble opens and closes the panel, by pointer and keyboard', async () => {
    const { page, errors, problems } = await openPage('placement=launcher&hostile=1');
    const bubble = page.locator('toolstream-chat [data-slot="widget-launcher"]');
    const panel = page.locator('toolstream-chat [data-slot="widget-panel"]');
    const focusedSlot = () =>
      page.evaluate(() =>
        document.querySelector('toolstream-chat')!.shadowRoot!.activeElement?.getAttribute('data-slot'),
      );
    expect(await panel.isHidden()).toBe(true);
    const box = (await bubble.boundingBox())!;
    const viewport = page.viewportSize()!;
    // Floating in the bottom-right corner, whatever the page's CSS.
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-launcher-closed.png') });

    await bubble.click();
    await panel.waitFor({ state: 'visible' });
    expect(await bubble.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedSlot()).toBe('composer-input');
    await sendMessage(page, 'Launcher question');
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-launcher-open.png') });

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await focusedSlot()).toBe('widget-launcher');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    expect(await focusedSlot()).toBe('composer-input');
    await page.locator('toolstream-chat [data-slot="widget-close"]').click();
    await panel.waitFor({ state: 'hidden' });
    expect(await focusedSlot()).toBe('widget-launcher');
    expect(await problems()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('with the devtools attribute: loads the devtools beside its script, on its store, under the strict policy', async () => {
    const { page, errors, problems } = await openPage('placement=inline&hostile=1&devtools=1');
    const launcher = page.locator('toolstream-devtools .tsd-launcher');
    await launcher.waitFor();
    await sendMessage(page, 'Hello devtools');
    await launcher.click();
    const panel = page.locator('toolstream-devtools [role="dialog"]');
    await panel.waitFor();
    const frames = panel.getByRole('listbox', { name: 'Frames' });
    // The widget's answer: six frames, every one seen by the panel through the widget's store.
    await expect.poll(() => panel.getByRole('tab', { name: /Frames/ }).textContent()).toBe('Frames6');
    await frames.press('End');
    expect(await panel.getByRole('region', { name: 'Frame', exact: true }).textContent()).toContain(
      'docs.example.com',
    );
    // The hostile page sheet does not reach the panel, not even its inherited properties.
    const title = await panel.locator('.tsd-title').evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, transform: style.textTransform, spacing: style.letterSpacing };
    });
    expect(title).toMatchObject({ transform: 'none', spacing: 'normal' });
    expect(title.color).not.toBe('rgb(255, 0, 0)');
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-devtools.png') });
    expect(await problems()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes --ts-* tokens from the page', async () => {
    const plain = await openPage('placement=inline');
    const themed = await openPage('placement=inline&theme=1');
    const look = (page: Page) =>
      page.evaluate(() => {
        const shadow = document.querySelector('toolstream-chat')!.shadowRoot!;
        return {
          accent: getComputedStyle(shadow.querySelector('[data-slot="composer-send"]')!).backgroundColor,
          radius: getComputedStyle(shadow.querySelector('[data-slot="chat"]')!).borderTopLeftRadius,
        };
      });
    // The values theme.css sets on the page's :root.
    expect(await look(themed.page)).toEqual({ accent: 'rgb(10, 120, 60)', radius: '3px' });
    expect(await look(plain.page)).not.toEqual(await look(themed.page));
    for (const opened of [plain, themed]) {
      expect(await opened.problems()).toEqual([]);
      await opened.page.context().close();
    }
  });
});
