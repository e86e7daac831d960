import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRunStore } from './memory-store.js';
import { type RunStore, RunStoreError, type StoredFrame, type StoredRunStatus } from './run-store.js';

const DONE = { status: 'done', frame: { event: 'done', data: '' } } as const;
const CANCELLED = {
  status: 'cancelled',
  frame: { event: 'error', data: '{"message":"cancelled"}' },
} as const;

let stores: RunStore[] = [];
function open(options: Parameters<typeof createMemoryRunStore>[0] = {}): RunStore {
  const store = createMemoryRunStore(options);
  stores.push(store);
  return store;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stores.map((store) => store.close()));
  stores = [];
});

const create = (store: RunStore, id: string) => store.create({ id, owner: null, createdAt: Date.now() });

/** A reader in the background: what it received, and how it finished. */
function reader(store: RunStore, runId: string, afterSeq = 0) {
  const controller = new AbortController();
  const state = {
    frames: [] as StoredFrame[],
    outcome: undefined as 'ended' | { error: unknown } | undefined,
    controller,
    settled: Promise.resolve(),
  };
  state.settled = (async () => {
    try {
      for await (const batch of store.read(runId, afterSeq, { signal: controller.signal })) {
        state.frames.push(...batch);
      }
      state.outcome = 'ended';
    } catch (error) {
      state.outcome = { error };
    }
  })();
  return state;
}

async function capacityError(promise: Promise<unknown>): Promise<RunStoreError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RunStoreError);
  return error as RunStoreError;
}

describe('memory store: maxRuns', () => {
  it('makes room by forgetting the oldest ended run, never a running one', async () => {
    const store = open({ maxRuns: 3 });
    await create(store, 'a');
    await create(store, 'b');
    await create(store, 'c');
    await store.end('a', DONE);
    await store.end('b', DONE);
    // c is the oldest run still running: it stays; a, the oldest ended, goes.
    await create(store, 'd');
    expect(await store.get('a')).toBeNull();
    expect((await store.get('b'))?.status).toBe('done');
    expect((await store.get('c'))?.status).toBe('running');
    expect((await store.get('d'))?.status).toBe('running');
    await create(store, 'e');
    expect(await store.get('b')).toBeNull();
    expect((await store.get('c'))?.status).toBe('running');
  });

  it('refuses a new run with capacity and a retry delay when every kept run is running', async () => {
    const store = open({ maxRuns: 2 });
    await create(store, 'a');
    await create(store, 'b');
    const error = await capacityError(create(store, 'c'));
    expect(error.code).toBe('capacity');
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(Number.isFinite(error.retryAfterMs)).toBe(true);
    expect(await store.get('c')).toBeNull();
    // Once one ends, there is room again.
    await store.end('a', DONE);
    await create(store, 'c');
    expect((await store.get('c'))?.status).toBe('running');
    expect(await store.get('a')).toBeNull();
  });
});

describe('memory store: runTtlMs', () => {
  it('ends a run still running after it as failed, with an error frame its readers get, and tells its holder', async () => {
    const store = open({ runTtlMs: 1000 });
    await create(store, 'r');
    await store.append('r', [{ data: 'one' }]);
    const onEnded = vi.fn<(status: StoredRunStatus) => void>();
    store.hold('r', onEnded);
    const read = reader(store, 'r');
    await vi.advanceTimersByTimeAsync(999);
    expect((await store.get('r'))?.status).toBe('running');
    expect(onEnded).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const record = await store.get('r');
    expect(record).toMatchObject({ status: 'failed', lastSeq: 2, endedAt: Date.now() });
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('failed');
    await read.settled;
    expect(read.outcome).toBe('ended');
    expect(read.frames).toHaveLength(2);
    const terminal = read.frames[1]!;
    expect(terminal).toMatchObject({ seq: 2, event: 'error', end: 'failed' });
    expect(JSON.parse(terminal.data)).toMatchObject({ message: expect.any(String) });
    // Fenced: the producer's next append is refused.
    expect(await store.append('r', [{ data: 'late' }])).toEqual({ ok: false, status: 'failed' });
  });

  it('leaves a run that ended before it alone', async () => {
    const store = open({ runTtlMs: 1000, retentionMs: 60_000 });
    await create(store, 'r');
    const onEnded = vi.fn();
    const hold = store.hold('r', onEnded);
    await vi.advanceTimersByTimeAsync(500);
    hold.release();
    await store.end('r', DONE);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await store.get('r')).toMatchObject({ status: 'done', lastSeq: 1 });
    expect(onEnded).not.toHaveBeenCalled();
  });
});

describe('memory store: retentionMs', () => {
  it('keeps an ended run for re-attaches until retention runs out, then forgets it', async () => {
    const store = open({ retentionMs: 5000 });
    await create(store, 'r');
    await store.append('r', [{ data: 'a' }, { data: 'b' }]);
    await vi.advanceTimersByTimeAsync(10_000); // running: retention does not count yet
    await store.end('r', DONE);
    await vi.advanceTimersByTimeAsync(4999);
    const late = reader(store, 'r', 1);
    await late.settled;
    expect(late.frames.map((frame) => frame.seq)).toEqual([2, 3]);
    expect((await store.get('r'))?.status).toBe('done');

    await vi.advanceTimersByTimeAsync(1);
    expect(await store.get('r')).toBeNull();
    const tooLate = reader(store, 'r', 1);
    await tooLate.settled;
    expect(tooLate.outcome).toEqual({ error: expect.objectContaining({ code: 'unknown' }) });
    expect(await store.append('r', [{ data: 'x' }])).toEqual({ ok: false, status: 'unknown' });
    expect(await store.end('r', DONE)).toBe(false);
  });

  it('stops a reader that is still reading when its run is forgotten', async () => {
    const store = open({ retentionMs: 1000 });
    await create(store, 'r');
    await store.append('r', [{ data: 'a' }]);
    const controller = new AbortController();
    const iterator = store.read('r', 0, { signal: controller.signal })[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual([{ seq: 1, data: 'a' }]);
    await store.end('r', DONE);
    await vi.advanceTimersByTimeAsync(1000);
    // The terminal frame was forgotten before this slow reader asked for it: the read ends.
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('starts retention again for a run ended by its time limit', async () => {
    const store = open({ runTtlMs: 100, retentionMs: 1000 });
    await create(store, 'r');
    await vi.advanceTimersByTimeAsync(100);
    expect((await store.get('r'))?.status).toBe('failed');
    await vi.advanceTimersByTimeAsync(999);
    expect((await store.get('r'))?.status).toBe('failed');
    await vi.advanceTimersByTimeAsync(1);
    expect(await store.get('r')).toBeNull();
  });
});

describe('memory store: hold and release', () => {
  it('tells every holder once when another hand ends the run', async () => {
    const store = open();
    await create(store, 'r');
    const first = vi.fn();
    const second = vi.fn();
    store.hold('r', first);
    store.hold('r', second);
    expect(await store.end('r', CANCELLED)).toBe(true);
    expect(await store.end('r', DONE)).toBe(false);
    expect(first.mock.calls).toEqual([['cancelled']]);
    expect(second.mock.calls).toEqual([['cancelled']]);
  });

  it('tells a released holder nothing', async () => {
    const store = open();
    await create(store, 'r');
    const onEnded = vi.fn();
    const hold = store.hold('r', onEnded);
    hold.release();
    hold.release(); // twice is harmless
    await store.end('r', CANCELLED);
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('tells a holder of a run that already ended, or never existed, after hold returns', async () => {
    const store = open();
    await create(store, 'r');
    await store.end('r', CANCELLED);
    const onEnded = vi.fn();
    store.hold('r', onEnded);
    expect(onEnded).not.toHaveBeenCalled(); // not before the caller has its hold
    await Promise.resolve();
    expect(onEnded.mock.calls).toEqual([['cancelled']]);

    const onUnknown = vi.fn<(status: StoredRunStatus) => void>();
    store.hold('never', onUnknown);
    await Promise.resolve();
    expect(onUnknown).toHaveBeenCalledTimes(1);
    expect(onUnknown.mock.calls[0]![0]).not.toBe('running');
  });
});

describe('memory store: close', () => {
  it('ends running runs for their readers and holder, refuses new ones and fires no timer after', async () => {
    const store = open({ runTtlMs: 1000, retentionMs: 1000 });
    await create(store, 'running');
    await store.append('running', [{ data: 'a' }]);
    await create(store, 'ended');
    await store.end('ended', DONE);
    const waiting = reader(store, 'running', 1);
    const midway = reader(store, 'running', 0);
    const onEnded = vi.fn();
    store.hold('running', onEnded);
    await vi.advanceTimersByTimeAsync(0);
    expect(midway.frames).toHaveLength(1);

    await store.close();
    await waiting.settled;
    await midway.settled;
    expect(waiting.outcome).toBeDefined();
    expect(midway.outcome).toBe('ended');
    // What was written stays readable (readers attached now finish on it); nothing runs.
    expect((await store.get('running'))?.status).toBe('failed');
    expect((await store.get('ended'))?.status).toBe('done');
    const error = await capacityError(create(store, 'new'));
    expect(error.code).toBe('capacity');
    // The producer holding the running run hears once that it ended (failed: shut down).
    expect(onEnded.mock.calls).toEqual([['failed']]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
