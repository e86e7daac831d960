import type { Clock } from '../backend/clock.js';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/**
 * A clock that only moves when told to: tests read the waits a run asked for (`requested`) and
 * fire timers in order, without waiting for real time.
 */
export class ManualClock implements Clock {
  time = 0;
  /** Every `setTimeout` duration asked for, in order. */
  readonly requested: number[] = [];
  #timers: Timer[] = [];
  #nextId = 1;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.#nextId++, at: this.time + Math.max(0, ms), callback };
    this.requested.push(ms);
    this.#timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((timer) => timer.id !== handle);
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves time forward by `ms`, firing every timer due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.#next();
      if (next === undefined || next.at > end) break;
      this.#fire(next);
    }
    this.time = end;
  }

  /** Fires timers until none is left, or `limit` have fired (a guard against endless loops). */
  runAll(limit = 100_000): void {
    for (let fired = 0; fired < limit; fired++) {
      const next = this.#next();
      if (next === undefined) return;
      this.#fire(next);
    }
    throw new Error('ManualClock.runAll: timers keep coming');
  }

  /** Fires the earliest timer only. */
  step(): boolean {
    const next = this.#next();
    if (next === undefined) return false;
    this.#fire(next);
    return true;
  }

  /**
   * Fires the earliest timer and lets what it started run (a replay resumes after its wait, and
   * writes through the run's store, asynchronously) before the next one.
   */
  async tick(): Promise<boolean> {
    const fired = this.step();
    await settle();
    return fired;
  }

  /** {@link tick} until no timer is left. */
  async drain(limit = 100_000): Promise<void> {
    await settle();
    for (let fired = 0; fired < limit; fired++) if (!(await this.tick())) return;
    throw new Error('ManualClock.drain: timers keep coming');
  }

  #next(): Timer | undefined {
    let earliest: Timer | undefined;
    for (const timer of this.#timers) if (earliest === undefined || timer.at < earliest.at) earliest = timer;
    return earliest;
  }

  #fire(timer: Timer): void {
    this.#timers = this.#timers.filter((t) => t !== timer);
    this.time = Math.max(this.time, timer.at);
    timer.callback();
  }
}

/** Lets pending promise jobs and I/O callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}
