import { vi } from 'vitest';

/**
 * Animation frames and a clock the test drives (stubs `requestAnimationFrame`,
 * `cancelAnimationFrame` and `performance.now`; undo with `vi.unstubAllGlobals()` and
 * `vi.restoreAllMocks()`). `frame(ms)` moves the clock and runs the frames asked for so far.
 */
export function controlledFrames() {
  let now = 1_000;
  let next = 1;
  let callbacks = new Map<number, FrameRequestCallback>();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return {
    /** Time passes with no frame (a frame's rendering, a long task). */
    advance(ms: number) {
      now += ms;
    },
    frame(ms = 16.7) {
      now += ms;
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(now);
    },
    /** Frames asked for and not run yet. */
    get pending() {
      return callbacks.size;
    },
  };
}
