import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFrames } from '../../test/transport/fake-frames.js';
import { createScheduler } from './scheduler.js';

/** Resolves after every microtask queued before it. */
const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

let frames: ReturnType<typeof installFakeFrames> | null = null;
afterEach(() => {
  frames?.uninstall();
  frames = null;
  vi.useRealTimers();
});

describe('createScheduler', () => {
  it('microtask: many requests, one flush after the current task', async () => {
    const flush = vi.fn();
    const scheduler = createScheduler('microtask', flush);
    for (let i = 0; i < 50; i++) scheduler.request();
    expect(flush).not.toHaveBeenCalled();
    await microtask();
    expect(flush).toHaveBeenCalledTimes(1);
    scheduler.request();
    await microtask();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('frame without requestAnimationFrame falls back to microtasks', async () => {
    expect(typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame).toBe(
      'undefined',
    );
    const flush = vi.fn();
    const scheduler = createScheduler('frame', flush);
    scheduler.request();
    scheduler.request();
    await microtask();
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('sync: flushes on every request', () => {
    const flush = vi.fn();
    const scheduler = createScheduler('sync', flush);
    scheduler.request();
    scheduler.request();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('a function is asked once per period and its callback flushes once', () => {
    const flush = vi.fn();
    const asked: (() => void)[] = [];
    const scheduler = createScheduler((run) => asked.push(run), flush);
    scheduler.request();
    scheduler.request();
    expect(asked).toHaveLength(1);
    asked[0]!();
    asked[0]!();
    expect(flush).toHaveBeenCalledTimes(1);
    scheduler.request();
    expect(asked).toHaveLength(2);
  });

  it('cancel drops a scheduled flush', async () => {
    const flush = vi.fn();
    const scheduler = createScheduler('microtask', flush);
    scheduler.request();
    scheduler.cancel();
    await microtask();
    expect(flush).not.toHaveBeenCalled();
  });

  it('frame: one flush per animation frame, however many requests', () => {
    frames = installFakeFrames();
    const flush = vi.fn();
    const scheduler = createScheduler('frame', flush);
    for (let i = 0; i < 20; i++) scheduler.request();
    expect(frames.requested()).toBe(1);
    frames.runFrame();
    expect(flush).toHaveBeenCalledTimes(1);
    scheduler.request();
    scheduler.request();
    frames.runFrame();
    expect(flush).toHaveBeenCalledTimes(2);
    expect(frames.requested()).toBe(2);
  });

  it('frame: a hidden tab (no frames) still flushes, once, after a short fallback', () => {
    vi.useFakeTimers();
    frames = installFakeFrames();
    const flush = vi.fn();
    const scheduler = createScheduler('frame', flush);
    scheduler.request();
    vi.runAllTimers();
    expect(flush).toHaveBeenCalledTimes(1);
    // The frame that was waiting was cancelled: it will not flush a second time.
    expect(frames.pending()).toBe(0);
  });

  it('frame: a frame that comes first cancels the fallback', () => {
    vi.useFakeTimers();
    frames = installFakeFrames();
    const flush = vi.fn();
    const scheduler = createScheduler('frame', flush);
    scheduler.request();
    frames.runFrame();
    vi.runAllTimers();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
