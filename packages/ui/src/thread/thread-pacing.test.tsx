import { act, render } from '@testing-library/react';
import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlledFrames } from '../test-utils/animation-frames.js';
import { burstOfCalls } from '../test-utils/chunks.js';
import { Thread } from './thread.js';

/** Runs one animation frame (16.7 ms later) inside `act`. */
function frames() {
  const controlled = controlledFrames();
  return () => act(() => controlled.frame());
}

/** Starts `count` streaming calls in one chunk (ids `c1`…), as an agent fanning out would. */
function burst(store: ToolStreamStore, count: number) {
  act(() => store.ingest(burstOfCalls(count)));
}

function renderThread(store: ToolStreamStore, props: { newCallsPerFrame?: number } = {}) {
  let commits = 0;
  const view = render(
    <ToolStreamProvider store={store}>
      <Profiler id="thread" onRender={() => commits++}>
        <Thread announce={false} {...props} />
      </Profiler>
    </ToolStreamProvider>,
  );
  const shown = () => view.container.querySelectorAll('[data-slot="tool-call"]').length;
  return { ...view, shown, commits: () => commits };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Thread paces bursts of new calls', () => {
  it('shows a burst over the next frames, each frame in one commit with the stream', () => {
    const frame = frames();
    const store = createToolStreamStore(); // publishes once per animation frame
    const thread = renderThread(store);
    frame(); // the pacer starts listening after mount
    burst(store, 20);
    const before = thread.commits();
    frame();
    expect(thread.shown()).toBe(2);
    expect(thread.commits() - before).toBe(1);
    frame();
    expect(thread.shown()).toBe(6);
    frame();
    expect(thread.shown()).toBe(14);
    frame();
    expect(thread.shown()).toBe(20);
    expect(thread.commits() - before).toBe(4);
    // In arrival order: the first calls came first.
    expect(thread.container.querySelector('[data-slot="tool-call"]')?.getAttribute('data-tool')).toBe(
      'search_1',
    );
  });

  it('shows every call at once with newCallsPerFrame={Infinity}', () => {
    const frame = frames();
    const store = createToolStreamStore();
    const thread = renderThread(store, { newCallsPerFrame: Number.POSITIVE_INFINITY });
    burst(store, 20);
    frame();
    expect(thread.shown()).toBe(20);
  });

  it('shows calls that were there before it mounted at once (a restored conversation)', () => {
    controlledFrames();
    const store = createToolStreamStore({ schedule: 'sync' });
    burst(store, 20);
    const thread = renderThread(store);
    expect(thread.shown()).toBe(20);
  });
});
