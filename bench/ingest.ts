/**
 * `npm run bench`: ingest throughput of toolstream's `reduceStream` next to the floor, the frontend
 * guide's reference hook and the AI SDK, on the generated run of ~2 MB and ~20 MB (see README.md).
 * Env: BENCH_SIZES (MB, default `2,20`), BENCH_ROUNDS (9), BENCH_MAX_S (40: timed seconds after
 * which a slow contender stops; it always gets one run), BENCH_AI_BUDGET_S (60: the AI SDK's budget
 * for a run on 20 MB, after which it is stopped and its time is a lower bound).
 *
 * A hand-written loop rather than a runner library: tinybench (6.x runs on Node 20 and takes async
 * tasks) runs all samples of one task before the next task, with a minimum time and iteration
 * count but no cap. Here every round runs each contender once in a rotating order on the same
 * input, so a slow patch of a shared 2-core machine is spread over all of them; contenders taking
 * seconds a run get a time allowance instead of a sample count; and each run is checked against
 * the expected state, timed in CPU as well as wall time, and (in separate runs) heap-sampled from
 * inside the contender. The library would own only the `performance.now()` pair.
 */
import { cpus, loadavg } from 'node:os';
import { createAiSdkContender } from './contenders/ai-sdk.js';
import type { Contender } from './contenders/contender.js';
import { coreContender } from './contenders/core.js';
import { coreTapContender } from './contenders/core-tap.js';
import { floorContender } from './contenders/floor.js';
import { referenceHookContender } from './contenders/reference-hook.js';
import { cutIntoPieces, generateWorkload } from './workload.js';

const SEED = 0x7001;
const WARM_UP_RUNS = 3;
const LONG_RUN_MS = 2000; // a warm-up run this long is timed: JIT warm-up is lost in it anyway

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const sizes = (process.env.BENCH_SIZES || '2,20').split(',').map((mb) => Number(mb) * 1e6);
const rounds = env('BENCH_ROUNDS', 9);
const allowanceMs = env('BENCH_MAX_S', 40) * 1000;
const aiBudgetMs = env('BENCH_AI_BUDGET_S', 60) * 1000;

const aiSdk = createAiSdkContender((bytes) => (bytes > 10e6 ? aiBudgetMs : null));
const fast = [floorContender, referenceHookContender, coreContender, coreTapContender];
const gc = (globalThis as { gc?: () => void }).gc;
const log = (message: string) => process.stderr.write(`${message}\n`);
const heapUsed = () => process.memoryUsage().heapUsed;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Full GCs until the heap stops shrinking: a previous run's streams free objects only after a turn. */
async function collect(): Promise<void> {
  for (let i = 0, before = Number.POSITIVE_INFINITY; gc !== undefined && i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    if (heapUsed() >= before - 64 * 1024) return;
    before = heapUsed();
  }
}

/**
 * `cpuMs`: the process's CPU time (GC helper threads too), steadier than wall time under other load;
 * `peakHeap`: highest `heapUsed` above the heap before the run, garbage not yet collected included.
 */
type Run = { ms: number; cpuMs: number; consumed: number | undefined; peakHeap: number };

async function benchWorkload(targetBytes: number) {
  const name = `${Math.round(targetBytes / 1e6)} MB`;
  const { bytes, expected, shape } = generateWorkload(targetBytes, SEED);
  const pieces = cutIntoPieces(bytes, 16 * 1024, SEED);
  const runs = new Map<Contender, Run[]>([...fast, aiSdk].map((contender) => [contender, []]));
  const problems = new Map<Contender, string[]>();

  /**
   * One run, checked; only `run` is timed. Timed runs get no forced GC first: a full GC lets hidden
   * classes die that the previous runs' optimised code embeds, and the next run would time
   * re-optimisation (2–3× slower on 2 MB) rather than throughput. With `sampleHeap` a full GC comes
   * first and `heapUsed` is read at the contender's probes (~15 µs each).
   */
  const runOnce = async (contender: Contender, sampleHeap = false): Promise<Run | null> => {
    try {
      const prepared = contender.prepare({ bytes, pieces });
      if (sampleHeap) await collect();
      const base = heapUsed();
      let peak = base;
      const probe = () => {
        peak = Math.max(peak, heapUsed());
      };
      const [cpuStart, start] = [process.cpuUsage(), performance.now()];
      await prepared.run(sampleHeap ? probe : null);
      const ms = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      const found = prepared.consumed === undefined ? prepared.check(expected) : [];
      if (found.length > 0 && !problems.has(contender)) problems.set(contender, found);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      return { ms, cpuMs, consumed: prepared.consumed, peakHeap: peak - base };
    } catch (error) {
      if (!problems.has(contender)) problems.set(contender, [`threw: ${String(error)}`]);
      return null;
    }
  };

  log(`${name}: warming up`); // not the AI SDK: its runs take seconds
  const slow: Contender[] = [aiSdk];
  for (const contender of fast) {
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      const run = await runOnce(contender);
      if (run === null || run.ms <= LONG_RUN_MS) continue;
      runs.get(contender)!.push(run);
      slow.push(contender);
      break;
    }
  }
  // Each round runs every contender once, the first one rotating: a slow patch of a shared
  // machine then does not always hit the same one.
  const interleaved = fast.filter((contender) => !slow.includes(contender));
  for (let round = 0; round < rounds; round++) {
    const shift = round % interleaved.length;
    const order = [...interleaved.slice(shift), ...interleaved.slice(0, shift)];
    log(`${name}: round ${round + 1}/${rounds}: ${order.map((contender) => contender.key).join(', ')}`);
    for (const contender of order) {
      const run = await runOnce(contender);
      if (run !== null) runs.get(contender)!.push(run);
    }
  }
  // Slow contenders after the rounds, back to back (the hundreds of MB of garbage they leave would
  // be collected on the time of whoever ran next), until their allowance is spent. The AI SDK's heap
  // is sampled in these timed runs: every 64 chunks costs nothing at seconds a run.
  for (const contender of slow) {
    const list = runs.get(contender)!;
    while (list.length < rounds && (list.length === 0 || list.reduce((s, r) => s + r.ms, 0) < allowanceMs)) {
      log(`${name}: ${contender.key} run ${list.length + 1}`);
      const run = await runOnce(contender, contender === aiSdk);
      if (run !== null) list.push(run);
      if (run === null || run.consumed !== undefined) break;
    }
  }
  log(`${name}: heap runs`); // untimed, after a full GC
  const peakHeap = new Map([[aiSdk, Math.max(0, ...runs.get(aiSdk)!.map((run) => run.peakHeap))]]);
  for (const contender of fast) peakHeap.set(contender, (await runOnce(contender, true))?.peakHeap ?? 0);

  const floor = runs.get(floorContender)!;
  const [floorMs, floorCpuMs] = [median(floor.map((run) => run.ms)), median(floor.map((run) => run.cpuMs))];
  const notes: string[] = [];
  const rows = [...fast, aiSdk].map((contender) => {
    const list = runs.get(contender)!;
    const [ms, times] = [median(list.map((run) => run.ms)), list.map((run) => run.ms.toFixed(1))];
    const consumed = list.find((run) => run.consumed !== undefined)?.consumed;
    const bound = consumed === undefined ? '' : '≥ ';
    for (const problem of problems.get(contender) ?? []) notes.push(`${contender.key} FAILED: ${problem}`);
    if (consumed !== undefined)
      notes.push(`${contender.key}: stopped after ${(consumed * 100).toFixed(1)} %`);
    else if (slow.includes(contender) && list.length < rounds)
      notes.push(`${contender.key}: ${list.length} run(s) in its allowance of ${allowanceMs / 1000} s`);
    notes.push(`${contender.key} runs (ms): ${times.join(' ')}`);
    return [
      contender.label,
      String(list.length),
      bound + ms.toFixed(1),
      (bound && '≤ ') + (bytes.length / 1e3 / ms).toFixed(1),
      bound + (ms / floorMs).toFixed(2),
      bound + (median(list.map((run) => run.cpuMs)) / floorCpuMs).toFixed(2),
      (peakHeap.get(contender)! / 1e6).toFixed(1),
      problems.has(contender) ? 'FAILED' : bound ? 'not checked' : 'ok',
    ];
  });
  const header = 'contender|runs|median ms|MB/s|× floor|CPU × floor|peak heap MB|check'.split('|');
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => cell[i ? 'padStart' : 'padEnd'](widths[i]!)).join('  ');
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  const title = `${name}: ${(bytes.length / 1e6).toFixed(2)} MB of SSE in ${pieces.length} pieces; ${shape}`;
  console.log(['', title, line(header), rule, ...rows.map(line), ...notes].join('\n'));
}

if (gc === undefined) log('warning: run with --expose-gc (npm run bench does): heap figures are rough');
const loads = () => loadavg().map((value) => value.toFixed(2));
const before = loads();
console.log(
  `node ${process.version}, ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'}; ${rounds} rounds in rotating order ` +
    `after ${WARM_UP_RUNS} warm-up runs; slow contenders after the rounds, ${allowanceMs / 1000} s each`,
);
for (const targetBytes of sizes) await benchWorkload(targetBytes);
console.log(`\nload average (1, 5, 15 min) before ${before.join(' ')}, after ${loads().join(' ')}`);
