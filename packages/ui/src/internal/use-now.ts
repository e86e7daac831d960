import { useCallback, useSyncExternalStore } from 'react';

/**
 * One clock per tick interval, shared by every component that shows a live duration: a page
 * with fifty running calls has one timer, not fifty, and it stops when nothing is open.
 */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const clocks = new Map<number, Clock>();

function clockFor(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (clock === undefined) {
    clock = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const clock = clockFor(intervalMs);
  clock.listeners.add(listener);
  if (clock.timer === null) {
    // `now` is not refreshed here: a new snapshot during subscribe would force an extra commit
    // outside the store's frame. Readers clamp a stale `now` (it only trails until the first tick).
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of clock.listeners) notify();
    }, intervalMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer !== null) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

/**
 * Calls `onTick` with the time on every tick of the shared `intervalMs` clock, for code that
 * updates the DOM itself instead of re-rendering. Returns the unsubscribe function.
 */
export function subscribeToClock(intervalMs: number, onTick: (now: number) => void): () => void {
  const clock = clockFor(intervalMs);
  return subscribe(intervalMs, () => onTick(clock.now));
}

const noop = () => {};

/**
 * The current time, refreshed every `intervalMs` while `active` (a component showing an open
 * call); when inactive it subscribes to nothing and never re-renders on its own.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const clock = clockFor(intervalMs);
  const subscribeToClock = useCallback(
    (listener: () => void) => (active ? subscribe(intervalMs, listener) : noop),
    [active, intervalMs],
  );
  const getSnapshot = () => clock.now;
  return useSyncExternalStore(subscribeToClock, getSnapshot, getSnapshot);
}

/** Number of clocks running now (for tests: the clock must stop when nothing is open). */
export function runningClockCount(): number {
  let count = 0;
  for (const clock of clocks.values()) if (clock.timer !== null) count++;
  return count;
}
