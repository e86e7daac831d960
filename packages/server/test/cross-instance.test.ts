/**
 * Three backend instances, each its own Node process, on one real redis-server: runs started on
 * one are re-attached, cancelled and lost on the others (issue 26's "across processes").
 */
import { createToolStreamStore, reduceStream, type ToolStreamState } from '@toolstream/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRunStore } from '../src/redis/redis-store.js';
import type { FrameInput } from '../src/store/run-store.js';
import { startTestRedis, type TestRedis } from '../src/test-utils/redis-server.js';
import { framesOf } from './fixtures/scripted-run.js';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.js';
import { type Instance, startInstance } from './support/instances.js';
import { runOutcome } from './support/run-outcome.js';
import { asWritten, attach, attachOnceReached, type ReceivedFrame, readSse, start } from './support/sse.js';

/** Short, so a lost producer is found quickly; the fixture renews it every third of it. */
const LEASE_MS = 2000;
const DONE: FrameInput = { event: 'done', data: '' };

let redis: TestRedis;
let a: Instance;
let b: Instance;
let c: Instance;
const spawned: Instance[] = [];

const spawn = async (name: string) => {
  const instance = await startInstance({ name, redisUrl: redis.url, leaseMs: LEASE_MS });
  spawned.push(instance);
  return instance;
};

beforeAll(async () => {
  redis = await startTestRedis();
  [a, b, c] = await Promise.all([spawn('A'), spawn('B'), spawn('C')]);
}, 120_000);

afterAll(async () => {
  await Promise.all(spawned.map((instance) => instance.stop()));
  await redis?.dispose();
}, 30_000);

const ids = (frames: readonly ReceivedFrame[]) => frames.map((frame) => frame.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const errorCode = (frame: ReceivedFrame | undefined) =>
  frame?.event === 'error' ? (JSON.parse(frame.data) as { code?: string }).code : undefined;

/**
 * One client's re-attaches: each reads a few events and drops the connection, the next one asks
 * another instance for the rest (`Last-Event-ID`), until the run's end.
 */
async function hop(runId: string, instances: Instance[], firstAfter?: number): Promise<ReceivedFrame[]> {
  const frames: ReceivedFrame[] = [];
  let after = firstAfter;
  for (let hops = 0; ; hops++) {
    const target = instances[hops % instances.length]!;
    const response =
      hops === 0 && after !== undefined
        ? await attachOnceReached(target.endpoint, runId, after)
        : await attach(target.endpoint, runId, after);
    expect(response.status, `re-attach on ${target.name} after ${after}`).toBe(200);
    expect(response.headers.get('x-run-id')).toBe(runId);
    const read = await readSse(response, hops < 8 ? { stopAfter: 2 + hops } : {});
    frames.push(...read.frames);
    after = frames.at(-1)?.id ?? after;
    if (read.ending === 'end') return frames;
    expect(read.ending).toBe('stopped');
  }
}

describe('a run started on A, read on B and C', () => {
  it('reaches every reader exactly once and in order, however often it re-attaches and wherever', async () => {
    const body = { message: 'every frame exactly once', frames: 90, delayMs: 15 };
    const expected = [...framesOf(body), DONE];
    const posted = await start(a.endpoint, body);
    expect(posted.status).toBe(200);
    const runId = posted.headers.get('x-run-id')!;
    expect(runId).toMatch(/^[\w-]{22,}$/);

    const [producer, fromB, fromC, hopping, hoppingBack, hoppingMidway] = await Promise.all([
      readSse(posted),
      attach(b.endpoint, runId).then((response) => readSse(response)),
      attach(c.endpoint, runId, 0).then((response) => readSse(response)),
      hop(runId, [b, c]),
      hop(runId, [c, b, a]),
      hop(runId, [c, b], 7),
    ]);

    for (const read of [producer, fromB, fromC]) {
      expect(read.ending).toBe('end');
      expect(ids(read.frames)).toEqual(range(1, expected.length));
      expect(asWritten(read.frames)).toEqual(expected);
    }
    expect(ids(hopping)).toEqual(range(1, expected.length));
    expect(asWritten(hopping)).toEqual(expected);
    expect(asWritten(hoppingBack)).toEqual(expected);
    expect(ids(hoppingMidway)).toEqual(range(8, expected.length));
    expect(asWritten(hoppingMidway)).toEqual(expected.slice(7));
    // The hops did not all happen after the end: some read live frames, while the run went on.
    const producerEnd = producer.frames.at(-1)!.at;
    expect(hopping.filter((frame) => frame.at < producerEnd - 200).length).toBeGreaterThan(10);

    // Once it ended, a complete replay anywhere, and one after each id, are the same run.
    const replay = await readSse(await attach(c.endpoint, runId));
    expect(asWritten(replay.frames)).toEqual(expected);
    for (const after of [0, 1, 2, 23, expected.length - 1, expected.length]) {
      const target = [a, b, c][after % 3]!;
      const read = await readSse(await attach(target.endpoint, runId, after));
      expect(read.ending, `after ${after} on ${target.name}`).toBe('end');
      expect(ids(read.frames)).toEqual(range(after + 1, expected.length));
      expect(asWritten(read.frames)).toEqual(expected.slice(after));
    }
  }, 60_000);

  it('answers a re-attach after an id the run never reached with 400, on any instance', async () => {
    const body = { message: 'short', frames: 23, delayMs: 0 };
    const posted = await start(a.endpoint, body);
    const runId = posted.headers.get('x-run-id')!;
    const read = await readSse(posted);
    const last = read.frames.at(-1)!.id;
    const response = await attach(b.endpoint, runId, last + 1);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad-last-event-id');
    expect((await attach(c.endpoint, 'run_nobody-ever-started-this')).status).toBe(404);
  }, 30_000);
});

describe('a producer killed with kill -9', () => {
  it('ends its readers on B and C with an error frame within the lease, and the run replays with it', async () => {
    const doomed = await spawn('A-doomed');
    const body = { message: 'the producer dies', frames: 2000, delayMs: 20 };
    const written = framesOf(body);
    const posted = await start(doomed.endpoint, body);
    const runId = posted.headers.get('x-run-id')!;
    const producerRead = readSse(posted);

    let killedAt = 0;
    let seenOnB = 0;
    let killing: Promise<void> | null = null;
    const onB = attach(b.endpoint, runId).then((response) =>
      readSse(response, {
        onFrame: () => {
          if (++seenOnB === 10) {
            killedAt = Date.now();
            killing = doomed.crash();
          }
        },
      }),
    );
    const onC = attachOnceReached(c.endpoint, runId, 3).then((response) => readSse(response));
    const [fromB, fromC] = await Promise.all([onB, onC]);
    await killing;

    expect((await producerRead).ending).toBe('failed'); // its own connection died with it
    for (const [read, first] of [
      [fromB, 1],
      [fromC, 4],
    ] as const) {
      expect(read.ending).toBe('end');
      const last = read.frames.at(-1)!;
      expect(errorCode(last)).toBe('run-lost');
      // Within the lease time, plus the readers' once-a-second check and some slack.
      expect(last.at - killedAt).toBeLessThanOrEqual(LEASE_MS + 1500);
      expect(ids(read.frames)).toEqual(range(first, last.id));
      expect(asWritten(read.frames.slice(0, -1))).toEqual(written.slice(first - 1, last.id - 1));
    }
    expect(fromC.frames.at(-1)!.id).toBe(fromB.frames.at(-1)!.id);

    const replay = await readSse(await attach(c.endpoint, runId));
    expect(replay.ending).toBe('end');
    expect(asWritten(replay.frames)).toEqual(asWritten(fromB.frames));
    expect(ids(replay.frames)).toEqual(ids(fromB.frames));
  }, 60_000);
});

describe('DELETE on B', () => {
  it("aborts A's run within 1 s, ends its readers, and refuses the frames A still writes", async () => {
    // `ignoreAbort`: the fixture keeps writing after its signal aborted, as a careless agent would.
    const body = { message: 'cancel me elsewhere', frames: 150, delayMs: 20, ignoreAbort: true };
    const written = framesOf(body);
    const posted = await start(a.endpoint, body);
    const runId = posted.headers.get('x-run-id')!;
    const producerRead = readSse(posted);
    let deleting: Promise<{ status: number; sentAt: number }> | null = null;
    const onC = attach(c.endpoint, runId).then((response) =>
      readSse(response, {
        onFrame: (frame) => {
          if (frame.id !== 10) return;
          const sentAt = Date.now();
          deleting = fetch(`${b.endpoint}/${runId}`, { method: 'DELETE' }).then((answer) => ({
            status: answer.status,
            sentAt,
          }));
        },
      }),
    );
    const [fromA, fromC] = await Promise.all([producerRead, onC]);
    const deleted = await deleting!;
    expect(deleted.status).toBe(204);

    const abort = await a.waitFor((event) => event.type === 'abort' && event.runId === runId);
    expect(abort.reason).toBe('cancelled');
    expect(abort.at - deleted.sentAt).toBeLessThan(1000);

    for (const read of [fromA, fromC]) {
      expect(read.ending).toBe('end');
      expect(errorCode(read.frames.at(-1))).toBe('run-cancelled');
      expect(asWritten(read.frames.slice(0, -1))).toEqual(written.slice(0, read.frames.length - 1));
    }
    const cancelledAt = fromC.frames.at(-1)!.id;
    expect(fromA.frames.at(-1)!.id).toBe(cancelledAt);
    expect(cancelledAt).toBeLessThan(written.length); // it was cancelled mid-run

    // A wrote on to the end of its script; none of it was stored.
    await a.waitFor((event) => event.type === 'end' && event.runId === runId, 15_000);
    const replay = await readSse(await attach(b.endpoint, runId));
    expect(ids(replay.frames)).toEqual(range(1, cancelledAt));
    expect(errorCode(replay.frames.at(-1))).toBe('run-cancelled');

    // And the store refuses a write to the cancelled run from any process, this one too.
    const client = await redis.client();
    const store = createRedisRunStore({ client, leaseMs: LEASE_MS });
    try {
      expect(await store.append(runId, [{ data: '{"message":"zombie"}' }])).toEqual({
        ok: false,
        status: 'cancelled',
      });
    } finally {
      await store.close();
    }
    expect((await fetch(`${c.endpoint}/${runId}`, { method: 'DELETE' })).status).toBe(204);
  }, 60_000);
});

describe('the real client', () => {
  let proxyA: FaultProxy;
  beforeAll(async () => {
    proxyA = await startFaultProxy(a.origin);
  });
  afterAll(() => proxyA.close());

  /** Sends the POST through the proxy in front of A (which cuts it), everything else to `other`. */
  const routed = (other: Instance, seen: string[]) => {
    return (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      if (method === 'POST') {
        url.host = new URL(proxyA.origin).host;
        headers.set('x-fault', JSON.stringify({ kind: 'cut-frames', afterFrames: 12 }));
      } else url.host = new URL(other.origin).host;
      seen.push(`${method} ${url.port === new URL(other.origin).port ? other.name : 'A'}`);
      return fetch(url, { ...init, headers });
    };
  };

  const clientFor = (other: Instance, seen: string[]) =>
    createToolStreamStore({
      endpoint: a.endpoint,
      fetch: routed(other, seen),
      reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
      schedule: 'sync',
    });

  it('re-attaches on B after its POST to A is cut and ends with exactly the state of a clean run', async () => {
    const seen: string[] = [];
    const store = clientFor(b, seen);
    const body = { frames: 60, delayMs: 10 };
    await store.send({ message: 'cut and re-attached', body });
    const state = store.getState();
    expect(seen[0]).toBe('POST A');
    expect(seen.slice(1)).toEqual(['GET B']);
    const lastEventId = Number(state.run.lastEventId);
    expect(lastEventId).toBe(framesOf({ message: 'cut and re-attached', ...body }).length + 1);

    let clean: ToolStreamState | null = null;
    await reduceStream((await attach(c.endpoint, state.run.runId!)).body!, {
      onState: (s) => {
        clean = s;
      },
    });
    expect(runOutcome(state)).toEqual(runOutcome(clean!));
    // The script's flaky_api call fails: the protocol's one non-fatal error, and nothing else.
    expect(runOutcome(state)).toMatchObject({
      status: 'done',
      outcome: 'done',
      errors: [{ code: 'tool-failed', message: expect.stringContaining('The API answered 503.') }],
    });
    const proxied = proxyA.requests.at(-1)!;
    expect(proxied.method).toBe('POST');
    expect(proxied.status).toBe(200);
  }, 30_000);

  it('shows the lost-producer error after kill -9 of A, re-attached on B within the lease', async () => {
    const doomed = await spawn('A-doomed-2');
    const seen: string[] = [];
    const store = createToolStreamStore({
      endpoint: doomed.endpoint,
      fetch: (input, init) => {
        const url = new URL(String(input));
        if ((init?.method ?? 'GET') !== 'POST') url.host = new URL(b.origin).host;
        seen.push(`${init?.method ?? 'GET'} ${url.host === new URL(b.origin).host ? 'B' : 'A'}`);
        return fetch(url, init);
      },
      reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
      schedule: 'sync',
    });
    let killedAt = 0;
    const unsubscribe = store.subscribe((state) => {
      if (killedAt === 0 && Number(state.run.lastEventId) >= 10) {
        killedAt = Date.now();
        void doomed.crash();
      }
    });
    await store.send({ message: 'lose the producer', body: { frames: 2000, delayMs: 20 } });
    const endedAt = Date.now();
    unsubscribe();

    const state = store.getState();
    expect(seen[0]).toBe('POST A');
    expect(seen.slice(1).every((request) => request === 'GET B')).toBe(true);
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({
      code: 'server',
      message: expect.stringContaining('stopped responding'),
    });
    expect(runOutcome(state)).toMatchObject({ outcome: 'failed' });
    expect(endedAt - killedAt).toBeLessThanOrEqual(LEASE_MS + 1500);
  }, 30_000);

  it("stops A's run with stop(), its DELETE sent to B: A's signal aborts within 1 s", async () => {
    const seen: string[] = [];
    const store = createToolStreamStore({
      endpoint: a.endpoint,
      fetch: (input, init) => {
        const url = new URL(String(input));
        if ((init?.method ?? 'GET') !== 'POST') url.host = new URL(b.origin).host;
        seen.push(`${init?.method ?? 'GET'} ${url.host === new URL(b.origin).host ? 'B' : 'A'}`);
        return fetch(url, init);
      },
      schedule: 'sync',
    });
    let stoppedAt = 0;
    let stopping: Promise<void> | null = null;
    const unsubscribe = store.subscribe((state) => {
      // Set before stop(): its own updates come back here synchronously.
      if (stoppedAt === 0 && Number(state.run.lastEventId) >= 10) {
        stoppedAt = Date.now();
        stopping = store.stop();
      }
    });
    await store.send({ message: 'stop me from B', body: { frames: 2000, delayMs: 20 } });
    await stopping;
    unsubscribe();
    const runId = store.getState().run.runId!;

    expect(seen).toEqual(['POST A', 'DELETE B']);
    const abort = await a.waitFor((event) => event.type === 'abort' && event.runId === runId);
    expect(abort.reason).toBe('cancelled');
    expect(abort.at - stoppedAt).toBeLessThan(1000);
    expect(store.getState().status).toBe('aborted');
    expect(runOutcome(store.getState())).toMatchObject({ outcome: 'stopped' });
    const replay = await readSse(await attach(c.endpoint, runId));
    expect(errorCode(replay.frames.at(-1))).toBe('run-cancelled');
  }, 30_000);
});
