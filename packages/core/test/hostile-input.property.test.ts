/**
 * Untrusted stream content cannot break the core. Mutated frames of the primary protocol, mixed
 * between good ones, go through every entry point — `store.ingest` (parsed objects and JSON text),
 * `store.ingestFrame`, `store.ingestBytes` (SSE text cut anywhere, as bytes or strings) and
 * `reduceStream` — and:
 *
 * 1. nothing throws, nothing is left uncaught (one store per case runs on the default `frame`
 *    schedule, which is a microtask here);
 * 2. nothing outside the state changes: the built-in prototypes are the same after every case;
 * 3. every offence is reported as exactly one `protocol` error that holds its frame's data
 *    (300 characters, then `…`);
 * 4. the good frames around the bad ones still apply: text, citations and calls (ids, outputs,
 *    completeness, parent links, details) are what the good frames alone give — in a clean run
 *    through the same core, and by the rules of PROTOCOL.md §2 (test/hostile-frames.ts);
 * 5. the state always serializes: `JSON.stringify` writes it and its snapshot, whatever arrived
 *    (values nested ~20,000 deep are cut at 64 levels where state keeps them, one protocol error
 *    for each frame that had a cut).
 *
 * How errors are counted. PROTOCOL.md §2 says "one error per offending chunk", and §2 calls each
 * `ToolCallResponse` a chunk ("chunks with the same `call_id` update the same call"). So:
 * - a frame that is not a JSON object, or an object with none of the protocol's fields, is one
 *   offending chunk: exactly one error;
 * - each `tool_calls` entry that is not an object, has no usable `call_id`, an unknown
 *   `event_type`, a field of the wrong type, or comes after its phase completed is one offending
 *   chunk: exactly one error each, however many sit in one frame; the frame's other entries apply;
 * - a wrong `message`, a wrong `citations` (or non-strings among them: one error for the field,
 *   its strings still count) and a wrong `tool_calls` field are each one offence of the frame. A
 *   frame with several offences has one error per offence, each holding the frame — never fewer
 *   errors than offences, never an error for a good frame.
 *
 * `HOSTILE_FRAMES` sets how many bad-and-good frames go through the core (default 100,000):
 * `HOSTILE_FRAMES=1000000 npx vitest run --project core test/hostile-input.property.test.ts`.
 * `HOSTILE_SEED` and `HOSTILE_PATH` replay a failure (the `seed` and `path` fast-check printed).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolStreamState } from '../src/reducer/state.js';
import { reduceStream } from '../src/snapshot/reduce-stream.js';
import { toSnapshot } from '../src/snapshot/snapshot.js';
import { createToolStreamStore } from '../src/store/create-store.js';
import { lineEnding, trickyOffsets } from './arbitraries.js';
import { readableOf, utf8 } from './harness.js';
import {
  type BuiltScenario,
  buildScenario,
  everyNameCalls,
  expectedExcerpt,
  jsonText,
  PROTOTYPE_NAMES,
  type Scenario,
  scenario,
  type View,
  viewOf,
  type WrittenFrame,
} from './hostile-frames.js';
import { frame, type LineEnding } from './sse-builder.js';

/** How many frames go through the core in the volume test (each entry point counts its own). */
const TARGET_FRAMES = Number(process.env.HOSTILE_FRAMES ?? 100_000);

/** fast-check options that replay a failure, when asked to. */
const REPLAY =
  process.env.HOSTILE_SEED === undefined
    ? {}
    : { seed: Number(process.env.HOSTILE_SEED), path: process.env.HOSTILE_PATH };

// ── what must not change outside the state ─────────────────────────────────────────────────────

const BUILT_INS: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Symbol.prototype', Symbol.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['WeakMap.prototype', WeakMap.prototype],
  ['Promise.prototype', Promise.prototype],
  ['RegExp.prototype', RegExp.prototype],
  ['Error.prototype', Error.prototype],
  ['Object', Object],
  ['Array', Array],
  ['Function', Function],
  ['String', String],
  ['JSON', JSON],
  ['Reflect', Reflect],
];

/**
 * Every own property of the built-ins (names and symbols) with its descriptor's parts, their
 * prototypes and extensibility, and what a fresh object or array reads for names a stream uses.
 */
function builtIns(): unknown[] {
  const facts: unknown[] = [];
  for (const [name, target] of BUILT_INS) {
    facts.push([name, 'prototype', Object.getPrototypeOf(target), Object.isExtensible(target)]);
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!;
      facts.push([name, key, d.value, d.get, d.set, d.writable, d.enumerable, d.configurable]);
    }
  }
  const object: Record<string, unknown> = {};
  const array: unknown[] = [];
  const probes = [
    ...PROTOTYPE_NAMES,
    'status',
    'error',
    'message',
    'call_id',
    'tool_calls',
    'polluted',
    'agent',
  ];
  for (const key of probes) facts.push(['{}', key, object[key], 'in', key in object]);
  for (const key of probes) facts.push(['[]', key, (array as unknown as Record<string, unknown>)[key]]);
  facts.push(
    ['({}).toString === Object.prototype.toString', object.toString === Object.prototype.toString],
    ['({}).__proto__', Object.getPrototypeOf(object) === Object.prototype],
    ['String({})', String(object)],
    ['JSON.stringify({a:1})', JSON.stringify({ a: 1 })],
    ['[1,2].map', [1, 2].map((x) => x * 2).join()],
  );
  return facts;
}

const BEFORE = builtIns();

function expectBuiltInsUntouched(): void {
  const after = builtIns();
  // Compared fact by fact (Object.is), so a difference names the property.
  expect(after.length).toBe(BEFORE.length);
  for (let i = 0; i < BEFORE.length; i++) {
    const a = after[i] as unknown[];
    const b = BEFORE[i] as unknown[];
    if (a.length !== b.length || a.some((v, j) => !Object.is(v, b[j]))) {
      expect.fail(`a built-in changed: ${String(b[0])} ${String(b[1])}`);
    }
  }
}

// ── exceptions nobody caught ───────────────────────────────────────────────────────────────────

const uncaught: unknown[] = [];
const onUncaught = (reason: unknown) => {
  uncaught.push(reason);
};
beforeAll(() => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  expect(uncaught).toEqual([]);
  expectBuiltInsUntouched();
});

/** Lets queued microtasks (the store's `frame` schedule) and one macrotask run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

// ── how a case is sent ─────────────────────────────────────────────────────────────────────────

/** How the stream travels: SSE details, cuts, and what each entry point gets. */
interface Delivery {
  chunks: 'bytes' | 'strings';
  bom: boolean;
  eol: LineEnding;
  cuts: number[];
  tricky: boolean;
  ids: 'none' | 'sequence' | 'names';
  /** Frames `i` with `(i + comments) % 3 === 0` get a keep-alive comment first. */
  comments: number;
  reduceInput: 'string' | 'iterable' | 'readable';
  /** Every how many frames the default-schedule store lets its microtask run. */
  yieldEvery: number;
}

const delivery: fc.Arbitrary<Delivery> = fc.record({
  chunks: fc.constantFrom<'bytes' | 'strings'>('bytes', 'strings'),
  bom: fc.boolean(),
  eol: lineEnding,
  cuts: fc.array(fc.nat(), { maxLength: 40 }),
  tricky: fc.boolean(),
  ids: fc.constantFrom<Delivery['ids']>('none', 'sequence', 'names'),
  comments: fc.nat({ max: 2 }),
  reduceInput: fc.constantFrom<Delivery['reduceInput']>('string', 'iterable', 'readable'),
  yieldEvery: fc.integer({ min: 1, max: 8 }),
});

/** The SSE id of frame `i`: none, `1`, `2`…, or built-ins' names (unique, so no frame is a replay). */
function sseId(d: Delivery, i: number): string | undefined {
  if (d.ids === 'none') return undefined;
  if (d.ids === 'sequence') return String(i + 1);
  const name = PROTOTYPE_NAMES[i % PROTOTYPE_NAMES.length]!;
  return i < PROTOTYPE_NAMES.length ? name : `${name}${i}`;
}

/**
 * The data an entry point delivers for a frame. Bytes cannot hold a lone surrogate (an encoder
 * writes U+FFFD), so byte streams carry the escaped JSON texts, made well formed.
 */
function sseData(f: WrittenFrame, d: Delivery): string {
  return d.chunks === 'bytes' ? WELL_FORMED.decode(utf8(f.canonical)) : f.raw;
}

/** Lone surrogates become U+FFFD, as in UTF-8 bytes; a BOM at the start of a frame's data stays. */
const WELL_FORMED = new TextDecoder('utf-8', { ignoreBOM: true });

/** The SSE text of frames, a BOM first when asked (it is not content: WHATWG decoding drops it). */
function sseText(frames: readonly WrittenFrame[], d: Delivery): string {
  const body = frames
    .map((f, i) =>
      frame(sseData(f, d), {
        id: sseId(d, i),
        eol: d.eol,
        ...((i + d.comments) % 3 === 0 ? { comment: 'keep-alive' } : {}),
      }),
    )
    .join('');
  return d.bom ? `\ufeff${body}` : body;
}

/** The stream cut into reads, as bytes or strings. */
function sseChunks(frames: readonly WrittenFrame[], d: Delivery): (Uint8Array | string)[] {
  const text = sseText(frames, d);
  if (d.chunks === 'strings') return cut(text, d.cuts, (s, a, b) => s.slice(a, b), text.length);
  const bytes = utf8(text);
  const offsets = d.tricky ? [...d.cuts, ...trickyOffsets(bytes).slice(0, 200)] : d.cuts;
  return cut(bytes, offsets, (s, a, b) => s.slice(a, b), bytes.length);
}

function cut<T>(
  whole: T,
  offsets: readonly number[],
  slice: (w: T, a: number, b: number) => T,
  length: number,
): T[] {
  const points = [...new Set(offsets.map((n) => n % Math.max(length, 1)))]
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const pieces: T[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(slice(whole, start, point));
    start = point;
  }
  pieces.push(slice(whole, start, length));
  return pieces;
}

/**
 * A frame's payload as an app that parsed the data itself hands it over (text when it is not
 * JSON), and what an error must show of it: the data, or the JSON text of a parsed payload.
 */
function parsedPayload(f: WrittenFrame): { payload: unknown; data: () => string } {
  let value: unknown;
  try {
    value = JSON.parse(f.raw);
  } catch {
    return { payload: f.raw, data: () => f.raw };
  }
  // A string payload is taken as JSON text, so a JSON string goes over as its text.
  if (typeof value === 'string') return { payload: f.raw, data: () => f.raw };
  return { payload: value, data: () => jsonText(value) };
}

// ── the entry points ───────────────────────────────────────────────────────────────────────────

interface Outcome {
  path: string;
  state: ToolStreamState;
  /** The data of frame `i` as this entry point delivered it. */
  data: (i: number) => string;
}

async function deliverAll(built: BuiltScenario, s: Scenario, d: Delivery): Promise<Outcome[]> {
  const frames = built.dirty;
  const protocol = s.protocol;
  const outcomes: Outcome[] = [];

  {
    const store = createToolStreamStore({ protocol, schedule: 'sync' });
    const data: (() => string)[] = [];
    for (const f of frames) {
      const { payload, data: seen } = parsedPayload(f);
      data.push(seen);
      store.ingest(payload);
    }
    store.complete();
    outcomes.push({ path: 'ingest(object)', state: store.getState(), data: (i) => data[i]!() });
  }
  {
    // The default schedule (`frame`: a microtask off the browser), with its microtask let run now and then.
    const store = createToolStreamStore({ protocol });
    for (let i = 0; i < frames.length; i++) {
      store.ingest(frames[i]!.raw);
      if (i % d.yieldEvery === 0) await settle();
    }
    await settle();
    store.complete();
    await settle();
    outcomes.push({
      path: 'ingest(text), default schedule',
      state: store.getState(),
      data: (i) => frames[i]!.raw,
    });
  }
  {
    const store = createToolStreamStore({ protocol, schedule: 'sync' });
    frames.forEach((f, i) => {
      store.ingestFrame({ data: f.raw, id: sseId(d, i) });
    });
    store.complete();
    outcomes.push({ path: 'ingestFrame', state: store.getState(), data: (i) => frames[i]!.raw });
  }
  {
    const store = createToolStreamStore({ protocol, schedule: 'sync' });
    for (const piece of sseChunks(frames, d)) store.ingestBytes(piece);
    store.complete();
    outcomes.push({
      path: `ingestBytes(${d.chunks})`,
      state: store.getState(),
      data: (i) => sseData(frames[i]!, d),
    });
  }
  {
    let state: ToolStreamState | null = null;
    // A string is text; a ReadableStream carries bytes; an iterable either.
    const chunks = d.reduceInput === 'string' ? 'strings' : d.reduceInput === 'readable' ? 'bytes' : d.chunks;
    const rd: Delivery = { ...d, chunks };
    const input =
      d.reduceInput === 'string'
        ? sseText(frames, rd)
        : d.reduceInput === 'readable'
          ? readableOf(sseChunks(frames, rd) as Uint8Array[])
          : iterate(sseChunks(frames, rd));
    const snapshot = await reduceStream(input, {
      protocol,
      onState: (s) => {
        state = s;
      },
    });
    expect(snapshot.status).toBe('done');
    outcomes.push({
      path: `reduceStream(${d.reduceInput}, ${chunks})`,
      state: state!,
      data: (i) => sseData(frames[i]!, rd),
    });
  }
  return outcomes;
}

async function* iterate<T>(chunks: readonly T[]): AsyncGenerator<T> {
  for (const piece of chunks) {
    await Promise.resolve();
    yield piece;
  }
}

/** What the good frames alone give, read by the core (a clean `reduceStream`). */
async function cleanView(built: BuiltScenario, s: Scenario): Promise<View> {
  let state: ToolStreamState | null = null;
  await reduceStream(sseText(built.clean, { ...NO_FRILLS }), {
    protocol: s.protocol,
    onState: (st) => {
      state = st;
    },
  });
  // Only the values nested too deep are errors there: one for each frame that had any cut.
  const cut = built.clean.flatMap((f) => (f.offences === 0 ? [] : [expectedExcerpt(f.raw)]));
  expect(state!.errors.map((e) => (e.code === 'protocol' ? e.frame : e.code))).toEqual(cut);
  return viewOf(state!);
}

const NO_FRILLS: Delivery = {
  chunks: 'strings',
  bom: false,
  eol: '\n',
  cuts: [],
  tricky: false,
  ids: 'none',
  comments: 0,
  reduceInput: 'string',
  yieldEvery: 1,
};

/** `toEqual`, with a quick look first (the views are plain JSON; most cases compare equal). */
function expectSame<T>(actual: T, expected: T, label: string): void {
  if (jsonText(actual) !== jsonText(expected)) expect(actual, label).toEqual(expected);
}

/** Runs one case through every entry point and checks it; returns the frames that went in. */
async function check(s: Scenario, d: Delivery): Promise<number> {
  const built = buildScenario(s);
  const clean = await cleanView(built, s);
  // The clean run reads the good frames as PROTOCOL.md §2 says…
  expectSame(clean, built.expected, 'the good frames alone');
  // …and the calls with hostile ids are ordinary calls, with their outputs and parents.
  for (const call of built.hostileCalls) {
    const found = clean.calls.find((c) => c.id === call.id);
    expect(found, `call ${JSON.stringify(call.id.slice(0, 40))}`).toMatchObject({
      output: call.output,
      parentId: call.parentId,
      complete: call.complete,
    });
  }

  for (const { path, state, data } of await deliverAll(built, s, d)) {
    const expectedErrors = built.dirty.flatMap((f, i) =>
      f.offences === 0 ? [] : Array<string>(f.offences).fill(expectedExcerpt(data(i))),
    );
    const errors = state.errors.map((e) =>
      e.code === 'protocol' && !e.fatal ? e.frame : `${e.code}: ${e.message}`,
    );
    expectSame(errors, expectedErrors, path);
    expect(state.status, path).toBe('done');
    expectSame(viewOf(state), clean, path);
    // Whatever arrived, the state and its snapshot can be written (exports, saved sessions).
    expect(() => JSON.stringify(state), path).not.toThrow();
    expect(() => JSON.stringify(toSnapshot(state)), path).not.toThrow();
  }
  expectBuiltInsUntouched();
  expect(uncaught).toEqual([]);
  return built.dirty.length * 5;
}

// ── the tests ──────────────────────────────────────────────────────────────────────────────────

describe('hostile input', () => {
  it(
    `${TARGET_FRAMES} mutated and good frames through every entry point: no throw, no pollution, one error per offence, good frames intact`,
    async () => {
      const started = performance.now();
      let frames = 0;
      let cases = 0;
      while (frames < TARGET_FRAMES) {
        await fc.assert(
          fc.asyncProperty(scenario(), delivery, async (s, d) => {
            frames += await check(s, d);
            cases += 1;
          }),
          { numRuns: 100, ...REPLAY },
        );
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`hostile input: ${frames} frames in ${cases} cases through 5 entry points, ${seconds} s`);
      expect(frames).toBeGreaterThanOrEqual(TARGET_FRAMES);
    },
    Math.max(300_000, TARGET_FRAMES * 3),
  );

  it('every built-in name at once: as call ids, tool names, parent ids and detail keys', async () => {
    await fc.assert(
      fc.asyncProperty(scenario(), delivery, fc.nat(), async (s, d, variant) => {
        await check({ ...s, calls: everyNameCalls(variant) }, d);
      }),
      { numRuns: 10, ...REPLAY },
    );
  });

  it('values nested ~20,000 deep in every field, in details and as whole payloads', async () => {
    await fc.assert(
      fc.asyncProperty(scenario({ deep: 150 }, 5), delivery, async (s, d) => {
        await check(s, d);
      }),
      { numRuns: 6, ...REPLAY },
    );
  }, 120_000);

  it('strings of megabytes: call ids, parts, responses, detail values, bad frames', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenario({ deep: 0 }, 3),
        delivery,
        fc.record({
          unit: fc.constantFrom('x', 'é', '🚀', '\ud800', '\u0000', '__proto__'),
          count: fc.integer({ min: 200_000, max: 700_000 }),
          badEntries: fc.integer({ min: 1_000, max: 3_000 }),
        }),
        async (s, d, huge) => {
          await check({ ...s, huge }, { ...d, tricky: false });
        },
      ),
      { numRuns: 3, ...REPLAY },
    );
  }, 300_000);

  it('an error keeps an excerpt of its frame, not the frame, nor the read the frame came in', () => {
    // Engines keep a cut string as a view of the whole: an excerpt must be a string of its own.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const size = 4_000_000;
    const count = 10;
    const store = createToolStreamStore({ schedule: 'sync' });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < count; i++) {
      const long = 'x'.repeat(size) + i;
      // A long bad frame…
      store.ingest(
        `{"message":"","tool_calls":[{"call_id":"a${i}","event_type":"nope","tool_response":"${long}"}]}`,
      );
      // …and a short one, read together with a long keep-alive comment.
      store.ingestBytes(
        `data: {"message":"","tool_calls":[{"call_id":"b${i}","event_type":"nope"}]}\n\n: ${long}\n\n`,
      );
    }
    store.complete();
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    expect(store.getState().errors).toHaveLength(2 * count);
    // What was sent comes to 2 × count × size characters; keeping it would keep all of that.
    expect(retained).toBeLessThan((count * size) / 2);
  });
});
