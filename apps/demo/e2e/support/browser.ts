import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tools/chromium.js';

/** Where screenshots of the main states go (git-ignored), for people to look at. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../../../.artifacts/screenshots');

/** Starts Debian's Chromium the way every browser test here does. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A page of the demo in a fresh context, with what the page did that a test may want to check. */
export interface DemoPage {
  page: Page;
  context: BrowserContext;
  /** Messages of every `alert`/`confirm`/`prompt` the page opened (each is dismissed). */
  dialogs: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Methods and URLs of the requests the page made (not the service worker's own). */
  requests: { method: string; url: string; at: number }[];
}

/** Demo query parameters: `endpoint` (a real server) and `scenario` (sent in the POST body). */
export interface DemoParams {
  endpoint?: string;
  scenario?: string;
  /** The window size; default a laptop's (1280 × 860). */
  viewport?: { width: number; height: number };
  /** Start with the devtools panel on (`?devtools=1`). */
  devtools?: boolean;
  /** Open with this many finished turns (`?history=N`). */
  history?: number;
}

/**
 * Opens the built demo in a new context and waits until it is ready (the app renders only
 * after the MSW worker started, so a visible composer means both are up).
 */
export async function openDemo(
  browser: Browser,
  demoUrl: string,
  params: DemoParams = {},
  init?: (page: Page) => Promise<void>,
): Promise<DemoPage> {
  const context = await browser.newContext({ viewport: params.viewport ?? { width: 1280, height: 860 } });
  const page = await context.newPage();
  const demo: DemoPage = { page, context, dialogs: [], pageErrors: [], requests: [] };
  page.on('dialog', (dialog) => {
    demo.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => demo.pageErrors.push(error.message));
  page.on('request', (request) =>
    demo.requests.push({ method: request.method(), url: request.url(), at: Date.now() }),
  );
  if (init) await init(page);
  const query = new URLSearchParams();
  if (params.endpoint !== undefined) query.set('endpoint', params.endpoint);
  if (params.scenario !== undefined) query.set('scenario', params.scenario);
  if (params.devtools) query.set('devtools', '1');
  if (params.history !== undefined) query.set('history', String(params.history));
  const search = query.size > 0 ? `?${query}` : '';
  await page.goto(`${demoUrl}/${search}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return demo;
}

/** Writes a screenshot of the page to {@link SCREENSHOT_DIR}. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}
