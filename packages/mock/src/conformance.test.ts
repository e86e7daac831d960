import {
  CHECK_NAMES,
  type CheckResult,
  type RunPurpose,
  runConformance,
} from '@toolstream/server/conformance';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchHandler } from './fetch.js';
import { createMockServer, type MockServer } from './node.js';

/** The mock's long scenario for the run that is cancelled, so that it is still running when the DELETE comes. */
const mockBody = (_i: number, purpose: RunPurpose) =>
  purpose === 'cancel' ? { message: 'Cancel me', scenario: 'long-run' } : { message: 'Hello' };

const servers: MockServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('the conformance suite (@toolstream/server) against the mock', { timeout: 30_000 }, () => {
  it('passes every check over HTTP, telling each as it is judged', async () => {
    const server = await createMockServer({ speed: 10 });
    servers.push(server);
    const told: CheckResult[] = [];
    const report = await runConformance({
      endpoint: server.endpoint,
      body: mockBody,
      timeoutMs: 20_000,
      onCheck: (result) => told.push(result),
    });
    expect(report.checks.map((check) => [check.name, check.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'pass']),
    );
    expect(report.ok).toBe(true);
    expect(told).toEqual(report.checks);
    // The mock's default scenario for a plain message: 34 frames, ids 1 to 34.
    expect(report.checks.find((check) => check.name === 'event-ids')!.detail).toMatch(
      /^34 events, ids 1, 2, .*, 34:/,
    );
  });

  it('reaches a Fetch handler in-process through the fetch option, with the caller’s headers on every request', async () => {
    const handler = createFetchHandler({ speed: 10 });
    const sent: Request[] = [];
    const report = await runConformance({
      endpoint: 'http://backend.test/api/chat/stream',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.clone());
        return handler(request);
      },
      body: mockBody,
      headers: { Authorization: 'Bearer conformance' },
      timeoutMs: 20_000,
    });
    await handler.backend.close();
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([]);

    const preflights = sent.filter((request) => request.method === 'OPTIONS');
    const others = sent.filter((request) => request.method !== 'OPTIONS');
    expect(preflights).toHaveLength(3);
    expect(others.length).toBeGreaterThan(10);
    // Browsers send none of a page's own headers on a preflight, but name them in it.
    for (const request of preflights) expect(request.headers.get('authorization')).toBeNull();
    expect(preflights.map((request) => request.headers.get('access-control-request-headers'))).toEqual([
      'authorization,content-type',
      'authorization,last-event-id',
      'authorization',
    ]);
    for (const request of others) expect(request.headers.get('authorization')).toBe('Bearer conformance');
    const posts = others.filter((request) => request.method === 'POST');
    expect(await Promise.all(posts.map((request) => request.json()))).toEqual([
      { message: 'Hello' },
      { message: 'Hello' },
      { message: 'Cancel me', scenario: 'long-run' },
    ]);
  });

  it('refuses an endpoint that is not an absolute http(s) URL, and a timeout that is not positive', async () => {
    await expect(runConformance({ endpoint: '/api/chat' })).rejects.toThrow(
      new TypeError('The endpoint must be an absolute http(s) URL (got "/api/chat").'),
    );
    await expect(runConformance({ endpoint: 'ftp://example.com/chat' })).rejects.toThrow(TypeError);
    await expect(runConformance({ endpoint: 'http://127.0.0.1:9/chat', timeoutMs: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});
