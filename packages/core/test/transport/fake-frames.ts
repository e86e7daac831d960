/**
 * A stand-in for the browser's animation frames, installed on `globalThis` for one test:
 * callbacks wait until the test calls `runFrame()`. Always `uninstall()` (in `finally` or
 * `afterEach`), so no other test sees it.
 */
export function installFakeFrames() {
  const scope = globalThis as {
    requestAnimationFrame?: (callback: FrameRequestCallback) => number;
    cancelAnimationFrame?: (handle: number) => void;
  };
  const saved = { request: scope.requestAnimationFrame, cancel: scope.cancelAnimationFrame };
  const pending = new Map<number, FrameRequestCallback>();
  let next = 1;
  let requested = 0;
  scope.requestAnimationFrame = (callback) => {
    requested++;
    const handle = next++;
    pending.set(handle, callback);
    return handle;
  };
  scope.cancelAnimationFrame = (handle) => {
    pending.delete(handle);
  };
  return {
    /** Frames requested so far (cancelled ones included). */
    requested: () => requested,
    /** Callbacks waiting for the next frame. */
    pending: () => pending.size,
    /** Runs the callbacks waiting now, as one frame. */
    runFrame() {
      const callbacks = [...pending.values()];
      pending.clear();
      const time = performance.now();
      for (const callback of callbacks) callback(time);
    },
    uninstall() {
      if (saved.request === undefined) delete scope.requestAnimationFrame;
      else scope.requestAnimationFrame = saved.request;
      if (saved.cancel === undefined) delete scope.cancelAnimationFrame;
      else scope.cancelAnimationFrame = saved.cancel;
    },
  };
}
