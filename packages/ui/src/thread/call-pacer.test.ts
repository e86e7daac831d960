import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlledFrames } from '../test-utils/animation-frames.js';
import { burstOfCalls } from '../test-utils/chunks.js';
import { type CallPacer, createCallPacer } from './call-pacer.js';

/**
 * A store that publishes when the test says so (`ingest` then publishes once, as a store
 * publishing per frame would), not after every action as a `sync` store does.
 */
function manualStore(): ToolStreamStore {
  let pending: (() => void) | null = null;
  const store = createToolStreamStore({
    schedule: (flush) => {
      pending = flush;
    },
  });
  const ingest = store.ingest.bind(store);
  store.ingest = (chunk) => {
    ingest(chunk);
    const flush = pending;
    pending = null;
    flush?.();
  };
  return store;
}

/** One chunk that starts calls `c<first>`…`c<first + count - 1>`. */
function startCalls(store: ToolStreamStore, count: number, first = 1) {
  store.ingest(burstOfCalls(count, { first }));
}

/** Lets the tasks queued so far run. */
const afterTasks = () => new Promise((resolve) => setTimeout(resolve, 10));

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `c${from + i}`);
const shownOf = (pacer: CallPacer, count: number) => ids(1, count).filter(pacer.isShown);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('createCallPacer', () => {
  it('shows the calls already in the store at once: history, not a burst', () => {
    controlledFrames();
    const store = manualStore();
    startCalls(store, 10);
    const pacer = createCallPacer(store, 16);
    expect(shownOf(pacer, 10)).toEqual(ids(1, 10));
  });

  it('shows a burst over the next frames in arrival order, doubling while frames keep their pace', () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 16);
    const listener = vi.fn();
    pacer.subscribe(listener);

    startCalls(store, 40);
    expect(shownOf(pacer, 40)).toEqual(ids(1, 2));
    expect(listener).toHaveBeenCalledTimes(1);

    frames.frame();
    expect(shownOf(pacer, 40)).toEqual(ids(1, 6)); // 4 more: twice the first batch
    frames.frame();
    expect(shownOf(pacer, 40)).toEqual(ids(1, 14));
    frames.frame();
    expect(shownOf(pacer, 40)).toEqual(ids(1, 30)); // 16: the limit
    frames.frame();
    expect(shownOf(pacer, 40)).toEqual(ids(1, 40));
    expect(listener).toHaveBeenCalledTimes(5);
    expect(frames.pending).toBe(0); // nothing waits: no more frames asked for
  });

  it('shows half as many after a frame that ran long, never fewer than two', async () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 16);
    pacer.subscribe(() => {});
    startCalls(store, 40);
    expect(shownOf(pacer, 40)).toHaveLength(2);
    frames.frame();
    frames.frame();
    expect(shownOf(pacer, 40)).toHaveLength(14); // 2, then 4, then 8: cheap frames
    // That frame's rendering took 60 ms: the pacer learns it in the first task after the frame.
    frames.advance(60);
    await afterTasks();
    frames.frame();
    expect(shownOf(pacer, 40)).toHaveLength(18); // half of 8
    frames.advance(60);
    await afterTasks();
    frames.frame();
    expect(shownOf(pacer, 40)).toHaveLength(20);
    frames.advance(60);
    await afterTasks();
    frames.frame();
    expect(shownOf(pacer, 40)).toHaveLength(22); // never fewer than two
  });

  it('never shows more per frame than asked', () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 3);
    pacer.subscribe(() => {});
    startCalls(store, 10);
    expect(shownOf(pacer, 10)).toHaveLength(2);
    frames.frame();
    expect(shownOf(pacer, 10)).toHaveLength(5); // twice 2 would be 4: capped at 3
    frames.frame();
    expect(shownOf(pacer, 10)).toHaveLength(8);
  });

  it('calls that arrived before anyone listened wait for a frame: no update inside subscribe', () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 16);
    startCalls(store, 6);
    const listener = vi.fn();
    pacer.subscribe(listener);
    expect(listener).not.toHaveBeenCalled();
    expect(pacer.isShown('c1')).toBe(false);
    frames.frame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(shownOf(pacer, 6)).toEqual(ids(1, 2));
  });

  it('starts over after a reset, and a later burst starts small again', () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 16);
    pacer.subscribe(() => {});
    startCalls(store, 2);
    expect(shownOf(pacer, 2)).toEqual(ids(1, 2));
    store.reset();
    frames.frame(300);
    startCalls(store, 6, 1);
    expect(shownOf(pacer, 6)).toEqual(ids(1, 2));
  });

  it('stops listening when the last listener leaves, and cancels the frame it asked for', () => {
    const frames = controlledFrames();
    const store = manualStore();
    const pacer = createCallPacer(store, 16);
    const unsubscribe = pacer.subscribe(() => {});
    startCalls(store, 10);
    expect(frames.pending).toBe(1);
    unsubscribe();
    expect(frames.pending).toBe(0);
    const version = pacer.getVersion();
    startCalls(store, 5, 11);
    expect(pacer.getVersion()).toBe(version);
  });

  it('shows every call at once with Infinity, or without animation frames', () => {
    controlledFrames();
    const store = manualStore();
    const unlimited = createCallPacer(store, Number.POSITIVE_INFINITY);
    vi.stubGlobal('requestAnimationFrame', undefined);
    const frameless = createCallPacer(store, 4);
    unlimited.subscribe(() => {});
    frameless.subscribe(() => {});
    startCalls(store, 30);
    expect(shownOf(unlimited, 30)).toHaveLength(30);
    expect(shownOf(frameless, 30)).toHaveLength(30);
  });

  it('with a frame-scheduled store, publishes and shows in one go: one update per frame', () => {
    const frames = controlledFrames();
    const store = createToolStreamStore(); // publishes once per animation frame
    const pacer = createCallPacer(store, 16);
    const updates: string[] = [];
    store.subscribe(() => updates.push('store'));
    pacer.subscribe(() => updates.push('pacer'));

    startCalls(store, 20);
    frames.frame();
    expect(updates).toEqual(['store', 'pacer']);
    expect(shownOf(pacer, 20)).toHaveLength(2);

    // More data while calls wait: the pacer's frame publishes it first, then shows the next
    // batch; the store's own frame then has nothing left to do.
    startCalls(store, 1, 21);
    updates.length = 0;
    frames.frame();
    expect(updates).toEqual(['store', 'pacer']);
    expect(shownOf(pacer, 21)).toHaveLength(6);
    frames.frame();
    expect(updates).toEqual(['store', 'pacer', 'pacer']);
  });
});
