import type { BenchInput, Contender } from './contender.js';

/** The outcome of one run of one contender. */
export interface RunOutcome {
  /** Wall time of the run. */
  ms: number;
  /**
   * CPU time of the whole process during the run (all threads, so GC helper threads count).
   * Less disturbed than wall time when other processes compete for the cores.
   */
  cpuMs: number;
  /** Differences from the expected state; empty when correct (not checked when truncated). */
  problems: string[];
  truncated: { consumed: number; reason: string } | undefined;
  /** Set when the heap was sampled during the run. */
  heap: HeapUse | undefined;
}

/** Heap use of a run, in bytes above the heap after a full GC just before it. */
export interface HeapUse {
  /** Highest `heapUsed` sampled during the run (live data plus garbage not yet collected). */
  peak: number;
  /** `heapUsed` after the run and another full GC, the final state still referenced. */
  retained: number;
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

/** Whether `--expose-gc` was given (without it heap figures include earlier runs' garbage). */
export const canCollect = gc !== undefined;

/**
 * Full GCs until the heap stops shrinking (at most five), yielding to the event loop between them:
 * finalizers and the promise chains of a previous contender's streams release their objects only
 * after a GC has run and their callbacks had a turn, so one GC may leave them for the next.
 */
async function collect(): Promise<void> {
  if (gc === undefined) return;
  let before = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.memoryUsage().heapUsed;
    if (used >= before - 64 * 1024) return;
    before = used;
  }
}

/**
 * Runs `contender` once on `input`. The timer covers only `run`; set-up and the check do not
 * count.
 *
 * Timed runs get no forced GC before them: a full GC lets hidden classes die that the previous
 * runs' optimised code embeds, V8 then deoptimises that code, and the run that follows measures
 * re-optimisation (up to 2–3× slower on 2 MB) rather than throughput. The garbage a previous
 * contender leaves is mostly young and free to drop; rotating the order spreads the rest.
 *
 * With `sampleHeap` (a separate, untimed run for the fast contenders) a full GC comes first, and
 * `heapUsed` is read at the contender's probe points (after each input piece, or every few dozen
 * chunks), which costs ~15 µs a sample.
 */
export async function runOnce(
  contender: Contender,
  input: BenchInput,
  sampleHeap: boolean,
): Promise<RunOutcome> {
  const prepared = contender.prepare(input);
  if (sampleHeap) await collect();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const probe = sampleHeap
    ? () => {
        const used = process.memoryUsage().heapUsed;
        if (used > peak) peak = used;
      }
    : null;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await prepared.run(probe);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  let heap: HeapUse | undefined;
  if (sampleHeap) {
    probe?.();
    await collect();
    heap = { peak: peak - base, retained: process.memoryUsage().heapUsed - base };
  }
  const truncated = prepared.truncated;
  // `prepared` holds the final state: checking it after the heap reading keeps it alive until then.
  const problems = truncated === undefined ? prepared.check(input.workload.expected) : [];
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, problems, truncated, heap };
}

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
