import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * Where the kit reads the time for live durations. The default is the real clock, with one
 * timer per tick interval shared by every component that shows a live duration: a page with
 * fifty running calls has one timer, not fifty, and it stops when nothing is open. Stories and
 * screenshot tests provide a frozen one, so a running call always reads the same.
 */
export interface Clock {
  now(): number;
  /** Calls `onTick` every `intervalMs` until the returned function is called. */
  subscribe(intervalMs: number, onTick: () => void): () => void;
}

interface Ticker {
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const tickers = new Map<number, Ticker>();

/** The real clock (`Date.now`), ticking on shared intervals. */
export const realClock: Clock = {
  now: () => Date.now(),
  subscribe(intervalMs, onTick) {
    let ticker = tickers.get(intervalMs);
    if (ticker === undefined) {
      ticker = { listeners: new Set(), timer: null };
      tickers.set(intervalMs, ticker);
    }
    const current = ticker;
    current.listeners.add(onTick);
    current.timer ??= setInterval(() => {
      for (const notify of current.listeners) notify();
    }, intervalMs);
    return () => {
      current.listeners.delete(onTick);
      if (current.listeners.size === 0 && current.timer !== null) {
        clearInterval(current.timer);
        current.timer = null;
      }
    };
  },
};

/** A clock that always reads `at` and never ticks. */
export function frozenClock(at: number): Clock {
  return { now: () => at, subscribe: () => noop };
}

const noop = () => {};

export const ClockContext = createContext<Clock>(realClock);
ClockContext.displayName = 'ClockContext';

/** The clock in effect. */
export function useClock(): Clock {
  return useContext(ClockContext);
}

/**
 * The current time, refreshed every `intervalMs` while `active` (a component showing an open
 * call); when inactive it subscribes to nothing and never re-renders on its own. Every reader
 * of one interval sees the same tick, so a card and the timeline never disagree.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const clock = useClock();
  const subscribe = useCallback(
    (listener: () => void) => (active ? clock.subscribe(intervalMs, listener) : noop),
    [active, intervalMs, clock],
  );
  const snapshot = () => tickTime(clock);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How finely the time a tick reads is rounded. */
const GRAIN_MS = 100;

/**
 * The time, rounded down to a tenth of a second: what every reader of a tick shows. A snapshot
 * must not change between two reads in one render (React would see a torn read, and render
 * again), and rounding also makes the card and the timeline compute from the same instant.
 */
export function tickTime(clock: Clock): number {
  return Math.floor(clock.now() / GRAIN_MS) * GRAIN_MS;
}

/** Number of shared timers running now (for tests: the clock must stop when nothing is open). */
export function runningClockCount(): number {
  let count = 0;
  for (const ticker of tickers.values()) if (ticker.timer !== null) count++;
  return count;
}
