import type { ToolStreamState, ToolStreamStore } from '@toolstream/core';

/**
 * Decides which tool calls a thread shows yet. An agent can start dozens of calls at once (a
 * delegation fanning out to sub-agents); mounting all of them in one frame — each a header, a
 * status, streaming markdown — is one long task, and the page stalls exactly when the run gets
 * interesting. The pacer lets at most `perFrame` new calls appear per animation frame and the
 * rest in the frames after, in the order they arrived: a burst of 50 shows within a few frames,
 * and no frame does all the work.
 *
 * Calls already in the store when the pacer is created (a restored conversation) show at once:
 * that is history, not a burst.
 *
 * It never adds a React commit to a frame: it lets calls appear from the store's own publish (a
 * store listener runs before React renders that publish, so both land in one commit), and while
 * calls wait and the store is quiet, from an animation frame that first publishes whatever the
 * store has pending — again one commit.
 */
export interface CallPacer {
  /** Whether the call may be shown. Stable function; read it after subscribing. */
  readonly isShown: (callId: string) => boolean;
  /** Called when more calls may be shown. */
  subscribe(listener: () => void): () => void;
  /** Changes whenever more calls may be shown (a `useSyncExternalStore` snapshot). */
  getVersion(): number;
}

/**
 * Creates a {@link CallPacer} for `store`. With `perFrame` = `Infinity`, or where there are no
 * animation frames (server rendering, some test environments), every call shows at once.
 * Nothing is subscribed until the pacer itself has a subscriber.
 */
export function createCallPacer(store: ToolStreamStore, perFrame: number): CallPacer {
  if (!(perFrame < Number.POSITIVE_INFINITY) || typeof requestAnimationFrame !== 'function') return UNPACED;
  const limit = Math.max(1, Math.floor(perFrame));
  // How many to show this frame: starts small (the first calls mount while the code is still
  // cold), doubles while the frames that show them stay cheap, halves when one ran long. A
  // frame's cost runs from its publish to the first task after it: React's commit, style,
  // layout and paint included — what a long task would be made of.
  let batch = Math.min(limit, FIRST_BATCH);
  let lastShownAt = Number.NEGATIVE_INFINITY;
  let lastFrameMs = 0;
  const initial = store.getState().callOrder;
  const shown = new Set<string>(initial);
  const waiting: string[] = [];
  let seen = initial.length; // how much of `callOrder` has been looked at
  let version = 0;
  const listeners = new Set<() => void>();
  let unsubscribeStore: (() => void) | null = null;
  let frame: number | null = null;

  const collect = (state: ToolStreamState) => {
    const order = state.callOrder;
    if (order.length < seen) {
      // The conversation was reset: start over.
      shown.clear();
      waiting.length = 0;
      seen = 0;
    }
    for (let i = seen; i < order.length; i++) waiting.push(order[i]!);
    seen = order.length;
  };

  const showNext = (): boolean => {
    if (waiting.length === 0) return false;
    const now = performance.now();
    if (now - lastShownAt >= BURST_GAP_MS) batch = Math.min(limit, FIRST_BATCH);
    else if (lastFrameMs > COSTLY_FRAME_MS) batch = Math.max(MIN_BATCH, batch >> 1);
    else if (lastFrameMs < CHEAP_FRAME_MS) batch = Math.min(limit, batch * 2);
    lastShownAt = now;
    for (const id of waiting.splice(0, batch)) shown.add(id);
    version++;
    afterFrame(() => {
      lastFrameMs = performance.now() - now;
    });
    return true;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const catchUpNextFrame = () => {
    if (frame !== null || waiting.length === 0) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      const before = version;
      // A pending publish runs `onPublish` now, in this task: its calls and ours share a commit.
      store.flush();
      if (version === before && showNext()) notify();
      catchUpNextFrame();
    });
  };

  const onPublish = (state: ToolStreamState) => {
    collect(state);
    if (showNext()) notify();
    catchUpNextFrame();
  };

  return {
    isShown: (callId) => shown.has(callId),
    getVersion: () => version,
    subscribe(listener) {
      listeners.add(listener);
      if (unsubscribeStore === null) {
        unsubscribeStore = store.subscribe(onPublish);
        // Calls that arrived before anyone listened wait for the next frame (showing them now,
        // inside React's subscribe effect, would be a commit of its own).
        collect(store.getState());
        catchUpNextFrame();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || unsubscribeStore === null) return;
        unsubscribeStore();
        unsubscribeStore = null;
        if (frame !== null) cancelAnimationFrame(frame);
        frame = null;
      };
    },
  };
}

/**
 * Calls shown in the first frame of a burst. Two: that frame also runs the call components' code
 * for the first time, and with four it was the one long task of most render-bench runs.
 */
const FIRST_BATCH = 2;
/** Fewest calls shown per frame while some wait. */
const MIN_BATCH = 2;
/** A frame that showed calls and took less than this (60 Hz is 16.7 ms): show twice as many. */
const CHEAP_FRAME_MS = 25;
/** One that took more than this is close to a long task (50 ms): show half as many. */
const COSTLY_FRAME_MS = 40;
/** Frames further apart than this belong to different bursts: the next one starts small again. */
const BURST_GAP_MS = 250;

/**
 * Runs `callback` in the first task after the current one: after this frame's rendering when
 * called from an animation frame. A message channel, not a timer: timers may be clamped.
 */
function afterFrame(callback: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/** Shows every call at once. */
const UNPACED: CallPacer = {
  isShown: () => true,
  getVersion: () => 0,
  subscribe: () => () => {},
};
