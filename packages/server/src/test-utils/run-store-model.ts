/**
 * A model of the {@link RunStore} contract (store/run-store.ts) and a fast-check command suite
 * that drives a real store and the model side by side: both stores run the same suite
 * (store/memory-store.property.test.ts, redis/redis-store.property.test.ts).
 *
 * The model is the contract written as plainly as possible: a run is a list of frames numbered
 * 1..n; it keeps a suffix of them (oldest dropped first, the newest always kept) within its bounds;
 * it ends once, with one terminal frame, after which it takes no frame. Readers get exactly the
 * frames after their `afterSeq`, each once and in order, or `gone` when one of those was dropped.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  type AppendResult,
  type FrameInput,
  type RunRecord,
  type RunStore,
  RunStoreError,
  type StoredFrame,
  type StoredRunStatus,
} from '../store/run-store.js';

/** How many frames (and, where the store bounds them, data bytes) a run keeps. */
export interface ModelBounds {
  maxFramesPerRun: number;
  maxBytesPerRun: number;
}

/** What the suite needs of a store under test. */
export interface ModelStoreFactory {
  /** A store with these bounds that shares nothing with one opened before. */
  open(bounds: ModelBounds): Promise<RunStore>;
  /** Whether the store bounds a run's data in bytes (the memory store does; Redis counts frames). */
  boundsBytes: boolean;
}

type Ended = Exclude<StoredRunStatus, 'running'>;

interface ModelFrame {
  seq: number;
  event?: string;
  data: string;
  end?: Ended;
}

interface ModelRun {
  status: StoredRunStatus;
  owner: string | null;
  createdAt: number;
  /** Every frame written, `frames[i].seq === i + 1`. */
  frames: ModelFrame[];
  /** The oldest frame kept. */
  firstSeq: number;
  /** When the end call was made and when it returned (the store stamps `endedAt` in between). */
  endedWithin: [number, number] | null;
}

interface Model {
  bounds: ModelBounds;
  boundsBytes: boolean;
  runs: Map<string, ModelRun>;
}

interface Tail {
  runId: string;
  afterSeq: number;
  /** The run did not exist when the tail started (it was told `unknown` then). */
  unknown: boolean;
  received: StoredFrame[];
  /** Set when the read finished: `null` when it ended by itself, or what it threw. */
  outcome: { error: unknown } | null | undefined;
  controller: AbortController;
  settled: Promise<void>;
}

interface Real {
  store: RunStore;
  tails: Tail[];
}

const lastSeq = (run: ModelRun | undefined) => run?.frames.length ?? 0;

/** The store's `event` as the SSE reader sees it: an empty event name is the default one. */
const sseEvent = (event: string | undefined) => (event === '' ? undefined : event);

function expectedFrames(run: ModelRun, fromSeq: number, toSeq = run.frames.length): ModelFrame[] {
  return run.frames.slice(fromSeq - 1, toSeq);
}

function comparable(frame: StoredFrame | ModelFrame) {
  return { seq: frame.seq, event: sseEvent(frame.event), data: frame.data, end: frame.end };
}

function byteLength(frames: readonly ModelFrame[]): number {
  let bytes = 0;
  for (const frame of frames) bytes += Buffer.byteLength(frame.data, 'utf8');
  return bytes;
}

function push(model: Model, run: ModelRun, input: FrameInput, end?: Ended): void {
  const frame: ModelFrame = { seq: run.frames.length + 1, data: input.data };
  if (input.event !== undefined) frame.event = input.event;
  if (end !== undefined) frame.end = end;
  run.frames.push(frame);
  // The newest frame always stays (a reader can always get the terminal frame).
  const { maxFramesPerRun, maxBytesPerRun } = model.bounds;
  for (;;) {
    const kept = expectedFrames(run, run.firstSeq);
    if (kept.length <= 1) break;
    const tooMany = kept.length > maxFramesPerRun;
    const tooBig = model.boundsBytes && byteLength(kept) > maxBytesPerRun;
    if (!tooMany && !tooBig) break;
    run.firstSeq++;
  }
}

function codeOf(error: unknown): string {
  return error instanceof RunStoreError ? error.code : `not a RunStoreError: ${String(error)}`;
}

/** Waits for `until()` (checked every few ms) or fails after `ms` with `what`. */
async function eventually(until: () => boolean, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!until()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Reads a running run's frames up to `toSeq`, then stops reading. */
async function readUpTo(
  store: RunStore,
  runId: string,
  afterSeq: number,
  toSeq: number,
): Promise<StoredFrame[]> {
  const controller = new AbortController();
  const received: StoredFrame[] = [];
  const timer = setTimeout(() => controller.abort(), 3000);
  try {
    for await (const batch of store.read(runId, afterSeq, { signal: controller.signal })) {
      received.push(...batch);
      if ((received.at(-1)?.seq ?? afterSeq) >= toSeq) break;
    }
  } finally {
    clearTimeout(timer);
  }
  return received;
}

// ---------------------------------------------------------------------------------------------
// Commands

class CreateCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly runId: string,
    readonly owner: string | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const createdAt = 1_700_000_000_000 + model.runs.size;
    if (model.runs.has(this.runId)) {
      const error = await real.store.create({ id: this.runId, owner: this.owner, createdAt }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, 'creating a run that exists throws').toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(RunStoreError);
      return;
    }
    await real.store.create({ id: this.runId, owner: this.owner, createdAt });
    model.runs.set(this.runId, {
      status: 'running',
      owner: this.owner,
      createdAt,
      frames: [],
      firstSeq: 1,
      endedWithin: null,
    });
  }
  toString = () => `create(${JSON.stringify(this.runId)}, ${JSON.stringify(this.owner)})`;
}

class AppendCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly runId: string,
    readonly frames: FrameInput[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const run = model.runs.get(this.runId);
    const result = await real.store.append(this.runId, this.frames);
    let expected: AppendResult;
    if (run === undefined) expected = { ok: false, status: 'unknown' };
    else if (run.status !== 'running') expected = { ok: false, status: run.status };
    else {
      for (const frame of this.frames) push(model, run, frame);
      expected = { ok: true, lastSeq: lastSeq(run) };
    }
    expect(result).toEqual(expected);
  }
  toString = () => `append(${JSON.stringify(this.runId)}, ${JSON.stringify(this.frames)})`;
}

class EndCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly runId: string,
    readonly status: Ended,
    readonly frame: FrameInput,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const run = model.runs.get(this.runId);
    const before = Date.now();
    const ended = await real.store.end(this.runId, { status: this.status, frame: this.frame });
    const after = Date.now();
    const expected = run !== undefined && run.status === 'running';
    expect(ended, 'end answers whether it ended the run').toBe(expected);
    if (run !== undefined && expected) {
      push(model, run, this.frame, this.status);
      run.status = this.status;
      run.endedWithin = [before, after];
    }
  }
  toString = () => `end(${JSON.stringify(this.runId)}, ${this.status}, ${JSON.stringify(this.frame)})`;
}

class GetCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly runId: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const record = await real.store.get(this.runId);
    expectRecord(this.runId, model.runs.get(this.runId), record);
  }
  toString = () => `get(${JSON.stringify(this.runId)})`;
}

function expectRecord(runId: string, run: ModelRun | undefined, record: RunRecord | null): void {
  if (run === undefined) {
    expect(record).toBeNull();
    return;
  }
  expect(record).not.toBeNull();
  const { endedAt, ...rest } = record!;
  expect(rest).toEqual({
    id: runId,
    status: run.status,
    owner: run.owner,
    lastSeq: lastSeq(run),
    firstSeq: run.firstSeq,
    createdAt: run.createdAt,
  });
  if (run.endedWithin === null) expect(endedAt).toBeNull();
  else {
    expect(endedAt).toBeGreaterThanOrEqual(run.endedWithin[0]);
    expect(endedAt).toBeLessThanOrEqual(run.endedWithin[1]);
  }
}

/** A read of what is there now: the whole replay of an ended run, or up to the last frame of a running one. */
class ReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly runId: string,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const run = model.runs.get(this.runId);
    const afterSeq = this.pick % (lastSeq(run) + 1);
    const controller = new AbortController();
    if (run === undefined) {
      const error = await drain(real.store.read(this.runId, afterSeq, { signal: controller.signal })).then(
        () => null,
        (e: unknown) => e,
      );
      expect(codeOf(error), 'reading a run that never existed').toBe('unknown');
      return;
    }
    if (afterSeq + 1 < run.firstSeq) {
      const received: StoredFrame[] = [];
      const error = await drain(
        real.store.read(this.runId, afterSeq, { signal: controller.signal }),
        received,
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(codeOf(error), `frames after ${afterSeq} were dropped (first kept ${run.firstSeq})`).toBe(
        'gone',
      );
      expect(received).toEqual([]);
      return;
    }
    const expected = expectedFrames(run, afterSeq + 1).map(comparable);
    if (run.status !== 'running') {
      // An ended run: the replay ends by itself after the terminal frame.
      const received: StoredFrame[] = [];
      const timer = setTimeout(() => controller.abort(), 3000);
      await drain(real.store.read(this.runId, afterSeq, { signal: controller.signal }), received);
      clearTimeout(timer);
      expect(controller.signal.aborted, 'the read of an ended run ends by itself').toBe(false);
      expect(received.map(comparable)).toEqual(expected);
      return;
    }
    if (afterSeq >= lastSeq(run)) {
      // Nothing to read yet: the read waits, and stops when its signal aborts.
      const received: StoredFrame[] = [];
      setTimeout(() => controller.abort(), 15);
      await drain(real.store.read(this.runId, afterSeq, { signal: controller.signal }), received);
      expect(received).toEqual([]);
      return;
    }
    const received = await readUpTo(real.store, this.runId, afterSeq, lastSeq(run));
    expect(received.map(comparable)).toEqual(expected);
  }
  toString = () => `replay(${JSON.stringify(this.runId)}, pick ${this.pick})`;
}

async function drain(frames: AsyncIterable<StoredFrame[]>, into: StoredFrame[] = []): Promise<void> {
  for await (const batch of frames) into.push(...batch);
}

/** A reader that keeps reading in the background while later commands append and end. */
class TailCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly runId: string,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const run = model.runs.get(this.runId);
    const afterSeq = this.pick % (lastSeq(run) + 1);
    const controller = new AbortController();
    const tail: Tail = {
      runId: this.runId,
      afterSeq,
      unknown: run === undefined,
      received: [],
      outcome: undefined,
      controller,
      settled: Promise.resolve(),
    };
    tail.settled = (async () => {
      try {
        await drain(real.store.read(this.runId, afterSeq, { signal: controller.signal }), tail.received);
        tail.outcome = null;
      } catch (error) {
        tail.outcome = { error };
      }
    })();
    real.tails.push(tail);
    if (run === undefined) {
      // Settled before a later command could create it.
      await tail.settled;
      expect(tail.outcome && codeOf(tail.outcome.error), 'tailing a run that never existed').toBe('unknown');
    }
  }
  toString = () => `tail(${JSON.stringify(this.runId)}, pick ${this.pick})`;
}

/** Every tail still reading catches up with its run's last frame, promptly. */
class SyncTailsCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    for (const tail of real.tails) {
      const run = model.runs.get(tail.runId);
      if (run === undefined || tail.unknown) continue;
      const target = lastSeq(run);
      await eventually(
        () => tail.outcome !== undefined || (tail.received.at(-1)?.seq ?? tail.afterSeq) >= target,
        3000,
        () =>
          `a tail of ${tail.runId} after ${tail.afterSeq} has ${tail.received.at(-1)?.seq ?? 'nothing'}, the run is at ${target}`,
      );
    }
  }
  toString = () => 'syncTails()';
}

/** The checks once every run has ended: each tail ended after the terminal frame, or was told `gone`. */
async function endEverythingAndCheckTails(model: Model, real: Real): Promise<void> {
  for (const [runId, run] of model.runs) {
    if (run.status !== 'running') continue;
    await new EndCommand(runId, 'done', { event: 'done', data: '' }).run(model, real);
  }
  for (const tail of real.tails) {
    await eventually(
      () => tail.outcome !== undefined,
      3000,
      () => `a tail of ${tail.runId} after ${tail.afterSeq} did not stop after the run's end`,
    );
    const run = model.runs.get(tail.runId);
    if (run === undefined || tail.unknown) continue; // checked when it started
    const received = tail.received.map(comparable);
    // Whatever it received is the run's frames after afterSeq, each once, in order, no gap.
    const upTo = received.at(-1)?.seq ?? tail.afterSeq;
    expect(received, `tail of ${tail.runId} after ${tail.afterSeq}`).toEqual(
      expectedFrames(run, tail.afterSeq + 1, upTo).map(comparable),
    );
    if (tail.outcome === null) {
      // It read to the end: the terminal frame, last.
      if (tail.afterSeq < lastSeq(run)) expect(received.at(-1)?.end).toBe(run.status);
      expect(received.filter((frame) => frame.end !== undefined).length).toBeLessThanOrEqual(1);
    } else {
      // `gone` only when the next frame it needed was dropped.
      expect(codeOf(tail.outcome?.error)).toBe('gone');
      expect(
        upTo + 1,
        `tail of ${tail.runId} told gone after ${upTo}: ${String(tail.outcome?.error)}`,
      ).toBeLessThan(run.firstSeq);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** Run ids, including ones that name a prototype's properties. */
const runIds = fc.oneof(
  { arbitrary: fc.constant('run-a'), weight: 4 },
  { arbitrary: fc.constantFrom('__proto__', 'constructor', 'rün-ω'), weight: 1 },
);

/**
 * Any Unicode scalar value (no lone surrogate: a string the wire can carry). fast-check's own
 * `unit: 'binary'` does the same but takes seconds to set up on first use.
 */
export const codePoint = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((code) => String.fromCodePoint(code < 0xd800 ? code : code + 0x800));

const data = fc.oneof(
  // Short ASCII data, so that byte bounds are met exactly now and then.
  fc.string({ unit: 'grapheme-ascii', maxLength: 4 }),
  fc.string({ unit: codePoint, maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    '',
    '\n',
    'two\nlines',
    'cr\rlf\r\nmixed\n',
    '__proto__',
    'constructor',
    '{"__proto__":{"polluted":true}}',
    'id: 99\n\ndata: forged',
    '🧪 ünïcödé ✓',
  ),
);

const event = fc.option(
  fc.oneof(
    fc.constantFrom('message', 'error', 'done', '', '__proto__', 'toString', 'tool-call'),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
  ),
  { nil: undefined },
);

const frame: fc.Arbitrary<FrameInput> = fc
  .record({ event, data })
  .map(({ event, data }) => (event === undefined ? { data } : { event, data }));

const commands = fc.commands<Model, Real, false>(
  [
    fc
      .tuple(runIds, fc.option(fc.constantFrom('alice', '__proto__', 'ünï'), { nil: null }))
      .map(([id, owner]) => new CreateCommand(id, owner)),
    fc.tuple(runIds, fc.array(frame, { maxLength: 6 })).map(([id, frames]) => new AppendCommand(id, frames)),
    fc.tuple(runIds, fc.array(frame, { maxLength: 6 })).map(([id, frames]) => new AppendCommand(id, frames)),
    fc
      .tuple(runIds, fc.constantFrom<Ended>('done', 'failed', 'cancelled'), frame)
      .map(([id, status, ending]) => new EndCommand(id, status, ending)),
    runIds.map((id) => new GetCommand(id)),
    fc.tuple(runIds, fc.nat()).map(([id, pick]) => new ReplayCommand(id, pick)),
    fc.tuple(runIds, fc.nat()).map(([id, pick]) => new TailCommand(id, pick)),
    fc.constant(new SyncTailsCommand()),
  ],
  { maxCommands: 40, size: '+1' },
);

const bounds: fc.Arbitrary<ModelBounds> = fc.record({
  maxFramesPerRun: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant(10_000)),
  maxBytesPerRun: fc.oneof(
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 13, max: 120 }),
    fc.constant(8 * 1024 * 1024),
  ),
});

/** A test's time limit: a minute, or an hour for a long search (`STORE_MODEL_RUNS`). */
export const modelTestTimeout = process.env.STORE_MODEL_RUNS === undefined ? 60_000 : 3_600_000;

/**
 * Runs the command suite against a store: `numRuns` random sequences (env `STORE_MODEL_RUNS`
 * overrides it for a longer search).
 */
export async function checkRunStoreAgainstModel(factory: ModelStoreFactory, numRuns: number): Promise<void> {
  const runs = Number(process.env.STORE_MODEL_RUNS ?? numRuns);
  await fc.assert(
    fc.asyncProperty(bounds, commands, async (bounds, cmds) => {
      const store = await factory.open(bounds);
      const real: Real = { store, tails: [] };
      const model: Model = { bounds, boundsBytes: factory.boundsBytes, runs: new Map() };
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await endEverythingAndCheckTails(model, real);
        for (const [runId, run] of model.runs) expectRecord(runId, run, await store.get(runId));
      } finally {
        for (const tail of real.tails) tail.controller.abort();
        await Promise.all(real.tails.map((tail) => tail.settled));
        await store.close();
      }
    }),
    {
      numRuns: runs,
      seed: process.env.STORE_MODEL_SEED ? Number(process.env.STORE_MODEL_SEED) : undefined,
      endOnFailure: process.env.STORE_MODEL_NO_SHRINK === '1',
      path: process.env.STORE_MODEL_PATH,
    },
  );
}
