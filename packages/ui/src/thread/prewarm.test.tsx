import { act, cleanup, render } from '@testing-library/react';
import { createToolStreamStore, reduceStream, type ToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prewarmPhase, prewarmSample, resetPrewarm } from './prewarm.js';
import { prewarmSteps } from './prewarm-sample.js';
import { Thread } from './thread.js';

/** `requestIdleCallback` driven by the test: `idle()` runs the callbacks asked for so far. */
function controlledIdle() {
  let next = 1;
  let callbacks = new Map<number, IdleRequestCallback>();
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    callbacks.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => callbacks.delete(id));
  return {
    idle() {
      const due = callbacks;
      callbacks = new Map();
      act(() => {
        for (const callback of due.values()) callback({ didTimeout: false, timeRemaining: () => 50 });
      });
    },
    get pending() {
      return callbacks.size;
    },
  };
}

const sample = () => document.querySelector<HTMLElement>('[data-slot="thread-prewarm"]');

function renderThread(store: ToolStreamStore, props: { prewarm?: boolean } = {}) {
  return render(
    <ToolStreamProvider store={store}>
      <Thread announce={false} {...props} />
    </ToolStreamProvider>,
  );
}

/** The calls the sample run streams, read from its frames. */
function sampleCallIds(): Set<string> {
  const ids = new Set<string>();
  for (const frame of prewarmSteps().flat()) {
    for (const call of JSON.parse(frame).tool_calls as { call_id: string }[]) ids.add(call.call_id);
  }
  return ids;
}

beforeEach(() => resetPrewarm());
afterEach(() => {
  cleanup(); // before the idle stubs go: unmounting cancels idle callbacks
  for (const left of document.querySelectorAll('[data-slot="thread-prewarm"]')) left.remove();
  vi.unstubAllGlobals();
  resetPrewarm();
});

describe('Thread warms up while the page is idle', () => {
  it('renders a sample run unseen, one step per idle period, then removes it', () => {
    const idle = controlledIdle();
    const view = renderThread(createToolStreamStore({ schedule: 'sync' }));
    expect(sample()).toBeNull();
    expect(idle.pending).toBe(1);

    idle.idle();
    const container = sample();
    expect(container).not.toBeNull();
    expect(prewarmPhase()).toBe('running');
    // Out of the thread, invisible, inert and hidden from assistive technology.
    expect(view.container.contains(container)).toBe(false);
    expect(container!.getAttribute('aria-hidden')).toBe('true');
    expect(container!.hasAttribute('inert')).toBe(true);
    expect(container!.style.visibility).toBe('hidden');
    expect(container!.style.pointerEvents).toBe('none');
    // Its content is in a closed shadow root: the page's own queries never see the sample's calls.
    expect(container!.shadowRoot).toBeNull();
    expect(prewarmSample()!.host).toBe(container);
    expect(prewarmSample()!.querySelector('[data-slot="assistant-message"]')).not.toBeNull();

    const steps = prewarmSteps().length;
    const seen = new Set<number>();
    for (let step = 1; step < steps; step++) {
      idle.idle();
      seen.add(prewarmSample()!.querySelectorAll('[data-slot="tool-call"]').length);
      expect(document.querySelectorAll('[data-slot="tool-call"]')).toHaveLength(0);
    }
    // Calls appeared over several steps, and at the end every call of the sample is there, the
    // failing one failed and the rest completed.
    expect(seen.size).toBeGreaterThan(3);
    // The delegation is a tree; its calls are inside it.
    expect(prewarmSample()!.querySelectorAll('[data-slot="delegation-tree"]')).toHaveLength(1);
    const calls = [
      ...prewarmSample()!.querySelectorAll('[data-slot="delegation-tree"] [data-slot="tool-call"]'),
    ];
    expect(calls).toHaveLength(sampleCallIds().size - 1);
    expect(calls.filter((call) => call.getAttribute('data-state') === 'error')).toHaveLength(1);
    expect(calls.filter((call) => call.getAttribute('data-state') === 'complete')).toHaveLength(
      calls.length - 1,
    );
    expect(prewarmSample()!.textContent).toContain('手順');

    idle.idle();
    expect(sample()).toBeNull();
    expect(prewarmSample()).toBeNull();
    expect(idle.pending).toBe(0);
    expect(prewarmPhase()).toBe('done');
    // The thread itself shows nothing of it.
    expect(view.container.querySelector('[data-slot="tool-call"]')).toBeNull();
  });

  it('warms up once per page', () => {
    const idle = controlledIdle();
    const first = renderThread(createToolStreamStore({ schedule: 'sync' }));
    while (idle.pending > 0) idle.idle();
    expect(prewarmPhase()).toBe('done');
    first.unmount();
    renderThread(createToolStreamStore({ schedule: 'sync' }));
    expect(idle.pending).toBe(0);
    expect(sample()).toBeNull();
  });

  it("StrictMode's double mount asks for one idle callback, and the warm-up runs", () => {
    const idle = controlledIdle();
    render(
      <StrictMode>
        <ToolStreamProvider store={createToolStreamStore({ schedule: 'sync' })}>
          <Thread announce={false} />
        </ToolStreamProvider>
      </StrictMode>,
    );
    expect(idle.pending).toBe(1);
    idle.idle();
    expect(prewarmPhase()).toBe('running');
    expect(document.querySelectorAll('[data-slot="thread-prewarm"]')).toHaveLength(1);
  });

  it('two threads mounted together warm up once', () => {
    const idle = controlledIdle();
    renderThread(createToolStreamStore({ schedule: 'sync' }));
    renderThread(createToolStreamStore({ schedule: 'sync' }));
    expect(idle.pending).toBe(2);
    idle.idle();
    expect(document.querySelectorAll('[data-slot="thread-prewarm"]')).toHaveLength(1);
  });

  it('stops at once when a run starts, and the run is shown as usual', () => {
    const idle = controlledIdle();
    const store = createToolStreamStore({ schedule: 'sync' });
    const view = renderThread(store);
    idle.idle();
    idle.idle();
    expect(sample()).not.toBeNull();

    act(() => store.ingest(JSON.stringify({ message: 'Hello', citations: [], tool_calls: [] })));
    expect(sample()).toBeNull();
    expect(prewarmPhase()).toBe('done');
    expect(idle.pending).toBe(0);
    expect(view.container.textContent).toContain('Hello');
  });

  it('does not start while a run is under way', () => {
    const idle = controlledIdle();
    const store = createToolStreamStore({ schedule: 'sync' });
    renderThread(store);
    act(() => store.ingest(JSON.stringify({ message: 'Hello', citations: [], tool_calls: [] })));
    idle.idle();
    expect(sample()).toBeNull();
    expect(prewarmPhase()).toBe('done');
  });

  it('with prewarm={false}, or a thread unmounted before the page was idle, nothing happens', () => {
    const idle = controlledIdle();
    renderThread(createToolStreamStore({ schedule: 'sync' }), { prewarm: false });
    expect(idle.pending).toBe(0);

    const view = renderThread(createToolStreamStore({ schedule: 'sync' }));
    expect(idle.pending).toBe(1);
    view.unmount();
    expect(idle.pending).toBe(0);
    expect(prewarmPhase()).toBe('pending');
  });

  it('is skipped where there is no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    renderThread(createToolStreamStore({ schedule: 'sync' }));
    expect(sample()).toBeNull();
    expect(prewarmPhase()).toBe('pending');
  });
});

describe('the sample run', () => {
  it('is a clean delegation run: nested calls that all complete, one of them failing', async () => {
    const sse = prewarmSteps()
      .flat()
      .map((frame) => `data: ${frame}\n\n`)
      .join('');
    const snapshot = await reduceStream(sse);
    expect(snapshot.status).toBe('done');
    expect(snapshot.errors.filter((error) => error.code !== 'tool-failed')).toEqual([]);
    expect(snapshot.toolCalls.map((call) => call.call_id)).toEqual([...sampleCallIds()]);
    const [delegation, ...nested] = snapshot.toolCalls;
    expect(delegation!.kind).toBe('delegation');
    expect(nested.length).toBeGreaterThan(5);
    expect(nested.every((call) => call.parent_call_id === delegation!.call_id)).toBe(true);
    expect(snapshot.toolCalls.every((call) => call.is_complete)).toBe(true);
    expect(nested.filter((call) => typeof call.details.error === 'string')).toHaveLength(1);
    // Markdown the fast path and the parser both see: bold, list items, paragraphs, inline code.
    const output = nested.map((call) => call.output).join('\n');
    expect(output).toMatch(/\*\*[^*]+\*\*/);
    expect(output).toMatch(/\n- /);
    expect(output).toMatch(/\n\n/);
    expect(output).toMatch(/`[^`]+`/);
  });
});
