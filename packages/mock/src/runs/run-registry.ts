import type { Scenario } from '../scenario/format.js';
import { type Clock, sleepOn, systemClock } from './clock.js';
import type { ConnectionFaults } from './faults.js';
import { type DepartureReason, Run, type RunSink } from './run.js';

/** Something that happened to a run, for logs and tests. */
export interface RunLogEntry {
  type: 'start' | 'attach' | 'detach' | 'finish' | 'cancel' | 'drop' | 'evict';
  runId: string;
  scenario: string;
  /** Why: `delete`, `client-closed`, `dropped`, `grace-expired`, `shutdown`… */
  reason?: string;
  /** Frames produced so far. */
  frames: number;
}

/** Receives every {@link RunLogEntry}. */
export type RunLogger = (entry: RunLogEntry) => void;

/** Options shared by the MSW handlers and the Node server. */
export interface RunRegistryOptions {
  /** Speed factor: delays are divided by it (`2` plays twice as fast; `Infinity` at once). Default 1. */
  speed?: number;
  /**
   * Named runs (default `true`): a POST answers with `X-Run-Id` and a closed connection only
   * detaches, for `graceMs`. `false` models a backend without run ids: a closed connection
   * cancels the run at once.
   */
  resume?: boolean;
  /** How long a run nobody is attached to is kept for re-attaching. Default 30 000 ms. */
  graceMs?: number;
  /** Told about every start, attach, detach, finish, cancel and drop. */
  logger?: RunLogger;
  /** Timers (replace them in tests). */
  clock?: Clock;
  /** Makes run ids. */
  generateRunId?: () => string;
}

/**
 * All runs of one mock backend (one `createHandlers` or one server): starts them, finds them
 * for re-attaching, keeps detached ones for a grace period and then drops them, and logs every
 * cancel and drop.
 */
export class RunRegistry {
  readonly speed: number;
  readonly resume: boolean;
  readonly graceMs: number;
  readonly clock: Clock;
  readonly #logger: RunLogger;
  readonly #generateRunId: () => string;
  readonly #runs = new Map<string, Run>();
  /** Grace (or, for finished runs, eviction) timers by run id. */
  readonly #timers = new Map<string, unknown>();

  constructor(options: RunRegistryOptions = {}) {
    const speed = options.speed ?? 1;
    if (!(speed > 0)) throw new RangeError(`toolstream mock: speed must be > 0 (got ${speed})`);
    this.speed = speed;
    this.resume = options.resume ?? true;
    this.graceMs = options.graceMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? (() => {});
    this.#generateRunId = options.generateRunId ?? defaultRunId();
  }

  /** Runs kept now (running, detached within their grace period, or recently finished). */
  get size(): number {
    return this.#runs.size;
  }

  /**
   * Starts a run of `scenario`. `detachable` runs can be re-attached by id (when the registry
   * resumes at all); others live and die with their one connection.
   */
  start(scenario: Scenario, options: { detachable: boolean; startAfterId?: string | null }): Run {
    const run = new Run({
      id: this.#generateRunId(),
      scenario,
      clock: this.clock,
      speed: this.speed,
      detachable: options.detachable && this.resume,
      startAfterId: options.startAfterId ?? null,
      hooks: {
        onFinish: (finished) => this.#onFinish(finished),
        onDeparture: (left, reason) => this.#onDeparture(left, reason),
      },
    });
    this.#runs.set(run.id, run);
    this.#log('start', run);
    run.start();
    return run;
  }

  /** A run that can be re-attached, or `undefined` (unknown, dropped, or not detachable). */
  get(runId: string): Run | undefined {
    const run = this.#runs.get(runId);
    return run?.detachable && run.status !== 'cancelled' ? run : undefined;
  }

  /** Attaches a connection to a run (see {@link Run.attach}); stops its grace period. */
  attach(
    run: Run,
    sink: RunSink,
    options: { lastEventId?: string | null; faults?: ConnectionFaults; reattach?: boolean } = {},
  ): () => void {
    this.#clearTimer(run.id);
    if (options.reattach)
      this.#log('attach', run, options.lastEventId ? `after ${options.lastEventId}` : 'from start');
    const detach = run.attach(sink, options);
    // Attached to a finished run and served at once: keep it for late re-attaches as before.
    if (run.status === 'finished' && !this.#timers.has(run.id)) this.#scheduleEviction(run);
    return detach;
  }

  /** Cancels a run (a `DELETE`). Returns whether it existed. */
  cancel(runId: string, reason = 'delete'): boolean {
    const run = this.#runs.get(runId);
    if (run === undefined || !run.detachable) return false;
    this.#cancel(run, reason);
    return true;
  }

  /** Cancels every run and clears every timer (when the server or the handlers shut down). */
  close(): void {
    for (const run of [...this.#runs.values()]) {
      if (run.status === 'running') this.#cancel(run, 'shutdown');
      else {
        run.cancel(); // closes connections a stall fault kept open
        this.#forget(run);
      }
    }
  }

  /** Waits on the registry's clock (extra latency); resolves `false` when the signal aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    return sleepOn(this.clock, ms, signal);
  }

  #onDeparture(run: Run, reason: DepartureReason): void {
    if (run.status === 'finished') {
      // The last (stalled) connection of a finished run left: now it can be forgotten.
      if (run.subscriberCount > 0 || this.#timers.has(run.id)) return;
      if (run.detachable) this.#scheduleEviction(run);
      else this.#forget(run);
      return;
    }
    if (run.status !== 'running') return;
    if (!run.detachable) {
      this.#cancel(run, reason);
      return;
    }
    if (run.subscriberCount > 0) return;
    this.#log('detach', run, reason);
    this.#clearTimer(run.id);
    this.#timers.set(
      run.id,
      this.clock.setTimeout(() => {
        this.#timers.delete(run.id);
        if (run.status !== 'running' || run.subscriberCount > 0) return;
        run.cancel();
        this.#runs.delete(run.id);
        this.#log('drop', run, `grace-expired after ${this.graceMs} ms`);
      }, this.graceMs),
    );
  }

  #onFinish(run: Run): void {
    this.#log('finish', run);
    if (!run.detachable) {
      if (run.subscriberCount === 0) this.#forget(run);
      return;
    }
    this.#scheduleEviction(run);
  }

  /** A finished run stays for the grace period, so a client that dropped near the end can fetch the tail. */
  #scheduleEviction(run: Run): void {
    this.#clearTimer(run.id);
    this.#timers.set(
      run.id,
      this.clock.setTimeout(() => {
        this.#timers.delete(run.id);
        if (run.subscriberCount > 0) return; // a stalled connection still holds it
        this.#forget(run);
        this.#log('evict', run, 'finished');
      }, this.graceMs),
    );
  }

  #cancel(run: Run, reason: string): void {
    run.cancel();
    this.#forget(run);
    this.#log('cancel', run, reason);
  }

  #forget(run: Run): void {
    this.#clearTimer(run.id);
    this.#runs.delete(run.id);
  }

  #clearTimer(runId: string): void {
    const timer = this.#timers.get(runId);
    if (timer === undefined) return;
    this.clock.clearTimeout(timer);
    this.#timers.delete(runId);
  }

  #log(type: RunLogEntry['type'], run: Run, reason?: string): void {
    const entry: RunLogEntry = {
      type,
      runId: run.id,
      scenario: run.scenario.header.name,
      frames: run.producedCount,
    };
    if (reason !== undefined) entry.reason = reason;
    this.#logger(entry);
  }
}

/** `run_1_3f9c2a1b`: a counter for reading logs, random hex so ids differ across restarts. */
function defaultRunId(): () => string {
  let counter = 0;
  return () => {
    counter++;
    const random = globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(16).slice(2, 10);
    return `run_${counter}_${random}`;
  };
}
