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

describe('ToolStreamProvider', () => {
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
