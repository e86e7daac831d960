import { act, render, waitFor } from '@testing-library/react';
import { createToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlledFrames } from '../test-utils/animation-frames.js';
import { hasPrewarmed, resetPrewarm } from './prewarm.js';
import { Thread } from './thread.js';

/** `requestIdleCallback` that runs only when the test says the page is idle. */
function controlledIdle() {
  const pending = new Map<number, IdleRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    pending.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
  return {
    get pending() {
      return pending.size;
    },
    idle() {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

const sample = () => document.body.querySelector<HTMLElement>('[data-slot="thread-prewarm"]');

/** Runs the two frames after which the sample removes itself. */
async function finishWarmUp(frames: ReturnType<typeof controlledFrames>) {
  for (let i = 0; i < 2; i++) {
    await act(async () => {
      frames.frame();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

function renderThread(props: { prewarm?: boolean } = {}) {
  const store = createToolStreamStore({ schedule: 'sync' });
  return render(
    <ToolStreamProvider store={store}>
      <Thread announce={false} {...props} />
    </ToolStreamProvider>,
  );
}

beforeEach(() => resetPrewarm());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Thread warms its render path up once the page is idle', () => {
  it('renders a sample run off-screen, hidden from assistive technology, then removes it', async () => {
    const idle = controlledIdle();
    const frames = controlledFrames();
    const view = renderThread();
    expect(sample()).toBeNull(); // nothing before the page is idle
    expect(idle.pending).toBe(1);

    act(() => idle.idle());
    const container = sample();
    expect(container).not.toBeNull();
    expect(container!.getAttribute('aria-hidden')).toBe('true');
    expect(container!.hasAttribute('inert')).toBe(true);
    expect(container!.style.visibility).toBe('hidden');
    // Outside the thread: the page's own content is untouched.
    expect(view.container.contains(container)).toBe(false);
    // The sample is a real thread: a delegation with its calls, markdown with strong text.
    await waitFor(() => expect(container!.querySelectorAll('[data-slot="tool-call"]').length).toBe(2));
    expect(container!.querySelector('[data-slot="delegation-tree"]')).not.toBeNull();
    expect(container!.querySelector('[data-slot="markdown"] strong')).not.toBeNull();

    // A frame later it is updated (the calls complete), another frame later it is gone.
    await act(async () => {
      frames.frame();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(container!.querySelector('[data-slot="tool-call"][data-state="error"]')).not.toBeNull(),
    );
    await act(async () => {
      frames.frame();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sample()).toBeNull();
    expect(container!.isConnected).toBe(false);
    expect(hasPrewarmed()).toBe(true);
  });

  it('does it once per page, not once per thread', async () => {
    const idle = controlledIdle();
    const frames = controlledFrames();
    renderThread();
    act(() => idle.idle());
    expect(hasPrewarmed()).toBe(true);
    renderThread();
    expect(idle.pending).toBe(0);
    await finishWarmUp(frames);
    expect(sample()).toBeNull();
  });

  it('does nothing with prewarm={false}, or where there is no requestIdleCallback', () => {
    const idle = controlledIdle();
    renderThread({ prewarm: false });
    expect(idle.pending).toBe(0);
    vi.unstubAllGlobals();
    expect(typeof globalThis.requestIdleCallback).toBe('undefined'); // jsdom has none
    renderThread();
    expect(sample()).toBeNull();
    expect(hasPrewarmed()).toBe(false);
  });

  it('cancels the warm-up when the thread unmounts before the page is idle', () => {
    const idle = controlledIdle();
    const view = renderThread();
    expect(idle.pending).toBe(1);
    view.unmount();
    expect(idle.pending).toBe(0);
    expect(hasPrewarmed()).toBe(false);
  });

  it('removes the sample even when no animation frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    const idle = controlledIdle();
    controlledFrames(); // frames that never run
    renderThread();
    act(() => idle.idle());
    expect(sample()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(sample()).toBeNull();
  });
});
