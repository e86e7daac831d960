import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED, DONE } from '../run/terminal-frames.js';
import { RunStoreError, type StoredFrame, type StoredRunStatus } from '../store/run-store.js';
import { startTestRedis, type TestRedis, type TestRedisClient } from '../test-utils/redis-server.js';
import { runKeys, runningKey } from './keys.js';
import { createRedisRunStore, type RedisRunStore, type RedisRunStoreOptions } from './redis-store.js';

/** Print measured figures (cancel latency, lost-producer detection) with STORE_FIGURES=1. */
const figures = process.env.STORE_FIGURES === '1';

let redis: TestRedis;
let client: TestRedisClient;
let stores: RedisRunStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startTestRedis();
  client = await redis.client();
});
afterAll(async () => {
  await redis?.dispose();
});
afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  stores = [];
});

type StoreOptions = Omit<RedisRunStoreOptions, 'client' | 'prefix'>;

/** A fresh prefix: the tests share one server and must not see each other's keys. */
function newPrefix(): string {
  return `t${prefixes++}x`;
}

/** A store on the shared server; `client` defaults to the file's client (instances share it or not). */
function open(prefix: string, options: StoreOptions = {}, on: TestRedisClient = client): RedisRunStore {
  const store = createRedisRunStore({ client: on, prefix, ...options });
  stores.push(store);
  return store;
}

const send = (args: string[]) => client.sendCommand(args);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await wait(5);
  }
}

async function keysOf(prefix: string): Promise<string[]> {
  return ((await send(['KEYS', `${prefix}:*`])) as unknown as string[]).map(String).sort();
}

async function pttl(key: string): Promise<number> {
  return Number(await send(['PTTL', key]));
}

async function connections(): Promise<number> {
  const list = String(await send(['CLIENT', 'LIST']));
  return list.split('\n').filter((line) => line.trim() !== '').length;
}

/** A reader in the background: what it received and how it finished. */
function reader(store: RedisRunStore, runId: string, afterSeq = 0) {
  const controller = new AbortController();
  const state = {
    frames: [] as StoredFrame[],
    outcome: undefined as 'ended' | { error: unknown } | undefined,
    endedAt: 0,
    controller,
    settled: Promise.resolve(),
  };
  state.settled = (async () => {
    try {
      for await (const batch of store.read(runId, afterSeq, { signal: controller.signal })) {
        state.frames.push(...batch);
        if (batch.at(-1)?.end !== undefined) state.endedAt = Date.now();
      }
      state.outcome = 'ended';
    } catch (error) {
      state.outcome = { error };
    }
  })();
  return state;
}

const create = (store: RedisRunStore, id: string, owner: string | null = null) =>
  store.create({ id, owner, createdAt: Date.now() });

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, median: at(0.5), p90: at(0.9), max: sorted.at(-1)! };
}

describe('Redis store: the shared tail', () => {
  it('gives a reader that joins while the shared read is in flight every frame, none skipped', async () => {
    // The shared XREAD was sent from the first reader's position; the second joins behind it, and
    // the frame after that read's position must still reach it (found by the model suite).
    for (let i = 0; i < 20; i++) {
      const prefix = newPrefix();
      const store = open(prefix, { leaseMs: 60_000 });
      await create(store, 'r');
      const first = reader(store, 'r');
      await store.get('r');
      await store.append('r', [{ data: 'one' }]);
      const second = reader(store, 'r');
      await store.append('other', []);
      await store.append('r', [{ data: 'two' }]);
      await store.append('r', [{ data: 'three' }]);
      await until(
        () => second.frames.length === 3 || second.outcome !== undefined,
        2000,
        'the second reader',
      );
      await store.end('r', DONE);
      await Promise.all([first.settled, second.settled]);
      for (const read of [first, second]) {
        expect(read.outcome).toBe('ended');
        expect(read.frames.map((frame) => frame.seq)).toEqual([1, 2, 3, 4]);
      }
    }
  });
});

describe('Redis store: expiries', () => {
  it('gives every key it writes an expiry, while running and after the end', async () => {
    const prefix = newPrefix();
    const store = open(prefix, { retentionMs: 60_000, runTtlMs: 600_000, leaseMs: 900 });
    const keys = runKeys(prefix, 'r');
    await create(store, 'r', 'alice');
    const hold = store.hold('r', () => {});
    await store.append('r', [{ data: 'a' }, { event: 'tool', data: 'b' }]);
    await wait(400); // a lease renewal or more
    expect(await keysOf(prefix)).toEqual(
      [keys.control, keys.frames, keys.lease, keys.meta, runningKey(prefix)].sort(),
    );
    for (const key of await keysOf(prefix)) {
      const ttl = await pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(600_000 + 60_000);
    }
    expect(await pttl(keys.lease)).toBeLessThanOrEqual(900);

    await store.end('r', DONE);
    hold.release();
    // Ended: the lease goes (no producer to watch) and the run leaves the running set.
    const left = await keysOf(prefix);
    expect(left).toEqual([keys.control, keys.frames, keys.meta].sort());
    for (const key of left) {
      const ttl = await pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(60_000);
    }
  });

  it('leaves no key once retention has passed, for ended runs and for runs nobody ended', async () => {
    const prefix = newPrefix();
    const store = open(prefix, { retentionMs: 300, runTtlMs: 700, leaseMs: 300 });
    for (const id of ['ended', 'cancelled', 'abandoned']) await create(store, id);
    const hold = store.hold('ended', () => {});
    await store.append('ended', [{ data: 'x' }]);
    const read = reader(store, 'ended');
    await store.end('ended', DONE);
    await read.settled;
    hold.release();
    await store.append('cancelled', [{ data: 'y' }]);
    await store.end('cancelled', CANCELLED);
    await store.append('abandoned', [{ data: 'z' }]);
    expect((await keysOf(prefix)).length).toBeGreaterThan(0);
    // The ended ones after retention; the abandoned one after its time limit plus retention.
    await until(async () => (await keysOf(prefix)).length === 0, 3000, 'every key to expire');
    expect(await keysOf(prefix)).toEqual([]);
  });
});

describe('Redis store: fencing', () => {
  it('refuses appends to a run cancelled on another instance, and writes nothing after its end', async () => {
    const prefix = newPrefix();
    const producer = open(prefix);
    const other = open(prefix);
    await create(producer, 'r');
    expect(await producer.append('r', [{ data: 'a' }])).toEqual({ ok: true, lastSeq: 1 });
    expect(await other.end('r', CANCELLED)).toBe(true);
    expect(await producer.append('r', [{ data: 'zombie' }])).toEqual({ ok: false, status: 'cancelled' });
    expect(await producer.end('r', DONE)).toBe(false);
    const keys = runKeys(prefix, 'r');
    expect(Number(await send(['XLEN', keys.frames]))).toBe(2);
    const replay = reader(producer, 'r');
    await replay.settled;
    expect(replay.frames.map((frame) => [frame.seq, frame.end])).toEqual([
      [1, undefined],
      [2, 'cancelled'],
    ]);
  });

  it('refuses a run whose keys expired and re-creates no key without an expiry', async () => {
    const prefix = newPrefix();
    const store = open(prefix, { leaseMs: 600 });
    const keys = runKeys(prefix, 'r');
    await create(store, 'r');
    await store.append('r', [{ data: 'a' }]);
    const told: StoredRunStatus[] = [];
    store.hold('r', (status) => told.push(status));
    // Everything of the run expires (a run kept past its time, a Redis that evicted it).
    for (const key of [keys.meta, keys.frames, keys.control, keys.lease]) await send(['PEXPIRE', key, '1']);
    await wait(20);
    expect(await store.append('r', [{ data: 'b' }])).toEqual({ ok: false, status: 'unknown' });
    expect(await store.end('r', DONE)).toBe(false);
    // The holder's renewal finds it gone, and re-creates no lease.
    await until(() => told.length > 0, 1000, 'the holder to be told');
    expect(told).toHaveLength(1);
    expect(told[0]).not.toBe('running');
    for (const key of [keys.meta, keys.frames, keys.control, keys.lease]) {
      expect(Number(await send(['EXISTS', key])), key).toBe(0);
    }
  });

  it('refuses an append when only the frames expired, without re-creating the stream', async () => {
    const prefix = newPrefix();
    const store = open(prefix);
    const keys = runKeys(prefix, 'r');
    await create(store, 'r');
    await store.append('r', [{ data: 'a' }]);
    await send(['DEL', keys.frames]);
    expect(await store.append('r', [{ data: 'b' }, { data: 'c' }])).toEqual({ ok: false, status: 'unknown' });
    expect(Number(await send(['EXISTS', keys.frames]))).toBe(0);
    expect(await store.end('r', DONE)).toBe(false);
    expect(Number(await send(['EXISTS', keys.frames]))).toBe(0);
    // Nothing was numbered for the frames that were not written.
    expect(String(await send(['HGET', keys.meta, 'seq']))).toBe('1');
  });
});

describe('Redis store: cancel across instances', () => {
  it("tells the producer's hold of a DELETE on another instance within a second", async () => {
    const prefix = newPrefix();
    const producer = open(prefix);
    const canceller = open(prefix);
    const latencies: number[] = [];
    for (let i = 0; i < 15; i++) {
      const id = `r${i}`;
      await create(producer, id);
      let heard = 0;
      const statuses: StoredRunStatus[] = [];
      producer.hold(id, (status) => {
        heard = Date.now();
        statuses.push(status);
      });
      // Half of them right away (the hold's watch may not be registered yet), half once it is.
      if (i % 2 === 1) await until(() => producer.tailedStreams > 0, 1000, 'the hold to watch');
      else await wait(i);
      const sent = Date.now();
      expect(await canceller.end(id, CANCELLED)).toBe(true);
      await until(() => heard > 0, 2000, `the hold of ${id} to hear the cancel`);
      latencies.push(heard - sent);
      expect(statuses).toEqual(['cancelled']);
    }
    if (figures) console.info('cancel → hold across instances (ms)', stats(latencies));
    for (const latency of latencies) expect(latency).toBeLessThan(1000);
  });

  it('tells it through the lease renewal alone when the control notification is lost', async () => {
    const prefix = newPrefix();
    const leaseMs = 900;
    const producer = open(prefix, { leaseMs });
    const canceller = open(prefix);
    const latencies: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = `r${i}`;
      await create(producer, id);
      let heard = 0;
      const statuses: StoredRunStatus[] = [];
      producer.hold(id, (status) => {
        heard = Date.now();
        statuses.push(status);
      });
      await until(() => producer.tailedStreams > 0, 1000, 'the hold to watch');
      // The notification is lost: its stream is gone, so the cancel cannot write to it.
      await send(['DEL', runKeys(prefix, id).control]);
      const sent = Date.now();
      expect(await canceller.end(id, CANCELLED)).toBe(true);
      expect(
        Number(await send(['EXISTS', runKeys(prefix, id).control])),
        'no control stream re-created',
      ).toBe(0);
      await until(() => heard > 0, 3000, `the hold of ${id} to hear the cancel`);
      latencies.push(heard - sent);
      expect(statuses).toEqual(['cancelled']);
      await wait(i * 97); // land at different points of the renewal period
    }
    if (figures)
      console.info(`cancel → hold by lease renewal alone, leaseMs ${leaseMs} (ms)`, stats(latencies));
    for (const latency of latencies) expect(latency).toBeLessThan(leaseMs / 3 + 250);
  });
});

describe('Redis store: a producer that went away', () => {
  it('is ended failed, with one error frame, by the readers of other instances within the lease and a second', async () => {
    const prefix = newPrefix();
    const leaseMs = 1500;
    const producer = open(prefix, { leaseMs });
    const b = open(prefix, { leaseMs });
    const c = open(prefix, { leaseMs });
    await create(producer, 'r');
    producer.hold('r', () => {});
    await producer.append('r', [{ data: 'before' }]);
    const readers = [reader(b, 'r'), reader(b, 'r', 1), reader(c, 'r')];
    await until(
      () => readers.every((read) => read.frames.length > 0 || read === readers[1]),
      2000,
      'the replay',
    );
    await wait(leaseMs); // the lease was renewed meanwhile: nothing ends a live producer
    expect((await b.get('r'))?.status).toBe('running');

    // The producer's process stops renewing (as after kill -9: a store closed without ending).
    await producer.close();
    const gone = Date.now();
    await Promise.all(readers.map((read) => read.settled));
    const detection = Math.max(...readers.map((read) => read.endedAt)) - gone;
    if (figures) console.info(`lost producer → readers' error frame, leaseMs ${leaseMs} (ms)`, detection);
    expect(detection).toBeLessThan(leaseMs + 1000);
    for (const read of readers) {
      expect(read.outcome).toBe('ended');
      const terminal = read.frames.at(-1)!;
      expect(terminal).toMatchObject({ seq: 2, event: 'error', end: 'failed' });
      expect(JSON.parse(terminal.data)).toMatchObject({ message: expect.any(String) });
    }
    const record = await c.get('r');
    expect(record).toMatchObject({ status: 'failed', lastSeq: 2 });
    expect(Number(await send(['XLEN', runKeys(prefix, 'r').frames]))).toBe(2);
  });

  it('is found when its lease key is deleted, and the producer is fenced off after', async () => {
    const prefix = newPrefix();
    const producer = open(prefix, { leaseMs: 60_000 });
    const b = open(prefix, { leaseMs: 60_000 });
    await create(producer, 'r');
    // No hold: a producer that never renews (its lease is only what create set).
    const read = reader(b, 'r');
    await until(() => b.tailedStreams > 0, 1000, 'the reader to tail');
    const gone = Date.now();
    await send(['DEL', runKeys(prefix, 'r').lease]);
    await read.settled;
    expect(read.endedAt - gone).toBeLessThan(1000 + 200);
    expect(read.frames).toMatchObject([{ seq: 1, event: 'error', end: 'failed' }]);
    expect(await producer.append('r', [{ data: 'late' }])).toEqual({ ok: false, status: 'failed' });
  });
});

describe('Redis store: time limit and holds', () => {
  it('ends a run past runTtlMs as failed for its readers on another instance, and tells its producer', async () => {
    const prefix = newPrefix();
    const producer = open(prefix, { runTtlMs: 400, leaseMs: 600 });
    const other = open(prefix, { runTtlMs: 400, leaseMs: 600 });
    await create(producer, 'r');
    const told: StoredRunStatus[] = [];
    producer.hold('r', (status) => told.push(status));
    await producer.append('r', [{ data: 'a' }]);
    const read = reader(other, 'r');
    await read.settled;
    expect(read.outcome).toBe('ended');
    expect(read.frames).toMatchObject([{ seq: 1 }, { seq: 2, event: 'error', end: 'failed' }]);
    await until(() => told.length > 0, 1000, 'the producer to be told');
    expect(told).toEqual(['failed']);
    expect(await producer.append('r', [{ data: 'late' }])).toEqual({ ok: false, status: 'failed' });
  });

  it('tells a hold taken after the end at once, and a released hold nothing', async () => {
    const prefix = newPrefix();
    const a = open(prefix);
    const b = open(prefix);
    await create(a, 'ended');
    await b.end('ended', CANCELLED);
    const late: StoredRunStatus[] = [];
    a.hold('ended', (status) => late.push(status));
    await until(() => late.length > 0, 1000, 'the late hold to be told');
    expect(late).toEqual(['cancelled']);

    await create(a, 'released');
    const released: StoredRunStatus[] = [];
    const hold = a.hold('released', (status) => released.push(status));
    await until(() => a.tailedStreams > 0, 1000, 'the hold to watch');
    hold.release();
    await b.end('released', CANCELLED);
    await wait(300);
    expect(released).toEqual([]);
  });
});

describe('Redis store: capacity', () => {
  it('counts running runs across instances against maxRunning', async () => {
    const prefix = newPrefix();
    const a = open(prefix, { maxRunning: 2 });
    const b = open(prefix, { maxRunning: 2 });
    await create(a, 'one');
    await create(b, 'two');
    const refused = await create(a, 'three').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RunStoreError);
    expect((refused as RunStoreError).code).toBe('capacity');
    expect((refused as RunStoreError).retryAfterMs).toBeGreaterThan(0);
    expect(await b.get('three')).toBeNull();
    await b.end('two', CANCELLED);
    await create(a, 'three');
    expect((await b.get('three'))?.status).toBe('running');
    await expect(create(b, 'four')).rejects.toMatchObject({ code: 'capacity' });
  });

  it('stops counting a run past its time limit', async () => {
    const prefix = newPrefix();
    const store = open(prefix, { maxRunning: 1, runTtlMs: 200 });
    await create(store, 'old');
    await expect(create(store, 'new')).rejects.toMatchObject({ code: 'capacity' });
    await wait(250);
    await create(store, 'new');
    expect((await store.get('new'))?.status).toBe('running');
  });
});

describe('Redis store: connections', () => {
  it('returns to the baseline after close, having used one extra connection', async () => {
    const before = await connections();
    const prefix = newPrefix();
    const store = createRedisRunStore({ client, prefix, leaseMs: 600 });
    await create(store, 'r');
    const hold = store.hold('r', () => {});
    const read = reader(store, 'r');
    await store.append('r', [{ data: 'a' }]);
    await until(() => read.frames.length === 1, 2000, 'the live frame');
    expect(await connections()).toBe(before + 1);
    await store.end('r', DONE);
    hold.release();
    await read.settled;
    const waiting = (async () => {
      await create(store, 'waiting');
      const tail = reader(store, 'waiting');
      await until(() => store.tailedStreams > 0, 1000, 'the tail');
      return tail;
    })();
    const tail = await waiting;
    const closing = Date.now();
    await store.close();
    expect(Date.now() - closing, 'close does not wait for the blocked read').toBeLessThan(500);
    await until(async () => (await connections()) === before, 1000, 'the connection count to return');
    // A reader still waiting stops when its store closes.
    await Promise.race([tail.settled, wait(1000)]);
    expect(tail.outcome).toBeDefined();
  });

  it('leaves no connection behind when closed while its tail connection is still opening, or used after close', async () => {
    const before = await connections();
    for (let i = 0; i < 5; i++) {
      const prefix = newPrefix();
      const store = createRedisRunStore({ client, prefix });
      await create(store, 'r');
      const read = reader(store, 'r'); // its first live read opens the tail connection
      await wait(i); // close at different points of that opening
      await store.close();
      await Promise.race([read.settled, wait(1000)]);
      expect(read.outcome, 'the reader stops').toBeDefined();
      // Used after close: no new connection either.
      store.hold('r', () => {});
      await reader(store, 'r').settled;
    }
    await until(async () => (await connections()) === before, 2000, 'the connection count to return');
  });

  it('serves 200 live tails in one process on one extra connection', async () => {
    const before = await connections();
    const prefix = newPrefix();
    const store = open(prefix);
    const runs = Array.from({ length: 50 }, (_, i) => `r${i}`);
    for (const id of runs) await create(store, id);
    // Four readers per run, joining while earlier ones are already blocked in XREAD.
    const readers = runs.flatMap((id) => [0, 1, 2, 3].map(() => reader(store, id)));
    await until(() => store.tailedStreams === runs.length, 3000, 'every run to be tailed');
    expect(await connections()).toBe(before + 1);
    const started = Date.now();
    await Promise.all(runs.map((id, i) => store.append(id, [{ data: `frame of ${i}` }])));
    await until(
      () => readers.every((read) => read.frames.length === 1),
      3000,
      'every reader to get its frame',
    );
    const delivered = Date.now() - started;
    if (figures) console.info('200 tails: append → every reader has the frame (ms)', delivered);
    expect(await connections()).toBe(before + 1);
    await Promise.all(runs.map((id) => store.end(id, DONE)));
    await Promise.all(readers.map((read) => read.settled));
    for (const [i, read] of readers.entries()) {
      expect(read.outcome).toBe('ended');
      expect(read.frames.map((frame) => [frame.seq, frame.data, frame.end])).toEqual([
        [1, `frame of ${Math.floor(i / 4)}`, undefined],
        [2, '', 'done'],
      ]);
    }
  });
});
