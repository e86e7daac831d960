/**
 * Where the core's ingest time goes, stage by stage, on the same workload as `npm run bench`:
 * each stage adds one layer of `reduceStream` to the one before, so the differences between
 * medians are the cost of each layer. Some stages are yardsticks instead: the floor keeping the
 * text, two plain reducers, and a minimal reducer into toolstream's state shape
 * (minimal-state-reducer.ts; its end state is checked after the rounds). Each stage prints its
 * median wall and CPU time and the main thread's GC pauses (gc-pauses.ts), which tell the cost of
 * keeping data alive from the cost of code. No forced GC between stages (see `runOnce` in measure.ts). Run with `node --import tsx bench/core-stages.ts [size in MB, default 20]`.
 */
import { createParser } from 'eventsource-parser';
import type { EventSink } from '../packages/core/src/adapters/event-sink.js';
import { createFramePipeline } from '../packages/core/src/adapters/frame-pipeline.js';
import type { StreamEvent } from '../packages/core/src/protocol/events.js';
import type { ChatMessageResponse } from '../packages/core/src/protocol/wire.js';
import type { ToolStreamAction } from '../packages/core/src/reducer/actions.js';
import { Draft } from '../packages/core/src/reducer/draft.js';
import { applyActions, openReducer } from '../packages/core/src/reducer/reduce.js';
import { initialState } from '../packages/core/src/reducer/state.js';
import { readStreamToState, reduceStream } from '../packages/core/src/snapshot/reduce-stream.js';
import { toSnapshot } from '../packages/core/src/snapshot/snapshot.js';
import { createFrameDecoder } from '../packages/core/src/sse/frame-decoder.js';
import { compareState, type ObservedCall } from './check.js';
import { GcPauses, nextMacrotask } from './gc-pauses.js';
import { median } from './measure.js';
import { MinimalStateReducer } from './minimal-state-reducer.js';
import { cutIntoPieces, streamPieces } from './pieces.js';
import { createRandom, type Random } from './prng.js';
import { generateWorkload } from './workload.js';

const megabytes = Number(process.argv[2] ?? 20);
const workload = generateWorkload({ name: `${megabytes} MB`, targetBytes: megabytes * 1e6, seed: 0x7001 });
const { pieces } = cutIntoPieces(workload.bytes, 16 * 1024, 0x7001);

/** Events per piece, as `reduceStream` batches them, for timing the reducer alone. */
async function collectBatches(): Promise<ToolStreamAction[][]> {
  const batches: ToolStreamAction[][] = [];
  let pending: ToolStreamAction[] = [];
  const pipeline = createFramePipeline((event: StreamEvent) => pending.push(event));
  const decoder = createFrameDecoder({ onFrame: (frame) => pipeline.push(frame) });
  for await (const piece of streamPieces(pieces, null)) {
    decoder.feed(piece);
    batches.push(pending);
    pending = [];
  }
  decoder.end();
  pipeline.end();
  batches.push(pending);
  return batches;
}

let sink = 0;

/** The floor's decoding and parsing, handing each parsed frame to `onResponse`. */
async function feedParsed(onResponse: (response: ChatMessageResponse) => void): Promise<void> {
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent: (event) => onResponse(JSON.parse(event.data)) });
  for await (const piece of streamPieces(pieces, null)) parser.feed(decoder.decode(piece, { stream: true }));
}

/** The input through the core's decoder and pipeline (as `reduceStream` sets it up) into `target`. */
async function feedPipeline(target: EventSink): Promise<void> {
  const pipeline = createFramePipeline(target, { emitEventIds: false });
  const decoder = createFrameDecoder({ onFrame: (frame) => pipeline.push(frame) });
  for await (const piece of streamPieces(pieces, null)) decoder.feed(piece);
  decoder.end();
  pipeline.end();
}

/**
 * `reduceStream`'s pipeline into its reducer, except that streamed pieces go to `onDelta`: the
 * difference to `reduceStream` is what the reducer's handling of pieces costs.
 */
async function withReducer(onDelta: (callId: string, delta: string) => void): Promise<number> {
  const reducer = openReducer(initialState(), Date.now(), new Draft({ inPlace: true }));
  reducer.apply({ type: 'run-start', assistantMessageId: 'assistant-1', userMessage: null, protocol: null });
  await feedPipeline({ emit: reducer.emit, toolDelta: (callId, _phase, delta) => onDelta(callId, delta) });
  return reducer.state.callOrder.length;
}

const stages: [string, () => Promise<void>][] = [
  [
    'decode + eventsource-parser (no JSON)',
    async () => {
      const decoder = new TextDecoder();
      const parser = createParser({ onEvent: (event) => (sink += event.data.length) });
      for await (const piece of streamPieces(pieces, null))
        parser.feed(decoder.decode(piece, { stream: true }));
    },
  ],
  [
    'floor: + JSON.parse',
    async () => {
      const decoder = new TextDecoder();
      const parser = createParser({ onEvent: (event) => (sink += JSON.parse(event.data).tool_calls.length) });
      for await (const piece of streamPieces(pieces, null))
        parser.feed(decoder.decode(piece, { stream: true }));
    },
  ],
  [
    'floor + keep the text (every message and stream_part string)',
    async () => {
      const kept: string[] = [];
      await feedParsed((response) => {
        if (response.message !== '') kept.push(response.message);
        for (const call of response.tool_calls) if (call.stream_part) kept.push(call.stream_part);
      });
      sink += kept.length;
    },
  ],
  [
    'a plain mutable reducer: floor + a Map of calls, text appended (no validation)',
    async () => {
      const calls = new Map<string, { text: string }>();
      await feedParsed((response) => {
        for (const entry of response.tool_calls) {
          let call = calls.get(entry.call_id);
          if (call === undefined) {
            call = { text: '' };
            calls.set(entry.call_id, call);
          }
          if (typeof entry.stream_part === 'string') call.text += entry.stream_part;
        }
      });
      sink += calls.size;
    },
  ],
  [
    "the plain reducer, also keeping each call's final output and completion",
    async () => {
      const calls = new Map<string, { text: string; complete: boolean }>();
      await feedParsed((response) => {
        for (const entry of response.tool_calls) {
          let call = calls.get(entry.call_id);
          if (call === undefined) {
            call = { text: '', complete: false };
            calls.set(entry.call_id, call);
          }
          if (typeof entry.stream_part === 'string') call.text += entry.stream_part;
          if (entry.is_complete === false) continue;
          call.complete = true;
          if (entry.tool_response !== '') call.text = entry.tool_response;
        }
      });
      sink += calls.size;
    },
  ],
  [
    "a minimal reducer into toolstream's state shape (no checks, no events; bench/minimal-state-reducer.ts)",
    async () => {
      const reducer = new MinimalStateReducer();
      await feedParsed((response) => reducer.push(response));
      sink += reducer.state.callOrder.length;
    },
  ],
  [
    'core frame decoder (no JSON)',
    async () => {
      const decoder = createFrameDecoder({ onFrame: (frame) => (sink += frame.data.length) });
      for await (const piece of streamPieces(pieces, null)) decoder.feed(piece);
      decoder.end();
    },
  ],
  [
    'core decoder + pipeline (auto adapter, events dropped)',
    async () => {
      let pending: StreamEvent[] = [];
      const pipeline = createFramePipeline((event) => pending.push(event));
      const decoder = createFrameDecoder({ onFrame: (frame) => pipeline.push(frame) });
      for await (const piece of streamPieces(pieces, null)) {
        decoder.feed(piece);
        sink += pending.length;
        pending = [];
      }
      decoder.end();
    },
  ],
  [
    'core decoder + pipeline (fixed protocol, no SSE ids)',
    async () => {
      let pending: StreamEvent[] = [];
      const pipeline = createFramePipeline((event) => pending.push(event), {
        protocol: 'chat-message-response',
      });
      const decoder = createFrameDecoder({
        onFrame: (frame) => pipeline.push({ event: frame.event, data: frame.data }),
      });
      for await (const piece of streamPieces(pieces, null)) {
        decoder.feed(piece);
        sink += pending.length;
        pending = [];
      }
      decoder.end();
    },
  ],
  [
    'core decoder + pipeline into a plain sink (a Map of calls, text appended)',
    async () => {
      const calls = new Map<string, { text: string }>();
      await feedPipeline({
        emit: () => {},
        toolDelta(callId, _phase, delta) {
          let call = calls.get(callId);
          if (call === undefined) {
            call = { text: '' };
            calls.set(callId, call);
          }
          call.text += delta;
        },
      });
      sink += calls.size;
    },
  ],
  [
    'core decoder + pipeline into a sink that keeps nothing (the adapter reads every entry)',
    async () => {
      let count = 0;
      await feedPipeline({ emit: () => count++, toolDelta: () => count++ });
      sink += count;
    },
  ],
  [
    'core decoder + pipeline, calls started and ended by the reducer, streamed pieces dropped',
    async () => {
      sink += await withReducer(() => {});
    },
  ],
  [
    'core decoder + pipeline, calls by the reducer, streamed pieces into a plain Map',
    async () => {
      const texts = new Map<string, { text: string }>();
      sink += await withReducer((callId, delta) => {
        const call = texts.get(callId);
        if (call === undefined) texts.set(callId, { text: delta });
        else call.text += delta;
      });
    },
  ],
  [
    'reduceStream on its general path only (the fast path off: pipeline, adapter, reducer for every frame)',
    async () => {
      const state = await readStreamToState(streamPieces(pieces, null), {}, { fastPath: false });
      sink += toSnapshot(state).toolCalls.length;
    },
  ],
  [
    'reduceStream (everything; well-formed frames of the primary protocol on its fast path)',
    async () => {
      sink += (await reduceStream(streamPieces(pieces, null))).toolCalls.length;
    },
  ],
];

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);

const gcPauses = new GcPauses();

/**
 * Runs every stage of `list` once a round, in a new order each round (two warm-up rounds), and
 * returns the median wall and CPU ms of each, and the median of the main thread's GC pauses
 * during its runs.
 */
async function measure(
  list: [string, () => Promise<void>][],
): Promise<{ wall: number; cpu: number; gc: number }[]> {
  const wall = list.map(() => [] as number[]);
  const cpu = list.map(() => [] as number[]);
  const gc = list.map(() => [] as number[]);
  const random = createRandom(0x5eed);
  for (let round = -2; round < rounds; round++) {
    // A stage that keeps a large state leaves it for whoever runs next to collect. Shuffled, each
    // stage follows a different one from round to round; merely starting each round one stage
    // later would keep every stage behind the same predecessor, round after round.
    for (const index of shuffled(list.length, random)) {
      const run = list[index]![1];
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      await run();
      const end = performance.now();
      const used = process.cpuUsage(cpuStart);
      if (round < 0) continue;
      wall[index]!.push(end - start);
      cpu[index]!.push((used.user + used.system) / 1000);
      // Outside the timed window: lets the observer receive this run's GC entries.
      await nextMacrotask();
      gc[index]!.push(gcPauses.within(start, end));
      gcPauses.clear();
    }
  }
  return list.map((_, index) => ({
    wall: median(wall[index]!),
    cpu: median(cpu[index]!),
    gc: median(gc[index]!),
  }));
}

/** The indexes `0…length-1` in a random order (Fisher–Yates). */
function shuffled(length: number, random: Random): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let i = length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const results = await measure(stages);
// The reducer alone runs last and apart: its pre-made events are a large live heap that would
// make every major GC of the other stages slower.
const batches = await collectBatches();
const events = batches.reduce((n, batch) => n + batch.length, 0);
const reducerStage: [string, () => Promise<void>] = [
  `reducer alone (applyActions over ${events} pre-made events)`,
  async () => {
    let state = initialState();
    const draft = new Draft();
    state = applyActions(
      state,
      [{ type: 'run-start', assistantMessageId: 'assistant-1', userMessage: null, protocol: null }],
      0,
      draft,
    );
    for (const batch of batches) state = applyActions(state, batch, Date.now(), draft);
    sink += state.callOrder.length;
  },
];
results.push(...(await measure([reducerStage])));
stages.push(reducerStage);

console.log(
  `${workload.name}: ${(workload.bytes.length / 1e6).toFixed(2)} MB, ${workload.stats.frames} frames, ${events} events; medians of ${rounds} rounds`,
);
console.log(' wall ms  × floor    cpu ms  × floor   gc ms  stage');
const floor = results[1]!;
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`.padStart(7);
for (const [index, [name]] of stages.entries()) {
  const { wall, cpu, gc } = results[index]!;
  console.log(
    `${wall.toFixed(1).padStart(8)}  ${ratio(wall, floor.wall)}  ${cpu.toFixed(1).padStart(8)}  ${ratio(cpu, floor.cpu)}  ${gc.toFixed(1).padStart(6)}  ${name}`,
  );
}
gcPauses.disconnect();
if (sink < 0) console.log(sink);

/** The lower bound counts only if it ends in the right state: checked once, untimed. */
async function checkMinimalReducer(): Promise<string[]> {
  const reducer = new MinimalStateReducer();
  await feedParsed((response) => reducer.push(response));
  const { calls, callOrder, parts } = reducer.state;
  const observed = new Map<string, ObservedCall>();
  for (const id of callOrder) {
    const call = calls[id]!;
    const phase = call.result ?? call.call;
    observed.set(id, { output: phase.text, complete: phase.complete, parentId: call.parentId });
  }
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return compareState(workload.expected, text, observed);
}
const minimalProblems = await checkMinimalReducer();
console.log(
  minimalProblems.length === 0
    ? 'minimal reducer: its final state matches the workload'
    : `minimal reducer: WRONG STATE: ${minimalProblems.join('; ')}`,
);
