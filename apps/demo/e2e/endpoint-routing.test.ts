import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DemoPage, launchBrowser, openDemo } from './support/browser.js';
import { assistantTextParts, callArticle, send, waitForStatus } from './support/chat.js';
import { expectedRun } from './support/expected.js';
import { type LoggedMockServer, startMockServer } from './support/mock-server.js';

const demoUrl = inject('demoUrl');
let browser: Browser;
let demo: DemoPage | null = null;
let mock: LoggedMockServer | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await demo?.context.close();
  demo = null;
  await mock?.server.close();
  mock = null;
});
afterAll(async () => {
  await browser?.close();
});

describe('where the demo sends its requests', () => {
  it('with no endpoint, the built demo works standalone on its MSW service worker', async () => {
    const expected = await expectedRun('single-call');
    demo = await openDemo(browser, demoUrl, { scenario: 'single-call' });
    const { page } = demo;
    const answeredBy: boolean[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/chat/stream')
        answeredBy.push(response.fromServiceWorker());
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${demoUrl}/mockServiceWorker.js`,
    );
    await send(page, 'What is the weather in Seoul?');
    await waitForStatus(page, 'done');
    // The static server has no such route: only the worker can have answered.
    expect(answeredBy).toEqual([true]);
    expect(await assistantTextParts(page)).toEqual(expected.textParts.map((part) => part.trim()));
    expect(await callArticle(page, 'Get weather').getAttribute('data-state')).toBe('complete');
    expect(demo.pageErrors).toEqual([]);
  });

  it('a real endpoint on another origin at the default path reaches that server, not the in-page mock', async () => {
    // What a user does with `toolstream-mock serve`: the server's default path, another origin.
    mock = await startMockServer({ basePath: '/api/chat/stream', speed: 8 });
    demo = await openDemo(browser, demoUrl, { endpoint: mock.endpoint(), scenario: 'single-call' });
    await send(demo.page, 'What is the weather in Seoul?');
    await waitForStatus(demo.page, 'done');
    expect(mock.entries('start').map((entry) => entry.scenario)).toEqual(['single-call']);
  });
});
