import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Sums the main thread's GC pauses (scavenges and the pauses of major GCs) inside time windows,
 * from Node's `gc` performance entries. It shows how much of a stage's wall time is the collector
 * copying what the stage keeps alive, apart from the stage's own code. Concurrent marking on
 * helper threads is not a pause and is not counted (it shows in CPU time instead).
 */
export class GcPauses {
  readonly #entries: { start: number; duration: number }[] = [];
  readonly #observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      this.#entries.push({ start: entry.startTime, duration: entry.duration });
    }
  });

  constructor() {
    this.#observer.observe({ entryTypes: ['gc'] });
  }

  /**
   * The pause time (ms) of the GCs that started between `start` and `end` (`performance.now()`
   * times). Entries are delivered asynchronously: await at least one macrotask after `end`.
   */
  within(start: number, end: number): number {
    let total = 0;
    for (const entry of this.#entries) {
      if (entry.start >= start && entry.start < end) total += entry.duration;
    }
    return total;
  }

  /** Forgets the entries seen so far (keeps the list short over many rounds). */
  clear(): void {
    this.#entries.length = 0;
  }

  disconnect(): void {
    this.#observer.disconnect();
  }
}

/** Resolves after one macrotask, so pending performance entries have been delivered. */
export const nextMacrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
