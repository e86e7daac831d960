import { afterEach, describe, expect, it } from 'vitest';
import { DONE } from '../run/terminal-frames.js';
import type { StoredFrame, StoredRunStatus } from '../store/run-store.js';
import { startTestRedis, type TestRedis } from '../test-utils/redis-server.js';
import { createRedisRunStore, type RedisRunStore } from './redis-store.js';

let redis: TestRedis | null = null;
let stores: RedisRunStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  stores = [];
  await redis?.dispose();
  redis = null;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await wait(5);
  }
}

/** Two instances of a backend on one Redis, each with its own client (as two processes have). */
async function instances(server: TestRedis, leaseMs: number): Promise<[RedisRunStore, RedisRunStore]> {
  const open = async () => {
    const store = createRedisRunStore({ client: await server.client(), prefix: 'restart', leaseMs });
    stores.push(store);
    return store;
  };
  return [await open(), await open()];
}

function reader(store: RedisRunStore, runId: string, afterSeq = 0) {
  const controller = new AbortController();
  const state = {
    frames: [] as StoredFrame[],
    outcome: undefined as 'ended' | { error: unknown } | undefined,
    controller,
    settled: Promise.resolve(),
  };
  state.settled = (async () => {
    try {
      for await (const batch of store.read(runId, afterSeq, { signal: controller.signal }))
        state.frames.push(...batch);
      state.outcome = 'ended';
    } catch (error) {
      state.outcome = { error };
    }
  })();
  return state;
}

describe('Redis store: Redis restarted mid-run', () => {
  it('without persistence, ends the run for everyone: readers stop with unknown, the producer is told', async () => {
    // Documented outcome: Redis without persistence forgets every run when it restarts. A run
    // that was running is gone: its readers stop with an `unknown` error (the handler ends their
    // responses; a re-attach then answers 404), its producer's hold is told and its next append
    // is refused (`unknown`). Nothing re-creates the run's keys.
    redis = await startTestRedis();
    const leaseMs = 1500;
    const [producer, other] = await instances(redis, leaseMs);
    await producer.create({ id: 'r', owner: null, createdAt: Date.now() });
    const told: StoredRunStatus[] = [];
    producer.hold('r', (status) => told.push(status));
    await producer.append('r', [{ data: 'before' }]);
    const remote = reader(other, 'r');
    const local = reader(producer, 'r', 1);
    await until(() => remote.frames.length === 1 && producer.tailedStreams >= 2, 2000, 'the readers to tail');

    await redis.stop();
    await redis.start();
    const restarted = Date.now();

    await Promise.all([remote.settled, local.settled]);
    await until(() => told.length > 0, leaseMs, 'the producer to be told');
    const stopped = Date.now() - restarted;
    for (const read of [remote, local]) {
      expect(read.outcome).toEqual({ error: expect.objectContaining({ code: 'unknown' }) });
    }
    expect(remote.frames.map((frame) => frame.seq)).toEqual([1]);
    expect(told).toHaveLength(1);
    expect(told[0]).not.toBe('running');
    expect(stopped).toBeLessThan(3000);
    expect(await producer.append('r', [{ data: 'after' }])).toEqual({ ok: false, status: 'unknown' });
    expect(await other.get('r')).toBeNull();
    const check = await redis.client();
    expect(await check.sendCommand(['KEYS', 'restart:*'])).toEqual([]);
  });

  it('with persistence and a restart shorter than the lease, goes on: readers get every frame once, in order', async () => {
    // Documented outcome: with an append-only file fsynced on every write (`appendonly yes`,
    // `appendfsync always`), a restart shorter than the lease loses nothing the store
    // acknowledged: the run goes on, its producer's lease survives (it expires at an absolute
    // time), and every reader gets every frame once, in order, after the restart. An append in
    // flight when Redis went down fails; the producer may retry it (its frame may then be
    // stored twice, under two sequence numbers — never a gap or a repeated id).
    redis = await startTestRedis({ persistence: true });
    const leaseMs = 5000;
    const [producer, other] = await instances(redis, leaseMs);
    await producer.create({ id: 'r', owner: null, createdAt: Date.now() });
    const told: StoredRunStatus[] = [];
    producer.hold('r', (status) => told.push(status));
    const readers = [reader(other, 'r'), reader(other, 'r'), reader(producer, 'r')];

    // A producer writing a numbered frame every few ms, retrying a write that failed.
    let next = 0;
    let writing = true;
    const retried = new Set<number>();
    const writer = (async () => {
      while (writing) {
        try {
          const result = await producer.append('r', [{ event: 'n', data: String(next) }]);
          expect(result.ok).toBe(true);
          next++;
        } catch {
          retried.add(next);
          await wait(20);
        }
        await wait(3);
      }
    })();
    await until(() => next >= 20, 3000, 'frames before the restart');
    const down = Date.now();
    await redis.stop();
    await redis.start();
    const restartMs = Date.now() - down;
    expect(restartMs).toBeLessThan(leaseMs);
    const at = next;
    await until(() => next >= at + 20, 5000, 'frames after the restart');
    writing = false;
    await writer;
    expect(await producer.end('r', DONE)).toBe(true);
    await Promise.all(readers.map((read) => read.settled));

    // Nobody took the producer for gone (a holder may hear of the end it wrote itself).
    expect(told.filter((status) => status !== 'done')).toEqual([]);
    const replay = reader(other, 'r');
    await replay.settled;
    const stored = replay.frames;
    expect(stored.at(-1)).toMatchObject({ end: 'done' });
    expect(stored.map((frame) => frame.seq)).toEqual(stored.map((_, i) => i + 1));
    // Every acknowledged frame is there, in order; a number repeats only where a write was retried.
    const numbers = stored.slice(0, -1).map((frame) => Number(frame.data));
    expect([...new Set(numbers)]).toEqual(Array.from({ length: next }, (_, i) => i));
    for (const [i, n] of numbers.entries())
      if (i > 0 && numbers[i - 1] === n) expect(retried.has(n)).toBe(true);
    for (const read of readers) {
      expect(read.outcome).toBe('ended');
      expect(read.frames).toEqual(stored);
    }
  });
});
