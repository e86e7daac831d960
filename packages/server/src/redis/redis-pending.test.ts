import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingAsks } from '../input/pending-input.js';
import { DONE } from '../run/terminal-frames.js';
import { startTestRedis, type TestRedis, type TestRedisClient } from '../test-utils/redis-server.js';
import { runKeys } from './keys.js';
import { createRedisRunStore, type RedisRunStore } from './redis-store.js';

let redis: TestRedis;
let client: TestRedisClient;
const stores: RedisRunStore[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
  client = await redis.client();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.dispose();
});

function open(prefix: string, options: { pendingTtlMs?: number; retentionMs?: number } = {}, on = client) {
  const store = createRedisRunStore({ client: on, prefix, ...options });
  stores.push(store);
  return store;
}

const pending = (runId: string): PendingAsks => ({
  runId,
  owner: 'ada',
  savedAt: 1,
  calls: [
    {
      id: 'call_1',
      name: 'delete_file',
      kind: 'approval',
      editable: false,
      args: { path: '/tmp/x' },
      delegation: { id: 'call_d', tool: 'delegate_to_files', agent: 'files', parent: null },
    },
  ],
  state: null,
});

describe('Redis store: pending asks', () => {
  it('keeps them in a key beside the run’s, with their own long time to live', async () => {
    const store = open('p1', { pendingTtlMs: 60_000, retentionMs: 100 });
    await store.create({ id: 'run_a', owner: 'ada', createdAt: Date.now() });
    await store.savePending(pending('run_a'));
    await store.end('run_a', DONE);
    const keys = runKeys('p1', 'run_a');
    expect(keys.pending).toBe('p1:{run_a}:pending');
    const ttl = Number(await client.sendCommand(['PTTL', keys.pending]));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // The run's own keys go after their retention; what it asked stays.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.get('run_a')).toBeNull();
    expect(await store.getPending('run_a')).toEqual({ pending: pending('run_a'), answered: false });
  });

  it('is claimed by one of many instances claiming at once', async () => {
    const clients = await Promise.all([redis.client(), redis.client(), redis.client()]);
    const instances = clients.map((on) => open('p2', {}, on));
    await instances[0]!.savePending(pending('run_b'));
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % instances.length]!.claimPending('run_b')),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await instances[2]!.getPending('run_b'))?.answered).toBe(true);
    // A claim on nothing creates nothing.
    expect(await instances[1]!.claimPending('run_none')).toBe(false);
    expect(Number(await client.sendCommand(['EXISTS', runKeys('p2', 'run_none').pending]))).toBe(0);
  });

  it('forgets them after their time to live', async () => {
    const store = open('p3', { pendingTtlMs: 80 });
    await store.savePending(pending('run_c'));
    expect(await store.getPending('run_c')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.getPending('run_c')).toBeNull();
    expect(await store.claimPending('run_c')).toBe(false);
  });
});
