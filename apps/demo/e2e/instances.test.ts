import type { RunLogEntry } from '@toolstream/mock';
import { createMockServer, type MockServer } from '@toolstream/mock/node';
import { createRedisRunStore, type RedisRunStore } from '@toolstream/server/redis';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/server/src/test-utils/redis-server.js';
import { type RoundRobinProxy, startRoundRobinProxy } from '../scripts/round-robin-proxy.js';
import { launchBrowser, openDemo } from './support/browser.js';
import { assistantTextParts, send, waitForStatus } from './support/chat.js';
import { expectedRun } from './support/expected.js';

/**
 * The demo in Chromium on two mock instances that share one Redis, behind a balancer
 * (`npm run start:instances -w @toolstream/demo` runs the same set-up for people): a run POSTed
 * to one instance is re-attached on the other after a drop, and a Stop sent to the other
 * instance cancels it where it runs.
 */
let redis: TestRedis;
let browser: Browser;
let proxy: RoundRobinProxy;
const instances: { server: MockServer; store: RedisRunStore; log: RunLogEntry[] }[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  for (let i = 0; i < 2; i++) {
    const store = createRedisRunStore({ client: await redis.client() });
    const log: RunLogEntry[] = [];
    const server = await createMockServer({
      store,
      speed: 2,
      retryMs: 100,
      logger: (entry) => log.push(entry),
    });
    instances.push({ server, store, log });
  }
  // Runs start on A; every other request (re-attach, cancel, preflights) goes to B — as a
  // balancer may send them, and so that every test crosses instances.
  proxy = await startRoundRobinProxy(
    instances.map((instance) => instance.server.url),
    (method) => (method === 'POST' ? 0 : 1),
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  for (const { server, store } of instances) {
    await server.close();
    await store.close();
  }
  await redis?.dispose();
});

const entries = (type: RunLogEntry['type']) =>
  instances.map((instance) => instance.log.filter((entry) => entry.type === type));

describe('two instances on one Redis, behind a round-robin balancer', () => {
  it('a dropped run is re-attached on the other instance, with nothing missing or twice', async () => {
    const expected = await expectedRun('mid-stream-disconnect');
    const endpoint = `${proxy.origin}/api/chat/stream`;
    const demo = await openDemo(browser, inject('demoUrl'), { endpoint, scenario: 'mid-stream-disconnect' });
    await send(demo.page, 'Plan the migration');
    await waitForStatus(demo.page, 'done');
    expect(await assistantTextParts(demo.page)).toEqual(expected.textParts.map((part) => part.trim()));
    // Started on A, re-attached on B.
    const [startsA, startsB] = entries('start');
    const [attachesA, attachesB] = entries('attach');
    expect(startsB).toEqual([]);
    expect(attachesA).toEqual([]);
    expect(attachesB!.map((entry) => entry.runId)).toEqual([startsA![0]!.runId]);
    expect(demo.pageErrors).toEqual([]);
    await demo.context.close();
  });

  it('Stop sent to the other instance cancels the run where it runs', async () => {
    for (const instance of instances) instance.log.length = 0;
    const endpoint = `${proxy.origin}/api/chat/stream`;
    const demo = await openDemo(browser, inject('demoUrl'), { endpoint, scenario: 'long-run' });
    await send(demo.page, 'Write the long report');
    await demo.page.locator('[data-slot="assistant-message"]').first().waitFor();
    await waitForStatus(demo.page, 'streaming');
    await demo.page.getByRole('button', { name: 'Stop' }).click();
    await waitForStatus(demo.page, 'aborted');
    const [startsA] = entries('start');
    const runId = startsA![0]!.runId;
    // The DELETE went to B; A produces the run.
    // (The page shows Stop at once; its DELETE may still be on its way.)
    await expect
      .poll(() => proxy.routed.filter((line) => line.startsWith('DELETE')), { timeout: 5000 })
      .toEqual([`DELETE /api/chat/stream/${runId} → 1`]);
    await expect
      .poll(() => instances[1]!.log, { timeout: 5000 })
      .toContainEqual({ type: 'cancel', runId, reason: 'delete' });
    await expect
      .poll(async () => (await instances[0]!.store.get(runId))?.status, { timeout: 3000 })
      .toBe('cancelled');
    // The producing instance stopped its replay: nothing finished.
    expect(entries('finish').flat()).toEqual([]);
    expect(demo.pageErrors).toEqual([]);
    await demo.context.close();
  });
});
