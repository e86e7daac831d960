/**
 * `npm run bench:server`: the run stores of `@toolstream/server` (in memory, on Redis Streams) and
 * the AI SDK's `resumable-stream`, on one redis-server started here (see README.md):
 *
 * 1. appends per second on one run, frames of ~200 bytes, as the writer batches them, and delivered
 *    to one reader and to N readers on another instance;
 * 2. memory per live run, with 1,000 live runs (heap of this process, Redis `used_memory`);
 * 3. time from a re-attach `GET` to its first replayed byte, p50 and p99, with those runs live,
 *    over loopback HTTP through srvx.
 *
 * Env: BENCH_SERVER_FRAMES (frames per append run, 50 000), BENCH_SERVER_ROUNDS (append rounds, 5),
 * BENCH_SERVER_READERS (live readers of a run in the fan-out rows, 10),
 * BENCH_SERVER_LIVE (live runs, 1000), BENCH_SERVER_REATTACHES (re-attaches per round, 1000),
 * BENCH_SERVER_REATTACH_ROUNDS (3), BENCH_SERVER_PARTS (`append,live`: which parts to run),
 * BENCH_SERVER_ONLY (live runs: only the contenders whose name contains it).
 */
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient } from 'redis';
import { createRedisRunStore } from '../../packages/server/src/redis/redis-store.js';
import { createMemoryRunStore } from '../../packages/server/src/store/memory-store.js';
import type { RunStore } from '../../packages/server/src/store/run-store.js';
import { startTestRedis } from '../../packages/server/src/test-utils/redis-server.js';
import { createRandom, type Random } from '../prng.js';
import { type AppendTiming, appendResumableStream, appendToolstream } from './append.js';
import { benchFrames, meanDataBytes, sseChunks } from './frames.js';
import { floorLiveRuns, type LiveRuns, resumableLiveRuns, toolstreamLiveRuns } from './live-runs.js';
import { resumableInstance } from './resumable-stream.js';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const FRAMES = env('BENCH_SERVER_FRAMES', 50_000);
const ROUNDS = env('BENCH_SERVER_ROUNDS', 5);
const READERS = env('BENCH_SERVER_READERS', 10);
const LIVE = env('BENCH_SERVER_LIVE', 1000);
const REATTACHES = env('BENCH_SERVER_REATTACHES', 1000);
const REATTACH_ROUNDS = env('BENCH_SERVER_REATTACH_ROUNDS', 3);
const WARM_UP_RUNS = 2;
const REATTACH_TIMEOUT_MS = 5000;
const PREFILL = 20;
const IDLE_WINDOW_MS = 3000;
const LIVE_INTERVAL_MS = 1000;
// Runs keep every frame here (the defaults keep 10,000): a re-attach may ask for any of them.
const KEEP = { maxFramesPerRun: FRAMES + 10 };

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc (npm run bench:server does)');
const log = (message: string) => process.stderr.write(`${message}\n`);
const loads = () => loadavg().map((load) => load.toFixed(2));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN; // every attempt failed: shown as NaN, the failures listed
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const span = (values: number[], format: (value: number) => string) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

function table(title: string, header: string[], rows: string[][], notes: string[] = []) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  console.log(['', `### ${title}`, '', line(header), rule, ...rows.map(line), '', ...notes].join('\n'));
}

async function settle() {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A library's own timer may reject with nobody to catch it (resumable-stream's ack timeout): count it, go on.
const stray = new Map<string, number>();
process.on('unhandledRejection', (reason) => {
  const key = String(reason).slice(0, 80);
  stray.set(key, (stray.get(key) ?? 0) + 1);
});

const before = loads();
log(`Node ${process.version}, ${cpus().length} cores, load average ${before.join(' ')}`);
const redis = await startTestRedis();
// The redis-server is a child of this process: stop it however the benchmark ends.
const stopRedis = (code: number) => void redis.dispose().finally(() => process.exit(code));
process.once('SIGINT', () => stopRedis(130));
process.once('SIGTERM', () => stopRedis(143));
process.once('uncaughtException', (error) => {
  console.error(error);
  stopRedis(1);
});
const admin = await redis.client();
const usedMemory = async () => {
  const info = await admin.sendCommand(['INFO', 'memory']);
  return Number(/used_memory:(\d+)/.exec(String(info))![1]);
};

/** redis-server's CPU time so far (user + system), in µs. */
const redisCpuUs = async () => {
  const info = String(await admin.sendCommand(['INFO', 'cpu']));
  const seconds = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)![1]);
  return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1e6;
};
const cpuUs = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
/** CPU time per ms of wall time, of this process and of redis-server, over a window with nothing else to do. */
const cpuOver = async (ms: number) => {
  const cpu = process.cpuUsage();
  const redisCpu = await redisCpuUs();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const elapsed = performance.now() - started;
  return {
    nodeUsPerMs: cpuUs(process.cpuUsage(cpu)) / elapsed,
    redisUsPerMs: ((await redisCpuUs()) - redisCpu) / elapsed,
  };
};

const frames = benchFrames(FRAMES);
const chunks = sseChunks(frames);
log(`${FRAMES} frames of ${meanDataBytes(frames).toFixed(0)} bytes of data on average`);

// What went wrong, by what: printed at the end (a benchmark that hides its failures measures nothing).
const problems = new Map<string, number>();
const report = (what: string) =>
  problems.set(what.slice(0, 120), (problems.get(what.slice(0, 120)) ?? 0) + 1);
// Two Redis stores, as two instances would have: each its own connection (and its own tail).
const connect = async () => {
  const client = createClient({ url: redis.url });
  client.on('error', (error) => report(`Redis connection: ${error}`));
  await client.connect();
  return client;
};
const [clientA, clientB] = await Promise.all([connect(), connect()]);
const redisA = createRedisRunStore({
  client: clientA,
  ...KEEP,
  onError: (error) => report(`Redis store A: ${error}`),
});
const redisB = createRedisRunStore({
  client: clientB,
  ...KEEP,
  onError: (error) => report(`Redis store B: ${error}`),
});
// Ended runs go after a second: the rounds' runs of 50,000 frames would otherwise fill the heap.
const memory = createMemoryRunStore({
  ...KEEP,
  maxBytesPerRun: 1 << 30,
  maxRuns: 100_000,
  retentionMs: 1000,
});
const [rsA, rsB] = await Promise.all([
  resumableInstance(redis.url, 'bench-rs'),
  resumableInstance(redis.url, 'bench-rs'),
]);

const parts = (process.env.BENCH_SERVER_PARTS || 'append,live').split(',');
try {
  if (parts.includes('append')) await benchAppends();
  if (parts.includes('live')) await benchLiveRuns();
} catch (error) {
  console.error(error);
  stopRedis(1);
  await new Promise(() => {}); // exits once redis-server is stopped
}

await Promise.all([redisA.close(), redisB.close(), memory.close()]);
await Promise.all([clientA.close(), clientB.close(), rsA.close(), rsB.close()]);
await redis.dispose();
if (problems.size > 0)
  console.log(`\nErrors the stores and handlers reported: ${JSON.stringify(Object.fromEntries(problems))}`);
if (stray.size > 0) console.log(`\nRejections nobody handled: ${JSON.stringify(Object.fromEntries(stray))}`);
console.log(
  `\nNode ${process.version}, ${cpus().length} cores; load average (1, 5, 15 min) before ${before.join(' ')}, after ${loads().join(' ')}`,
);

/** 1. Appends per second. */
async function benchAppends() {
  interface AppendContender {
    name: string;
    /** The frames it stores: latency-bound modes get a tenth (their rate does not depend on the count). */
    count: number;
    run(): Promise<AppendTiming>;
    /** Whether the timing that matters is the reader's (frames reaching another instance). */
    read: boolean;
  }
  const few = frames.slice(0, Math.ceil(FRAMES / 10));
  const fewChunks = chunks.slice(0, few.length);
  const contender = (name: string, read: boolean, count: number, run: () => Promise<AppendTiming>) =>
    ({ name, read, count, run }) satisfies AppendContender;
  const one = <Source>(source: Source) => ({ source, count: 1 });
  const many = <Source>(source: Source) => ({ source, count: READERS });
  const appendContenders: AppendContender[] = [
    contender('memory store: writer batching', false, FRAMES, () =>
      appendToolstream(memory, frames, 'relay', null),
    ),
    contender('memory store: one append per frame', false, few.length, () =>
      appendToolstream(memory, few, 'one-by-one', null),
    ),
    contender('memory store: to a reader', true, FRAMES, () =>
      appendToolstream(memory, frames, 'relay', one(memory)),
    ),
    contender(`memory store: to ${READERS} readers`, true, FRAMES, () =>
      appendToolstream(memory, frames, 'relay', many(memory)),
    ),
    contender('Redis store: writer batching', false, FRAMES, () =>
      appendToolstream(redisA, frames, 'relay', null),
    ),
    contender('Redis store: one append per frame', false, few.length, () =>
      appendToolstream(redisA, few, 'one-by-one', null),
    ),
    contender('Redis store: to a reader on another instance', true, FRAMES, () =>
      appendToolstream(redisA, frames, 'relay', one(redisB)),
    ),
    contender(`Redis store: to ${READERS} readers on another instance`, true, FRAMES, () =>
      appendToolstream(redisA, frames, 'relay', many(redisB)),
    ),
    contender('resumable-stream: nobody resuming', false, FRAMES, () =>
      appendResumableStream(rsA.context, chunks, null),
    ),
    // Pub/sub per chunk and per resumer: a tenth of the frames, its rate does not depend on the count.
    contender('resumable-stream: to a reader on another instance', true, few.length, () =>
      appendResumableStream(rsA.context, fewChunks, one(rsB.context)),
    ),
    contender(`resumable-stream: to ${READERS} readers on another instance`, true, few.length, () =>
      appendResumableStream(rsA.context, fewChunks, many(rsB.context)),
    ),
  ];
  const samples = new Map<string, { rate: number; nodeUs: number; redisUs: number }[]>(
    appendContenders.map((c) => [c.name, []]),
  );
  log('warm-up');
  for (let i = 0; i < WARM_UP_RUNS; i++) for (const c of appendContenders) await c.run();
  await admin.sendCommand(['FLUSHALL']);
  // No forced GC before a timed run: V8 would deoptimise, and the run would time re-optimisation.
  for (let round = 0; round < ROUNDS; round++) {
    log(`append round ${round + 1}/${ROUNDS} (load ${loads()[0]})`);
    for (let i = 0; i < appendContenders.length; i++) {
      const next = appendContenders[(i + round) % appendContenders.length]!;
      const cpu = process.cpuUsage();
      const redisCpu = await redisCpuUs();
      const timing = await next.run();
      const nodeUs = cpuUs(process.cpuUsage(cpu));
      const redisUs = (await redisCpuUs()) - redisCpu;
      const ms = next.read ? timing.readMs! : timing.storedMs;
      samples.get(next.name)!.push({
        rate: (next.count / ms) * 1000,
        nodeUs: nodeUs / next.count,
        redisUs: redisUs / next.count,
      });
    }
    await admin.sendCommand(['FLUSHALL']);
  }
  const us = (value: number) => value.toFixed(1);
  table(
    `Appends per second: one run of ${int(FRAMES)} frames (~${meanDataBytes(frames).toFixed(0)} B of data each), median of ${ROUNDS} (range)`,
    ['contender', 'frames/s', 'Node CPU µs/frame', 'Redis CPU µs/frame', 'frames per CPU-second'],
    appendContenders.map((c) => {
      const runs = samples.get(c.name)!;
      return [
        `${c.name}${c.count === FRAMES ? '' : ` (${int(c.count)} frames)`}`,
        span(
          runs.map((run) => run.rate),
          int,
        ),
        us(median(runs.map((run) => run.nodeUs))),
        us(median(runs.map((run) => run.redisUs))),
        int(median(runs.map((run) => 1e6 / (run.nodeUs + run.redisUs)))),
      ];
    }),
    [
      '"writer batching": `writer.relay()` of the frames as fast as they come (appends of up to 256 frames, one in flight);',
      '"one append per frame": `await writer.flush()` after each frame; "to a reader"/"to N readers": until every reader,',
      'attached before the first frame (on another connection for Redis: its one shared tail), has the terminal frame.',
      "resumable-stream: the producer's own stream read to its end; with resumers, until each has every chunk (the",
      'producer publishes each chunk to each of them).',
      'CPU: this process (all its threads: GC too) and redis-server (INFO cpu), per frame; the last column is what the',
      'two would reach with a core each to themselves and no waiting: on a busy machine, wall time is mostly waiting.',
    ],
  );
}

/** 2 and 3. Live runs: memory per run, then re-attach latency. */
async function benchLiveRuns() {
  interface LiveContender {
    name: string;
    make(): Promise<LiveRuns>;
  }
  const live = { frames, chunks, prefill: PREFILL, intervalMs: LIVE_INTERVAL_MS };
  const freshMemory = (): RunStore => createMemoryRunStore({ maxRuns: LIVE * 2 });
  const liveContenders: LiveContender[] = [
    { name: 'floor: srvx, a stream from memory', make: () => floorLiveRuns(live) },
    { name: 'toolstream, memory store', make: () => toolstreamLiveRuns(freshMemory(), live, { report }) },
    { name: 'toolstream, Redis store', make: () => toolstreamLiveRuns(redisA, live, { report }) },
    { name: 'resumable-stream', make: () => resumableLiveRuns(rsA, rsB, live) },
  ];
  const liveRows: string[][] = [];
  const memoryRows: string[][] = [];
  const random = createRandom(0x1a7e);
  const only = process.env.BENCH_SERVER_ONLY;
  for (const contender of liveContenders) {
    if (only !== undefined && !contender.name.includes(only)) continue;
    await admin.sendCommand(['FLUSHALL']);
    await settle();
    const heapBefore = process.memoryUsage().heapUsed;
    const redisBefore = await usedMemory();
    log(`${contender.name}: starting ${LIVE} live runs`);
    const runs = await contender.make();
    await runs.start(LIVE);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await settle();
    const heapPerRun = (process.memoryUsage().heapUsed - heapBefore) / LIVE;
    const redisPerRun = ((await usedMemory()) - redisBefore) / LIVE;
    memoryRows.push([contender.name, kib(heapPerRun), kib(redisPerRun)]);
    log(`${contender.name}: ${kib(heapPerRun)} of heap, ${kib(redisPerRun)} in Redis per live run`);

    // What the live runs cost alone, to tell it from what the re-attaches cost.
    const idle = await cpuOver(IDLE_WINDOW_MS);

    const p50s: number[] = [];
    const p99s: number[] = [];
    const all: number[] = [];
    const failures = new Map<string, number>();
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const cpu = process.cpuUsage();
    const redisCpu = await redisCpuUs();
    const started = performance.now();
    for (let round = 0; round < REATTACH_ROUNDS; round++) {
      log(`${contender.name}: re-attach round ${round + 1}/${REATTACH_ROUNDS} (load ${loads()[0]})`);
      const latencies: number[] = [];
      for (let i = 0; i < REATTACHES; i++) {
        const result = await reattachOnce(runs, random);
        if (typeof result === 'number') latencies.push(result);
        else failures.set(result.failure, (failures.get(result.failure) ?? 0) + 1);
      }
      p50s.push(percentile(latencies, 50));
      p99s.push(percentile(latencies, 99));
      all.push(...latencies);
    }
    const elapsed = performance.now() - started;
    const count = REATTACHES * REATTACH_ROUNDS;
    const nodeMs = (cpuUs(process.cpuUsage(cpu)) - idle.nodeUsPerMs * elapsed) / 1000 / count;
    const redisMs = ((await redisCpuUs()) - redisCpu - idle.redisUsPerMs * elapsed) / 1000 / count;
    loopDelay.disable();
    const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
    const row = [
      contender.name,
      span(p50s, (ms) => ms.toFixed(2)),
      span(p99s, (ms) => ms.toFixed(2)),
      percentile(all, 99.9).toFixed(2),
      Math.max(...all).toFixed(2),
      `${nodeMs.toFixed(2)} / ${redisMs.toFixed(2)}`,
      (loopDelay.percentile(99) / 1e6).toFixed(1),
      failed === 0 ? '0' : `${failed}: ${[...failures].map(([why, n]) => `${n}× ${why}`).join('; ')}`,
    ];
    log(row.join(' | '));
    liveRows.push(row);
    await runs.close();
  }
  table(
    `Re-attach: GET to first replayed byte, ms, with ${int(LIVE)} live runs; ${REATTACH_ROUNDS} rounds of ${int(REATTACHES)} (median of the rounds, range)`,
    [
      'contender',
      'p50',
      'p99',
      'p99.9 (all)',
      'max',
      'CPU ms per re-attach: Node / Redis',
      'event-loop delay p99',
      'failed',
    ],
    liveRows,
    [
      `Each live run wrote ${PREFILL} frames, then one every ${LIVE_INTERVAL_MS} ms on average; each GET re-attaches to a random`,
      `run after a random one of its first ${PREFILL} frames, one at a time, over loopback HTTP (Node http + srvx), reads`,
      'the first chunk (checked to start with the next frame) and leaves. resumable-stream resumes on a second context.',
      'The floor answers every GET at once with the frame asked for, in a stream left open: HTTP, web streams, the client.',
      `CPU per re-attach: this process (client and server) and redis-server during the rounds, less what the live runs`,
      `alone used in a ${IDLE_WINDOW_MS / 1000} s window before them. Event-loop delay: this process's, during the rounds (ms).`,
    ],
  );
  table(
    `Memory per live run (${int(LIVE)} runs of ${PREFILL} frames, after GC)`,
    ['contender', 'heap', 'Redis used_memory'],
    memoryRows,
    [
      'Heap: this process (producers, handler and store; for resumable-stream both contexts). Redis: INFO used_memory.',
    ],
  );
}

/** One re-attach: ms to its first replayed byte, or why it failed. */
async function reattachOnce(runs: LiveRuns, random: Random): Promise<number | { failure: string }> {
  const after = random.int(0, PREFILL - 1);
  const request = runs.reattach(random, after);
  const started = performance.now();
  try {
    // A re-attach that never answers is a failure, not a hang of the benchmark.
    const signal = AbortSignal.timeout(REATTACH_TIMEOUT_MS);
    const response = await fetch(request.url, { headers: request.headers, signal });
    if (!response.ok) return { failure: `HTTP ${response.status} ${(await response.text()).slice(0, 140)}` };
    // Up to the first frame: the handler writes its `retry:` line before it.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let frameAt = -1;
    while (frameAt < 0) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
      frameAt = text.search(/^id: /m);
    }
    const ms = performance.now() - started;
    await reader.cancel();
    if (frameAt < 0 || !text.startsWith(`id: ${after + 1}\n`, frameAt))
      return { failure: `began ${JSON.stringify(text.slice(0, 40))}` };
    return ms;
  } catch (error) {
    return { failure: String(error).slice(0, 80) };
  }
}
