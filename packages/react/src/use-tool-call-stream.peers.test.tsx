import { act, renderHook, waitFor } from '@testing-library/react';
import { createAiSdkTransport, createLangGraphTransport } from '@toolstream/core/providers';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useToolCallStream } from './use-tool-call-stream.js';

const sse = (...events: [event: string | null, data: unknown][]) =>
  new HttpResponse(
    events
      .map(
        ([event, data]) =>
          `${event === null ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
      )
      .join(''),
    { headers: { 'content-type': 'text/event-stream', 'content-location': '/threads/t1/runs/r1' } },
  );

const bodies: unknown[] = [];
const server = setupServer(
  http.post('http://agent.test/api/chat', async ({ request }) => {
    bodies.push(await request.json());
    return sse(
      [null, { type: 'start' }],
      [null, { type: 'text-delta', id: '0', delta: 'Checking. ' }],
      [
        null,
        { type: 'tool-input-available', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
      ],
      [null, { type: 'tool-output-available', toolCallId: 'c1', output: 'Snow' }],
      [null, { type: 'finish', finishReason: 'tool-calls' }],
      [null, '[DONE]'],
    );
  }),
  http.post('http://graph.test/threads', () => HttpResponse.json({ thread_id: 't1' })),
  http.post('http://graph.test/threads/t1/runs/stream', () =>
    sse(
      ['metadata', { run_id: 'r1', attempt: 1 }],
      [
        'messages',
        [{ type: 'ai', id: 'm1', content: 'Delegating.' }, { langgraph_checkpoint_ns: 'supervisor:1' }],
      ],
      [
        'updates|researcher:9',
        {
          agent: {
            messages: [
              {
                type: 'ai',
                id: 'm2',
                content: 'On it.',
                tool_calls: [{ id: 'c2', name: 'search', args: {} }],
              },
            ],
          },
        },
      ],
      ['updates', { researcher: {} }],
    ),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  bodies.length = 0;
});
afterAll(() => server.close());

describe('useToolCallStream with a transport for another backend (the one option it needs)', () => {
  it('talks to an AI SDK chat route', async () => {
    const transport = createAiSdkTransport({ api: 'http://agent.test/api/chat', chatId: 'chat-1' });
    const { result } = renderHook(() => useToolCallStream({ transport }));
    await act(() => result.current.send('Weather in Oslo?'));
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.toolCalls.get('c1')).toMatchObject({
      tool_name: 'weather',
      content: 'Snow',
      is_complete: true,
    });
    expect(bodies[0]).toMatchObject({ id: 'chat-1', trigger: 'submit-message' });
    expect(result.current.error).toBeNull();
  });

  it('shows a LangGraph subgraph as a delegation with its own call', async () => {
    const transport = createLangGraphTransport({ apiUrl: 'http://graph.test', assistantId: 'supervisor' });
    const { result } = renderHook(() => useToolCallStream({ transport }));
    await act(() => result.current.send('Research this'));
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect([...result.current.toolCalls.keys()]).toEqual(['researcher:9', 'c2']);
    expect(result.current.toolCalls.get('researcher:9')).toMatchObject({
      event_type: 'delegation_result',
      content: 'On it.',
    });
    expect(result.current.toolCalls.get('c2')).toMatchObject({
      tool_name: 'search',
      parentId: 'researcher:9',
    });
  });
});
