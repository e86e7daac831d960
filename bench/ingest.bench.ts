/**
 * `npm run bench`: ingest throughput of toolstream's core against the floor, the frontend
 * guide's reference hook and the AI SDK, on a generated sub-agent delegation run of ~2 MB and
 * ~20 MB. See bench/README.md. Settings by environment variable:
 * - `BENCH_ROUNDS`: timed rounds per workload (default 9; on 20 MB the contenders that take
 *   seconds a run are capped by `BENCH_MAX_S` instead);
 * - `BENCH_MAX_S`: seconds of timed runs after which a contender sits out the remaining rounds
 *   (default 40; it always gets one run);
 * - `BENCH_AI_BUDGET_S`: the AI SDK's time budget for its single run on 20 MB, after which it is
 *   stopped and its time reported as a lower bound (default 60);
 * - `BENCH_SIZES`: comma-separated workload sizes in MB (default `2,20`).
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchInput, Contender } from './contender.js';
import { createAiSdkContender } from './contenders/ai-sdk.js';
import { coreContender } from './contenders/core.js';
import { floorContender } from './contenders/floor.js';
import { referenceHookContender } from './contenders/reference-hook.js';
import { canCollect, median, type RunOutcome, runOnce } from './measure.js';
import { cutIntoPieces } from './pieces.js';
import { type ContenderResult, formatWorkload, type WorkloadResult } from './report.js';
import { generateWorkload } from './workload.js';

const PIECE_BYTES = 16 * 1024;
const SEED = 0x7001;
const BIG = 10e6; // workloads above this size count as "big": one warm-up run, AI SDK once with a budget

const sizes = (process.env.BENCH_SIZES ?? '2,20').split(',').map((size) => Number(size) * 1e6);
// Nine rounds on both sizes: the fast contenders take well under a second a run on 20 MB, and a
// median of nine is steadier than one of five on a shared machine.
const rounds = numberEnv('BENCH_ROUNDS') ?? 9;
const allowanceMs = (numberEnv('BENCH_MAX_S') ?? 40) * 1000;
const LONG_RUN_MS = 2000;
const aiBudgetMs = (numberEnv('BENCH_AI_BUDGET_S') ?? 60) * 1000;

const aiSdk = createAiSdkContender((bytes) => (bytes > BIG ? aiBudgetMs : null));
const fast: Contender[] = [floorContender, referenceHookContender, coreContender];
// Run after the rounds rather than in them. Each core run leaves its whole state (tens of MB on
// 20 MB) to be collected by whoever runs next: interleaved with (d), the two would pay for each
// other's garbage and both look slower than either is. After the rounds, (d′) runs back to back
// and pays for its own, as (d) does in half of the rounds.
const apart: Contender[] = [];

async function main(): Promise<void> {
  if (!canCollect)
    log('warning: run with --expose-gc (npm run bench does); heap figures are rough without it');
  const load = loadavg();
  log(
    `node ${process.version}, ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'}, load ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const workloads: WorkloadResult[] = [];
  for (const targetBytes of sizes) workloads.push(await benchWorkload(targetBytes));

  const outFile = join(dirname(fileURLToPath(import.meta.url)), '.out', 'ingest.json');
  await mkdir(dirname(outFile), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    loadAverageBefore: load,
    loadAverageAfter: loadavg(),
    settings: { pieceBytes: PIECE_BYTES, seed: SEED, allowanceMs, aiBudgetMs, exposeGc: canCollect },
    workloads,
  };
  await writeFile(outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nload average before ${fmtLoad(load)}, after ${fmtLoad(loadavg())}; JSON written to ${outFile}`,
  );
}

async function benchWorkload(targetBytes: number): Promise<WorkloadResult> {
  const name = `${Math.round(targetBytes / 1e6)} MB`;
  const workload = generateWorkload({ name, targetBytes, seed: SEED });
  const pieces = cutIntoPieces(workload.bytes, PIECE_BYTES, SEED);
  const input: BenchInput = { workload, pieces };
  const big = targetBytes > BIG;
  const runs = new Map<Contender, RunOutcome[]>();
  const spentMs = (contender: Contender) => (runs.get(contender) ?? []).reduce((sum, run) => sum + run.ms, 0);
  const record = (contender: Contender, outcome: RunOutcome) => {
    const list = runs.get(contender) ?? [];
    list.push(outcome);
    runs.set(contender, list);
  };
  const failures = new Map<Contender, string[]>();
  const attempt = async (contender: Contender, sampleHeap: boolean): Promise<RunOutcome | null> => {
    try {
      const outcome = await runOnce(contender, input, sampleHeap);
      if (outcome.problems.length > 0 && !failures.has(contender)) failures.set(contender, outcome.problems);
      return outcome;
    } catch (error) {
      if (!failures.has(contender)) failures.set(contender, [`threw: ${String(error)}`]);
      return null;
    }
  };

  log(`${name}: warming up`);
  const keptWarmUp = new Set<Contender>();
  for (const contender of fast) {
    for (let i = 0; i < (big ? 1 : 3); i++) {
      const outcome = await attempt(contender, false);
      if (outcome === null || outcome.ms <= LONG_RUN_MS) continue;
      // JIT warm-up is lost in a run this long: keep it as a timed run rather than waste it.
      record(contender, outcome);
      keptWarmUp.add(contender);
      break;
    }
  }
  // No warm-up for the SDK: its runs take seconds, so JIT warm-up is lost in the noise.

  // Contenders taking seconds a run (the AI SDK; the reference hook on the big workload) run after
  // the rounds of the fast ones: the hundreds of MB of garbage they leave would otherwise be
  // collected on the time of whoever runs next, and alternating them buys nothing at 60–300×.
  const slow = [...apart, aiSdk, ...keptWarmUp];
  const interleaved = fast.filter((contender) => !keptWarmUp.has(contender) && !apart.includes(contender));
  for (let round = 0; round < rounds; round++) {
    // Every round starts with a different contender: the machine may be shared, and a slow patch
    // should not always hit the same one.
    const shift = round % interleaved.length;
    const rotated = [...interleaved.slice(shift), ...interleaved.slice(0, shift)];
    log(`${name}: round ${round + 1}/${rounds}: ${rotated.map((contender) => contender.key).join(', ')}`);
    for (const contender of rotated) {
      const outcome = await attempt(contender, false);
      if (outcome !== null) record(contender, outcome);
    }
  }
  const runCount = (contender: Contender) => runs.get(contender)?.length ?? 0;
  for (const contender of slow) {
    // Until its allowance is used up (one run at least); the AI SDK runs once on the big workload.
    const maxRuns = big && contender === aiSdk ? 1 : rounds;
    while (runCount(contender) < maxRuns && (runCount(contender) === 0 || spentMs(contender) < allowanceMs)) {
      log(`${name}: ${contender.key} run ${runCount(contender) + 1}`);
      const outcome = await attempt(contender, contender === aiSdk);
      if (outcome === null) break;
      record(contender, outcome);
    }
  }

  log(`${name}: heap runs`);
  const heaps = new Map<Contender, RunOutcome | null>();
  for (const contender of fast) heaps.set(contender, await attempt(contender, true));

  const floorRuns = runs.get(floorContender) ?? [];
  const floorMedian = median(floorRuns.map((run) => run.ms));
  const floorCpuMedian = median(floorRuns.map((run) => run.cpuMs));
  const results: ContenderResult[] = [...fast, aiSdk].map((contender) => {
    const outcomes = runs.get(contender) ?? [];
    const times = outcomes.map((run) => run.ms);
    const medianMs = times.length === 0 ? Number.NaN : median(times);
    const truncated = outcomes.find((run) => run.truncated !== undefined)?.truncated;
    const heapRuns = contender === aiSdk ? outcomes : [heaps.get(contender)];
    const heapsSeen = heapRuns.flatMap((run) => (run?.heap === undefined ? [] : [run.heap]));
    const problems = failures.get(contender) ?? [];
    return {
      key: contender.key,
      label: contender.label,
      runsMs: times.map((ms) => Math.round(ms * 100) / 100),
      medianMs,
      mbPerSecond: workload.bytes.length / 1e6 / (medianMs / 1000),
      ratioToFloor: medianMs / floorMedian,
      runsCpuMs: outcomes.map((run) => Math.round(run.cpuMs * 100) / 100),
      cpuRatioToFloor: median(outcomes.map((run) => run.cpuMs)) / floorCpuMedian,
      heap:
        heapsSeen.length === 0
          ? null
          : {
              peak: Math.max(...heapsSeen.map((heap) => heap.peak)),
              retained: Math.max(...heapsSeen.map((heap) => heap.retained)),
            },
      status: problems.length > 0 ? 'FAILED' : truncated !== undefined ? 'TRUNCATED' : 'ok',
      problems,
      note: noteFor(contender, big, truncated, keptWarmUp.has(contender), outcomes.length < rounds),
    };
  });
  const result: WorkloadResult = {
    name,
    bytes: workload.bytes.length,
    pieces: pieces.pieces.length,
    cutsInsideCharacters: pieces.cutsInsideCharacters,
    stats: workload.stats,
    results,
  };
  console.log(`\n${formatWorkload(result)}`);
  return result;
}

function noteFor(
  contender: Contender,
  big: boolean,
  truncated: { consumed: number; reason: string } | undefined,
  keptWarmUp: boolean,
  capped: boolean,
): string | null {
  const notes: string[] = [];
  if (contender === aiSdk) {
    notes.push('times the consumption of pre-translated UI chunks only (no SSE/JSON parsing)');
    notes.push('heap sampled in its timed runs; no warm-up run');
    if (big) notes.push(`runs once on this size, with a budget of ${aiBudgetMs / 1000} s`);
  }
  if (keptWarmUp) notes.push(`its warm-up run took over ${LONG_RUN_MS / 1000} s and counts as a timed run`);
  if (capped && !(big && contender === aiSdk)) {
    notes.push(`runs capped by the time allowance of ${allowanceMs / 1000} s per contender`);
  }
  if (truncated !== undefined) {
    notes.push(
      `stopped by its ${truncated.reason} after ${(truncated.consumed * 100).toFixed(1)} % of the UI chunks: ` +
        'time is a lower bound, state not checked',
    );
  }
  return notes.length === 0 ? null : notes.join('; ');
}

function numberEnv(name: string): number | undefined {
  const value = process.env[name];
  return value === undefined || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
}

function fmtLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(' ');
}

/** Progress goes to stderr, so stdout holds only the tables. */
function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

await main();
