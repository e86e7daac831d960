import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { describe, expect, it, vi } from 'vitest';
import { callSubscriptions } from './call-subscriptions.js';

const part = (id: string, text: string) => ({
  message: '',
  citations: [],
  tool_calls: [
    {
      call_id: id,
      event_type: 'result',
      tool_name: 't',
      tool_response: '',
      stream_part: text,
      is_complete: false,
    },
  ],
});

/** A store whose subscriptions are counted. */
function countedStore(): { store: ToolStreamStore; active: () => number } {
  let ids = 0;
  const store = createToolStreamStore({ schedule: 'sync', generateId: () => `m${++ids}` });
  let active = 0;
  const subscribe = store.subscribe;
  store.subscribe = (listener) => {
    active++;
    const unsubscribe = subscribe(listener);
    return () => {
      active--;
      unsubscribe();
    };
  };
  return { store, active: () => active };
}

describe('callSubscriptions', () => {
  it('notifies the listeners of the calls that changed, and only those', () => {
    const { store } = countedStore();
    const hub = callSubscriptions(store);
    const a = vi.fn();
    const b = vi.fn();
    hub.subscribe('m1', 'a', a);
    hub.subscribe('m1', 'b', b);
    // Which listeners an action woke (a sync store may publish more than once per chunk).
    const woken = (action: () => void) => {
      a.mockClear();
      b.mockClear();
      action();
      return [a.mock.calls.length > 0 && 'a', b.mock.calls.length > 0 && 'b'].filter(Boolean);
    };
    expect(woken(() => store.ingest(part('a', 'x')))).toEqual(['a']); // appeared
    expect(woken(() => store.ingest(part('b', 'y')))).toEqual(['b']);
    expect(woken(() => store.ingest(part('b', 'z')))).toEqual(['b']);
    expect(woken(() => store.ingest({ message: 'text only', citations: [], tool_calls: [] }))).toEqual([]);
    expect(woken(() => store.reset())).toEqual(['a', 'b']); // both left
  });

  it('is one hub per store, holding one store subscription while anyone listens', () => {
    const { store, active } = countedStore();
    const hub = callSubscriptions(store);
    expect(callSubscriptions(store)).toBe(hub);
    expect(callSubscriptions(createToolStreamStore())).not.toBe(hub);
    expect(active()).toBe(0);
    const off = [
      hub.subscribe('m1', 'a', () => {}),
      hub.subscribe('m1', 'a', () => {}),
      hub.subscribe('m1', 'b', () => {}),
    ];
    expect(active()).toBe(1);
    for (const unsubscribe of off) unsubscribe();
    expect(active()).toBe(0);
    // Listening again compares with the state as it is then, not as it was.
    store.ingest(part('a', 'x'));
    const late = vi.fn();
    hub.subscribe('m1', 'a', late);
    store.ingest({ message: 'text only', citations: [], tool_calls: [] });
    expect(late).not.toHaveBeenCalled();
    store.ingest(part('a', 'y'));
    expect(late).toHaveBeenCalledTimes(1);
  });
});
