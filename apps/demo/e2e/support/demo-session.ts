import type { MockServerOptions } from '@toolstream/mock/node';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type DemoPage, type DemoParams, launchBrowser, openDemo } from './browser.js';
import { type LoggedMockServer, startMockServer } from './mock-server.js';

/** One browser and one mock server for a test file, and demo pages that close after each test. */
export interface DemoSession {
  /** The mock server on loopback; its log is cleared after each test. */
  readonly mock: LoggedMockServer;
  /** Opens the built demo in a new browser context, closed when the test ends. */
  open(params?: DemoParams, init?: (page: Page) => Promise<void>): Promise<DemoPage>;
}

/**
 * Registers the file's set-up and clean-up hooks (Chromium, the mock server with `mockOptions`)
 * and returns the session the tests use. Call it once, at the top level of a test file.
 */
export function useDemoSession(mockOptions: MockServerOptions = {}): DemoSession {
  const demoUrl = inject('demoUrl');
  let browser: Browser | null = null;
  let mock: LoggedMockServer | null = null;
  const open: DemoPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    mock = await startMockServer(mockOptions);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((demo) => demo.context.close()));
    if (mock !== null) mock.log.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.server.close();
  });

  return {
    get mock() {
      if (mock === null) throw new Error('useDemoSession: the mock server starts in beforeAll');
      return mock;
    },
    async open(params = {}, init) {
      if (browser === null) throw new Error('useDemoSession: the browser starts in beforeAll');
      const demo = await openDemo(browser, demoUrl, params, init);
      open.push(demo);
      return demo;
    },
  };
}
