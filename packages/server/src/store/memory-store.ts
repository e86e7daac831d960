import { failed } from '../run/terminal-frames.js';
import { createMemoryPending } from './memory-pending.js';
import {
  type AppendResult,
  type FrameInput,
  type NewRun,
  type ReadOptions,
  type RunEnding,
  type RunHold,
  type RunRecord,
  type RunStore,
  RunStoreError,
  type StoredFrame,
  type StoredRunStatus,
} from './run-store.js';
import { backgroundTimeout } from './timers.js';
import { utf8Length } from './utf8-length.js';

/** Options of {@link createMemoryRunStore}. */
export interface MemoryRunStoreOptions {
  /**
   * Runs kept at once, running or ended. A new run evicts the oldest ended one; when every kept
   * run is still running, it is refused (the handler answers 503). Default 1000.
   */
  maxRuns?: number;
  /** Frames kept per run for replay; older ones are dropped (a re-attach before them: 410). Default 10 000. */
  maxFramesPerRun?: number;
  /** UTF-8 bytes of frame data kept per run, likewise. Default 8 MiB. */
  maxBytesPerRun?: number;
  /** A run still running after this long is ended `failed` (its producer is told). Default 1 hour. */
  runTtlMs?: number;
  /** How long an ended run is kept for late re-attaches. Default 5 minutes. */
  retentionMs?: number;
  /** How long what a run asked for (approvals, client tools) is kept for an answer. Default 24 hours. */
  pendingTtlMs?: number;
  /** The clock (tests). Default `Date.now`. */
  now?: () => number;
}

interface MemoryRun {
  record: RunRecord;
  /** Kept frames, oldest first; `frames[i].seq === record.firstSeq + i`. */
  frames: StoredFrame[];
  bytes: number;
  /** Readers waiting for the next frame. */
  waiting: Set<() => void>;
  /** Producers holding the run. */
  holders: Set<(status: StoredRunStatus) => void>;
  timer: ReturnType<typeof setTimeout> | null;
}

const EXPIRED = failed('The run took longer than the server allows.', 'run-expired');

/**
 * A run store in this process's memory: the default, for one process (a dev server, a single
 * instance, the mock, the browser). Bounded per run (frames and bytes, oldest dropped first) and
 * in runs (ended runs evicted first), with a time limit while running and a retention time after.
 * For several instances, use the Redis store (`@toolstream/server/redis`).
 */
export function createMemoryRunStore(options: MemoryRunStoreOptions = {}): RunStore {
  const maxRuns = options.maxRuns ?? 1000;
  const maxFrames = options.maxFramesPerRun ?? 10_000;
  const maxBytes = options.maxBytesPerRun ?? 8 * 1024 * 1024;
  const runTtlMs = options.runTtlMs ?? 60 * 60 * 1000;
  const retentionMs = options.retentionMs ?? 5 * 60 * 1000;
  const now = options.now ?? Date.now;
  // Insertion order is creation order: the first ended run found is the oldest.
  const runs = new Map<string, MemoryRun>();
  const pending = createMemoryPending({
    ttlMs: options.pendingTtlMs ?? 24 * 60 * 60 * 1000,
    max: maxRuns,
    now,
  });
  let closed = false;

  const wake = (run: MemoryRun) => {
    if (run.waiting.size === 0) return;
    const waiting = [...run.waiting];
    run.waiting.clear();
    for (const resume of waiting) resume();
  };

  const schedule = (run: MemoryRun, ms: number, action: () => void) => {
    if (run.timer !== null) clearTimeout(run.timer);
    run.timer = backgroundTimeout(action, ms);
  };

  const forget = (id: string) => {
    const run = runs.get(id);
    if (run === undefined) return;
    if (run.timer !== null) clearTimeout(run.timer);
    runs.delete(id);
    wake(run); // readers waiting on it stop
  };

  const push = (run: MemoryRun, frame: FrameInput, end?: RunEnding['status']): void => {
    const seq = run.record.lastSeq + 1;
    const stored: StoredFrame = { seq, data: frame.data };
    if (frame.event !== undefined) stored.event = frame.event;
    if (end !== undefined) stored.end = end;
    run.frames.push(stored);
    run.bytes += utf8Length(frame.data);
    run.record.lastSeq = seq;
    // Keep the run within its bounds, oldest first; the newest frame always stays.
    let drop = 0;
    let bytes = run.bytes;
    while (run.frames.length - drop > 1 && (run.frames.length - drop > maxFrames || bytes > maxBytes)) {
      bytes -= utf8Length(run.frames[drop]!.data);
      drop++;
    }
    if (drop > 0) {
      run.frames.splice(0, drop);
      run.bytes = bytes;
      run.record.firstSeq += drop;
    }
  };

  const endRun = (run: MemoryRun, ending: RunEnding): boolean => {
    if (run.record.status !== 'running') return false;
    push(run, ending.frame, ending.status);
    run.record.status = ending.status;
    run.record.endedAt = now();
    if (!closed) schedule(run, retentionMs, () => forget(run.record.id));
    wake(run);
    const holders = [...run.holders];
    run.holders.clear();
    for (const onEnded of holders) onEnded(ending.status);
    return true;
  };

  const evictOneEnded = (): boolean => {
    for (const [id, run] of runs) {
      if (run.record.status !== 'running') {
        forget(id);
        return true;
      }
    }
    return false;
  };

  return {
    ...pending,

    async create(input: NewRun) {
      if (closed) throw new RunStoreError('capacity', 'The server is shutting down.');
      if (runs.has(input.id)) throw new Error(`A run ${input.id} exists already.`);
      if (runs.size >= maxRuns && !evictOneEnded()) {
        throw new RunStoreError(
          'capacity',
          `The server runs ${maxRuns} runs already; try again shortly.`,
          Math.min(30_000, runTtlMs),
        );
      }
      const run: MemoryRun = {
        record: {
          id: input.id,
          status: 'running',
          owner: input.owner,
          lastSeq: 0,
          firstSeq: 1,
          createdAt: input.createdAt,
          endedAt: null,
        },
        frames: [],
        bytes: 0,
        waiting: new Set(),
        holders: new Set(),
        timer: null,
      };
      runs.set(input.id, run);
      schedule(run, runTtlMs, () => endRun(run, EXPIRED));
    },

    async get(runId) {
      const run = runs.get(runId);
      return run === undefined ? null : { ...run.record };
    },

    async append(runId, frames): Promise<AppendResult> {
      const run = runs.get(runId);
      if (run === undefined) return { ok: false, status: 'unknown' };
      if (run.record.status !== 'running') return { ok: false, status: run.record.status };
      for (const frame of frames) push(run, frame);
      if (frames.length > 0) wake(run);
      return { ok: true, lastSeq: run.record.lastSeq };
    },

    async end(runId, ending) {
      const run = runs.get(runId);
      return run === undefined ? false : endRun(run, ending);
    },

    read(runId, afterSeq, { signal }: ReadOptions): AsyncIterable<StoredFrame[]> {
      return {
        async *[Symbol.asyncIterator]() {
          let next = afterSeq + 1;
          for (;;) {
            if (signal.aborted) return;
            const run = runs.get(runId);
            if (run === undefined) {
              if (next === afterSeq + 1) throw new RunStoreError('unknown', `Unknown run ${runId}.`);
              return; // evicted while we read: what was read stands
            }
            if (next < run.record.firstSeq) {
              throw new RunStoreError('gone', `Frames after ${next - 1} of run ${runId} are no longer kept.`);
            }
            const from = next - run.record.firstSeq;
            if (from < run.frames.length) {
              const batch = run.frames.slice(from);
              next = batch[batch.length - 1]!.seq + 1;
              yield batch;
              if (batch[batch.length - 1]!.end !== undefined) return;
              continue;
            }
            if (run.record.status !== 'running') return;
            await new Promise<void>((resolve) => {
              const resume = () => {
                run.waiting.delete(resume);
                signal.removeEventListener('abort', resume);
                resolve();
              };
              run.waiting.add(resume);
              signal.addEventListener('abort', resume, { once: true });
            });
          }
        },
      };
    },

    hold(runId, onEnded): RunHold {
      const run = runs.get(runId);
      if (run === undefined || run.record.status !== 'running') {
        const status = run?.record.status ?? 'failed';
        queueMicrotask(() => onEnded(status));
        return { release() {} };
      }
      run.holders.add(onEnded);
      return {
        release() {
          run.holders.delete(onEnded);
        },
      };
    },

    async close() {
      // Runs still running end (their readers get a terminal frame); what was written stays
      // readable to the readers attached now, and no timer is left behind.
      closed = true;
      for (const run of runs.values()) {
        endRun(run, failed('The server shut down before the run finished.', 'run-shutdown'));
        if (run.timer !== null) clearTimeout(run.timer);
        run.timer = null;
      }
    },
  };
}
