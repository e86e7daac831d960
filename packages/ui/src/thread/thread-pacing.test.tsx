import { act, render } from '@testing-library/react';
import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Thread } from './thread.js';

/** Animation frames the test runs one at a time, 16.7 ms apart, for the store and the thread. */
function controlledFrames() {
  let now = 1_000;
  let next = 1;
  let callbacks = new Map<number, FrameRequestCallback>();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return () =>
    act(() => {
      now += 16.7;
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(now);
    });
}

/** Starts `count` streaming calls in one chunk (ids `c1`…), as an agent fanning out would. */
function burst(store: ToolStreamStore, count: number) {
  const toolCalls = Array.from({ length: count }, (_, i) => ({
    call_id: `c${i + 1}`,
    event_type: 'result',
    tool_name: `search_${i + 1}`,
    tool_response: '',
    stream_part: `result ${i + 1}`,
    is_complete: false,
  }));
  act(() => store.ingest(JSON.stringify({ message: 'Looking.', citations: [], tool_calls: toolCalls })));
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
    const frame = controlledFrames();
    const store = createToolStreamStore(); // publishes once per animation frame
    const thread = renderThread(store);
    frame(); // the pacer starts listening after mount
    burst(store, 20);
    const before = thread.commits();
    frame();
    expect(thread.shown()).toBe(4);
    expect(thread.commits() - before).toBe(1);
    frame();
    expect(thread.shown()).toBe(12);
    frame();
    expect(thread.shown()).toBe(20);
    expect(thread.commits() - before).toBe(3);
    // In arrival order: the first calls came first.
    expect(thread.container.querySelector('[data-slot="tool-call"]')?.getAttribute('data-tool')).toBe(
      'search_1',
    );
  });

  it('shows every call at once with newCallsPerFrame={Infinity}', () => {
    const frame = controlledFrames();
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
