import { act, render, screen } from '@testing-library/react';
import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToolStreamProvider } from './context.js';
import {
  useChildCalls,
  useMessageIds,
  useStreamStatus,
  useToolCall,
  useToolCallSelector,
} from './selectors.js';

const chunk = (call: Record<string, unknown>) => ({
  message: '',
  citations: [],
  tool_calls: [{ tool_name: 'search', tool_response: '', tool_call_details: {}, ...call }],
});

/** The answer the first ingested turn writes into (see `setup`'s ids). */
const M = 'm1';

function Call({ id, renders }: { id: string; renders: Map<string, number> }) {
  const call = useToolCall(M, id);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <li data-testid={id}>{call ? `${call.toolName}:${(call.result ?? call.call).text}` : 'missing'}</li>;
}

function Children({ parentId, renders }: { parentId: string | null; renders: Map<string, number> }) {
  const ids = useChildCalls(M, parentId);
  renders.set(`list:${parentId}`, (renders.get(`list:${parentId}`) ?? 0) + 1);
  return (
    <ul>
      {ids.map((id) => (
        <Call key={id} id={id} renders={renders} />
      ))}
    </ul>
  );
}

function setup(children: (store: ToolStreamStore) => ReactNode) {
  let ids = 0;
  const store = createToolStreamStore({ schedule: 'sync', generateId: () => `m${++ids}` });
  render(<ToolStreamProvider store={store}>{children(store)}</ToolStreamProvider>);
  return store;
}

describe('fine-grained hooks', () => {
  it('re-render only the component whose call changed', () => {
    const renders = new Map<string, number>();
    const store = setup(() => <Children parentId={null} renders={renders} />);
    act(() => {
      store.ingest(
        chunk({ call_id: 'a', event_type: 'delegation_result', stream_part: 'x', is_complete: false }),
      );
      store.ingest(
        chunk({ call_id: 'b', event_type: 'delegation_result', stream_part: 'y', is_complete: false }),
      );
    });
    const before = { a: renders.get('a')!, b: renders.get('b')!, list: renders.get('list:null')! };
    act(() =>
      store.ingest(
        chunk({ call_id: 'a', event_type: 'delegation_result', stream_part: 'z', is_complete: false }),
      ),
    );
    expect(screen.getByTestId('a').textContent).toBe('search:xz');
    expect(renders.get('a')).toBe(before.a + 1);
    expect(renders.get('b')).toBe(before.b);
    expect(renders.get('list:null')).toBe(before.list);
  });

  it('nest children under their delegation', () => {
    const renders = new Map<string, number>();
    const store = setup(() => <Children parentId="d" renders={renders} />);
    act(() => {
      store.ingest(chunk({ call_id: 'd', event_type: 'delegation_call' }));
      store.ingest(chunk({ call_id: 'k', event_type: 'call', tool_call_details: { parent_call_id: 'd' } }));
      store.ingest(chunk({ call_id: 'top', event_type: 'call' }));
    });
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['k']);
  });

  it('useStreamStatus and useMessageIds ignore content updates', () => {
    let statusRenders = 0;
    let idRenders = 0;
    function Status() {
      const { status } = useStreamStatus();
      statusRenders++;
      return <output>{status}</output>;
    }
    function Ids() {
      const ids = useMessageIds();
      idRenders++;
      return <p>{ids.length}</p>;
    }
    const store = setup(() => (
      <Profiler id="p" onRender={() => {}}>
        <Status />
        <Ids />
      </Profiler>
    ));
    act(() => store.ingest({ message: 'a', citations: [], tool_calls: [] }));
    const after = { statusRenders, idRenders };
    act(() => {
      for (let i = 0; i < 5; i++) store.ingest({ message: 'more', citations: [], tool_calls: [] });
    });
    expect(screen.getByRole('status').textContent).toBe('streaming');
    expect(statusRenders).toBe(after.statusRenders);
    expect(idRenders).toBe(after.idRenders);
  });

  it('useToolCallSelector runs its selector only after updates to its own call, and re-renders only for its slice', () => {
    const selected: string[] = [];
    let renders = 0;
    function Status({ id }: { id: string }) {
      const status = useToolCallSelector(M, id, (call) => {
        selected.push(id);
        return call?.status ?? 'missing';
      });
      renders++;
      return <output data-testid={`status-${id}`}>{status}</output>;
    }
    function Summary({ id }: { id: string }) {
      const summary = useToolCallSelector(
        M,
        id,
        (call) => ({ tool: call?.toolName, streaming: call?.status === 'streaming' }),
        {
          shallow: true,
        },
      );
      return <p data-testid={`summary-${id}`}>{`${summary.tool}:${summary.streaming}`}</p>;
    }
    const store = setup(() => (
      <>
        <Status id="a" />
        <Summary id="a" />
        <Status id="b" />
      </>
    ));
    expect(screen.getByTestId('status-a').textContent).toBe('missing');
    act(() => {
      store.ingest(chunk({ call_id: 'a', event_type: 'result', stream_part: 'x', is_complete: false }));
      store.ingest(chunk({ call_id: 'b', event_type: 'result', stream_part: 'y', is_complete: false }));
    });
    expect(screen.getByTestId('status-a').textContent).toBe('streaming');
    expect(screen.getByTestId('summary-a').textContent).toBe('search:true');
    const before = { renders, selectedB: selected.filter((id) => id === 'b').length };
    act(() => {
      for (const piece of ['1', '2', '3'])
        store.ingest(chunk({ call_id: 'a', event_type: 'result', stream_part: piece, is_complete: false }));
    });
    // Call a changed three times: its status did not, so nothing re-rendered…
    expect(renders).toBe(before.renders);
    // …and b's selector never ran: b did not change.
    expect(selected.filter((id) => id === 'b').length).toBe(before.selectedB);
    act(() =>
      store.ingest(chunk({ call_id: 'a', event_type: 'result', stream_part: '', is_complete: true })),
    );
    expect(screen.getByTestId('status-a').textContent).toBe('complete');
    expect(screen.getByTestId('summary-a').textContent).toBe('search:false');
    expect(screen.getByTestId('status-b').textContent).toBe('streaming');
    act(() => store.reset());
    expect(screen.getByTestId('status-a').textContent).toBe('missing');
    expect(screen.getByTestId('status-b').textContent).toBe('missing');
  });

  it('throw a precise error outside a provider', () => {
    function Orphan() {
      useToolCall('m1', 'x');
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/must be used within `<ToolStreamProvider>`/);
  });
});
