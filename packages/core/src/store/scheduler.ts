/**
 * When the store publishes queued updates:
 * - `frame` (default): once per animation frame in a browser, per microtask elsewhere;
 * - `microtask`: at the end of the current task;
 * - `sync`: at once, on every update (tests, or callers who batch themselves);
 * - a function: called with `flush` whenever an update is queued and none is scheduled.
 */
export type Schedule = 'frame' | 'microtask' | 'sync' | ((flush: () => void) => void);

/** Fires `flush` at most once per scheduled period. */
export interface Scheduler {
  request(): void;
  cancel(): void;
}

/** Longest a hidden tab waits: browsers pause animation frames there. */
const HIDDEN_TAB_FALLBACK_MS = 100;

export function createScheduler(schedule: Schedule, flush: () => void): Scheduler {
  let scheduled = false;
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    if (!scheduled) return;
    scheduled = false;
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
    flush();
  };

  // Both are needed: `run` cancels the frame when the hidden-tab fallback fires first.
  const useFrames =
    schedule === 'frame' &&
    typeof requestAnimationFrame === 'function' &&
    typeof cancelAnimationFrame === 'function';

  return {
    request() {
      if (schedule === 'sync') {
        flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      if (typeof schedule === 'function') schedule(run);
      else if (useFrames) {
        frame = requestAnimationFrame(run);
        timer = setTimeout(run, HIDDEN_TAB_FALLBACK_MS);
      } else queueMicrotask(run);
    },
    cancel() {
      scheduled = false;
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
      frame = null;
      timer = null;
    },
  };
}
