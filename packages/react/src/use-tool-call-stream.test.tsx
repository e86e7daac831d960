import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createToolStreamStore } from '@toolstream/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolStreamProvider } from './context.js';
import { useToolCallStream } from './use-tool-call-stream.js';

const frame = (data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
const chunk = (call: Record<string, unknown>) => ({
  message: '',
  citations: [],
  tool_calls: [{ tool_name: 'search', tool_response: '', tool_call_details: {}, ...call }],
});

/** A stream that sends `frames`, then closes (or, with `close: false`, stays open). */
function sseResponse(frames: string[], options: { close?: boolean } = {}) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const f of frames) controller.enqueue(encoder.encode(f));
      if (options.close !== false) controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
}

const posts: { body: unknown }[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posts.length = 0;
});
afterAll(() => server.close());

describe('useToolCallStream without an endpoint (drop-in for the frontend guide hook)', () => {
  it('accumulates processChunk input into a Map of tool calls with the guide field names', async () => {
    const { result } = renderHook(() => useToolCallStream());
    act(() => {
      result.current.processChunk(
        chunk({ call_id: 'c1', event_type: 'delegation_result', stream_part: 'Hel', is_complete: false }),
      );
      result.current.processChunk(
        chunk({ call_id: 'c1', event_type: 'delegation_result', stream_part: 'lo', is_complete: false }),
      );
    });
    await waitFor(() => expect(result.current.toolCalls.get('c1')?.content).toBe('Hello'));
    const partial = result.current.toolCalls.get('c1')!;
    expect(partial).toMatchObject({
      call_id: 'c1',
      tool_name: 'search',
      is_complete: false,
      is_streaming: true,
    });

    act(() => {
      result.current.processChunk(
        chunk({
          call_id: 'c1',
          event_type: 'delegation_result',
          stream_part: '!',
          is_complete: true,
          tool_response: 'Hello, world!',
        }),
      );
    });
    await waitFor(() => expect(result.current.toolCalls.get('c1')?.is_complete).toBe(true));
    expect(result.current.toolCalls.get('c1')?.content).toBe('Hello, world!');
    expect([...result.current.toolCalls.keys()]).toEqual(['c1']);
  });

  it('reports bad chunks as protocol errors instead of throwing', async () => {
    const { result } = renderHook(() => useToolCallStream());
    act(() => result.current.processChunk({ tool_calls: [{ event_type: 'call' }] }));
    await waitFor(() => expect(result.current.store.getState().errors).toHaveLength(1));
    expect(result.current.store.getState().errors[0]).toMatchObject({ code: 'protocol' });
  });
});

describe('useToolCallStream with an endpoint', () => {
  it('sends the message, streams text and calls, and ends done', async () => {
    server.use(
      http.post('http://test.local/api/chat', async ({ request }) => {
        posts.push({ body: await request.json() });
        return sseResponse([
          frame({ message: 'Looking', citations: [], tool_calls: [] }, 1),
          frame(chunk({ call_id: 'a', event_type: 'call' }), 2),
          frame({ message: ' done.', citations: [], tool_calls: [] }, 3),
        ]);
      }),
    );
    const { result } = renderHook(() => useToolCallStream({ endpoint: 'http://test.local/api/chat' }));
    expect(result.current.status).toBe('idle');
    await act(() => result.current.send('hi'));
    expect(posts).toEqual([{ body: { message: 'hi' } }]);
    expect(result.current.status).toBe('done');
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const assistant = result.current.messages[1]!;
    expect(assistant.role === 'assistant' && assistant.parts.map((p) => p.type)).toEqual([
      'text',
      'tool-call',
      'text',
    ]);
    expect(result.current.toolCalls.get('a')?.status).toBe('complete');
  });

  it('opens one stream under StrictMode and stops it on unmount', async () => {
    let cancelled = 0;
    server.use(
      http.post('http://test.local/api/chat', async ({ request }) => {
        posts.push({ body: await request.json() });
        request.signal.addEventListener('abort', () => {
          cancelled++;
        });
        return sseResponse([frame({ message: 'partial', citations: [], tool_calls: [] }, 1)], {
          close: false,
        });
      }),
    );
    function Chat() {
      const { messages, status, send } = useToolCallStream({ endpoint: 'http://test.local/api/chat' });
      return (
        <div>
          <button type="button" onClick={() => void send('go')}>
            send
          </button>
          <output>{status}</output>
          <span>{messages.length}</span>
        </div>
      );
    }
    const view = render(
      <StrictMode>
        <Chat />
      </StrictMode>,
    );
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('streaming'));
    expect(posts).toHaveLength(1);
    view.unmount();
    await waitFor(() => expect(cancelled).toBe(1));
    expect(posts).toHaveLength(1);
  });
});

describe('useToolCallStream across turns', () => {
  it('toolCalls holds the latest turn only: a call id the backend repeats starts afresh', () => {
    const { result } = renderHook(() => useToolCallStream({ schedule: 'sync' }));
    act(() =>
      result.current.processChunk(chunk({ call_id: 'call-1', event_type: 'call', tool_response: 'A' })),
    );
    expect(result.current.toolCalls.get('call-1')?.content).toBe('A');
    act(() => {
      result.current.startTurn('and now?');
      result.current.processChunk(
        chunk({ call_id: 'call-1', event_type: 'result', stream_part: 'B', is_complete: false }),
      );
    });
    expect(result.current.toolCalls.get('call-1')).toMatchObject({ content: 'B', event_type: 'result' });
    const [first, , second] = result.current.messages;
    expect(first?.role === 'assistant' && first.calls['call-1']?.call.text).toBe('A');
    expect(second?.role === 'assistant' && second.calls['call-1']?.result?.text).toBe('B');
    expect(result.current.store.getState().errors).toEqual([]);
  });

  it('retry() re-runs a failed turn in place, regenerate() keeps the earlier answer as a version', async () => {
    let attempt = 0;
    server.use(
      http.post('http://test.local/api/chat', async ({ request }) => {
        posts.push({ body: await request.json() });
        attempt++;
        if (attempt === 1) return HttpResponse.text('boom', { status: 500 });
        return sseResponse([frame({ message: `answer ${attempt}`, citations: [], tool_calls: [] }, 1)]);
      }),
    );
    const { result } = renderHook(() =>
      useToolCallStream({ endpoint: 'http://test.local/api/chat', reconnect: false }),
    );
    await act(() => result.current.send('q'));
    const failed = result.current.messages[1]!;
    expect(failed.role === 'assistant' && failed.end).toMatchObject({
      outcome: 'failed',
      error: { code: 'http', status: 500 },
    });
    await act(() => result.current.retry());
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    await act(() => result.current.regenerate());
    const answer = result.current.messages[1]!;
    expect(answer.role === 'assistant' && answer.parts).toEqual([{ type: 'text', text: 'answer 3' }]);
    expect(answer.role === 'assistant' && answer.versions.map((v) => v.parts)).toEqual([
      [{ type: 'text', text: 'answer 2' }],
    ]);
    expect(posts).toHaveLength(3);
  });
});

describe('ToolStreamProvider', () => {
  it('follows a new endpoint: requests go to it, and the conversation goes on', async () => {
    server.use(
      http.post('http://one.test/chat', () =>
        sseResponse([frame({ message: 'from one', citations: [], tool_calls: [] }, 1)]),
      ),
      http.post('http://two.test/chat', () =>
        sseResponse([frame({ message: 'from two', citations: [], tool_calls: [] }, 1)]),
      ),
    );
    let current: ReturnType<typeof useToolCallStream> | null = null;
    function Probe() {
      current = useToolCallStream();
      return null;
    }
    const view = render(
      <ToolStreamProvider endpoint="http://one.test/chat">
        <Probe />
      </ToolStreamProvider>,
    );
    await act(() => current!.send('first'));
    const firstStore = current!.store;
    view.rerender(
      <ToolStreamProvider endpoint="http://two.test/chat">
        <Probe />
      </ToolStreamProvider>,
    );
    expect(current!.store).not.toBe(firstStore);
    await act(() => current!.send('second'));
    const texts = current!.messages.map((m) =>
      m.role === 'user' ? m.text : m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
    );
    expect(texts).toEqual(['first', 'from one', 'second', 'from two']);
  });

  it('releases a store it created when it unmounts (a run in progress is stopped), not one it was given', async () => {
    const aborts: string[] = [];
    server.use(
      http.post('http://test.local/api/chat', ({ request }) => {
        request.signal.addEventListener('abort', () => aborts.push('owned'));
        return sseResponse([frame({ message: 'partial', citations: [], tool_calls: [] }, 1)], {
          close: false,
        });
      }),
    );
    let owned: ReturnType<typeof useToolCallStream> | null = null;
    function Probe() {
      owned = useToolCallStream();
      return null;
    }
    const view = render(
      <ToolStreamProvider endpoint="http://test.local/api/chat">
        <Probe />
      </ToolStreamProvider>,
    );
    act(() => void owned!.send('go'));
    await waitFor(() => expect(owned!.status).toBe('streaming'));
    view.unmount();
    await waitFor(() => expect(aborts).toEqual(['owned']));
    expect(owned!.store.getState().status).toBe('aborted');

    const given = createToolStreamStore({ schedule: 'sync' });
    given.ingest(chunk({ call_id: 'x', event_type: 'call', stream_part: 'open', is_complete: false }));
    const second = render(
      <ToolStreamProvider store={given}>
        <p>ready</p>
      </ToolStreamProvider>,
    );
    second.unmount();
    expect(given.getState().status).toBe('streaming');
  });

  it('gives each provider its own store, so two chats on a page stay independent', async () => {
    const a = createToolStreamStore({ schedule: 'sync' });
    const b = createToolStreamStore({ schedule: 'sync' });
    function Count({ label }: { label: string }) {
      const { toolCalls } = useToolCallStream();
      return <p>{`${label}:${toolCalls.size}`}</p>;
    }
    render(
      <>
        <ToolStreamProvider store={a}>
          <Count label="a" />
        </ToolStreamProvider>
        <ToolStreamProvider store={b}>
          <Count label="b" />
        </ToolStreamProvider>
      </>,
    );
    act(() => a.ingest(chunk({ call_id: 'x', event_type: 'call' })));
    expect(screen.getByText('a:1')).toBeTruthy();
    expect(screen.getByText('b:0')).toBeTruthy();
  });

  it('renders on the server without touching window', () => {
    const html = renderToString(
      <ToolStreamProvider endpoint="/api/chat/stream">
        <p>ready</p>
      </ToolStreamProvider>,
    );
    expect(html).toContain('ready');
  });
});
