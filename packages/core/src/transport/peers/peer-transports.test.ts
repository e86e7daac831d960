import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantMessageState } from '../../reducer/state.js';
import { messageText } from '../../snapshot/snapshot.js';
import { createToolStreamStore } from '../../store/create-store.js';
import { createAgUiTransport } from './ag-ui-transport.js';
import { createAiSdkTransport } from './ai-sdk-transport.js';
import { createLangGraphTransport } from './langgraph-transport.js';

/** A loopback server whose handler each test writes; requests are recorded with their bodies. */
async function serve(handler: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    handler(request, body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { origin, requests };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const answerOf = (store: { getState(): { messages: readonly unknown[] } }) =>
  store.getState().messages.at(-1) as AssistantMessageState;
const ui = (...chunks: unknown[]) =>
  chunks.map((chunk) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`).join('');

describe('AI SDK transport', () => {
  const STREAM = ui(
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: '0' },
    ...['One ', 'two ', 'three ', 'four ', 'five.'].map((delta) => ({ type: 'text-delta', id: '0', delta })),
    { type: 'text-end', id: '0' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
    '[DONE]',
  );

  it('re-attaches a resumable chat stream after a drop, skipping what the replay repeats', async () => {
    const cut = STREAM.indexOf('three');
    const { origin, requests } = await serve((request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' });
      if (request.method === 'POST') {
        response.write(STREAM.slice(0, cut));
        setTimeout(() => response.destroy(), 20);
      } else response.end(STREAM); // the resumable stream replays from its start
    });
    const transport = createAiSdkTransport({
      api: `${origin}/api/chat`,
      chatId: 'chat-9',
      resume: true,
      reconnect: { initialDelayMs: 10, maxDelayMs: 20 },
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    await store.send('Count to five');
    expect(messageText(answerOf(store))).toBe('One two three four five.');
    expect(answerOf(store).end?.outcome).toBe('done');
    expect(store.getState().errors).toEqual([]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/chat',
      'GET /api/chat/chat-9/stream',
    ]);
  });

  it('resumes a chat after a reload from its start, and takes 204 as nothing to resume', async () => {
    let active = true;
    const { origin } = await serve((_request, _body, response) => {
      if (!active) {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(STREAM);
    });
    const store = createToolStreamStore({
      transport: createAiSdkTransport({ api: `${origin}/api/chat`, resume: true }),
      schedule: 'sync',
    });
    await store.resume({ runId: 'chat-7', lastEventId: null });
    expect(messageText(answerOf(store))).toBe('One two three four five.');
    active = false;
    const idle = createToolStreamStore({
      transport: createAiSdkTransport({ api: `${origin}/api/chat`, resume: true }),
      schedule: 'sync',
    });
    await idle.resume({ runId: 'chat-7', lastEventId: null });
    expect(idle.getState().errors).toEqual([]);
    expect(idle.getState().messages).toEqual([]);
  });

  it('reads an AI SDK 4 backend, whose data stream comes as text/plain', async () => {
    const { origin, requests } = await serve((_request, _body, response) => {
      response.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'x-vercel-ai-data-stream': 'v1',
      });
      response.end(
        'f:{"messageId":"m"}\n0:"Hello "\n0:"there."\nd:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":2}}\n',
      );
    });
    const store = createToolStreamStore({
      transport: createAiSdkTransport({
        api: `${origin}/api/chat`,
        streamProtocol: 'data',
        body: { model: 'small' },
      }),
      schedule: 'sync',
    });
    await store.send({ message: 'Hi', body: { temperature: 0 } });
    expect(messageText(answerOf(store))).toBe('Hello there.');
    expect(answerOf(store).end?.outcome).toBe('done');
    const body = JSON.parse(requests[0]!.body);
    expect(body).toMatchObject({ model: 'small', temperature: 0, trigger: 'submit-message' });
    expect(body.messages).toEqual([
      { id: store.getState().messages[0]!.id, role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
  });
});

describe('AG-UI transport', () => {
  it("sends AG-UI's RunAgentInput: the thread, a new run and the conversation with its tool round trips", async () => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Checking.' },
      { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{"city":"Oslo"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'tc1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'tc1', content: 'Snow' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    const { origin, requests } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(ui(...events));
    });
    const transport = createAgUiTransport({
      url: `${origin}/agent`,
      threadId: 'thread-1',
      tools: [{ name: 'confirm' }],
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    await store.send('Weather in Oslo?');
    await store.send({ message: 'Thanks', body: { locale: 'nb' } });
    const [first, second] = requests.map((request) => JSON.parse(request.body));
    const [question, answer, thanks] = store.getState().messages;
    expect(first).toMatchObject({
      threadId: 'thread-1',
      state: {},
      tools: [{ name: 'confirm' }],
      context: [],
    });
    expect(first.messages).toEqual([{ id: question!.id, role: 'user', content: 'Weather in Oslo?' }]);
    expect(second.runId).not.toBe(first.runId);
    expect(second.forwardedProps).toEqual({ locale: 'nb' });
    expect(second.messages).toEqual([
      { id: question!.id, role: 'user', content: 'Weather in Oslo?' },
      {
        id: answer!.id,
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'tc1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { id: 'tc1-result', role: 'tool', toolCallId: 'tc1', content: 'Snow' },
      { id: thanks!.id, role: 'user', content: 'Thanks' },
    ]);
  });
});

describe('AG-UI transport: runs that finish waiting', () => {
  const event = (json: unknown) => `data: ${JSON.stringify(json)}\n\n`;
  const call = (id: string, name: string, args: string) =>
    event({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name }) +
    (args === '' ? '' : event({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args })) +
    event({ type: 'TOOL_CALL_END', toolCallId: id });

  /** A store on an agent whose first run is `first`, and whose next runs end at once. */
  async function agent(first: string) {
    const { origin, requests } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        requests.length === 1
          ? event({ type: 'RUN_STARTED', threadId: 't', runId: 'r1' }) + first
          : event({ type: 'RUN_STARTED', threadId: 't', runId: 'r2' }) +
              event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'Done.' }) +
              event({ type: 'RUN_FINISHED', threadId: 't', runId: 'r2' }),
      );
    });
    const store = createToolStreamStore({
      transport: createAgUiTransport({ url: `${origin}/agent`, threadId: 't' }),
      schedule: 'sync',
      tools: { client: { get_time_zone: { execute: () => 'Europe/Oslo' } } },
    });
    return { store, requests };
  }

  it("answers an interrupt in the next run's resume entries", async () => {
    // AG-UI's interrupt outcome (docs.ag-ui.com, Interrupts): an approval about `del`.
    const { store, requests } = await agent(
      call('del', 'delete_file', '{"path":"a"}') +
        event({
          type: 'RUN_FINISHED',
          threadId: 't',
          runId: 'r1',
          outcome: {
            type: 'interrupt',
            interrupts: [{ id: 'int-1', reason: 'approval', toolCallId: 'del' }],
          },
        }),
    );
    await store.send('Delete a');
    const answer = answerOf(store);
    expect(answer.end?.outcome).toBe('awaiting-input');
    expect(store.deny(answer.id, 'del', 'not that one')).toBe(true);
    await expect.poll(() => answerOf(store).end?.outcome).toBe('done');
    const second = JSON.parse(requests[1]!.body);
    expect(second.resume).toEqual([
      { interruptId: 'int-1', status: 'resolved', payload: { approved: false, reason: 'not that one' } },
    ]);
    expect(second.messages.slice(1)).toEqual([
      {
        id: answer.id,
        role: 'assistant',
        toolCalls: [
          { id: 'del', type: 'function', function: { name: 'delete_file', arguments: '{"path":"a"}' } },
        ],
      },
    ]);
    expect(messageText(answerOf(store))).toBe('Done.');
  });

  it("sends a frontend tool's result as its tool message after the answer", async () => {
    // A success outcome naming the frontend tool calls it leaves pending.
    const { store, requests } = await agent(
      call('zone', 'get_time_zone', '') +
        event({
          type: 'RUN_FINISHED',
          threadId: 't',
          runId: 'r1',
          outcome: { type: 'success', pendingToolCallIds: ['zone'] },
        }),
    );
    await store.send('Where am I?');
    await expect.poll(() => answerOf(store).end?.outcome).toBe('done');
    const answer = answerOf(store);
    const second = JSON.parse(requests[1]!.body);
    expect(second).not.toHaveProperty('resume');
    expect(second.messages.slice(1)).toEqual([
      {
        id: answer.id,
        role: 'assistant',
        toolCalls: [{ id: 'zone', type: 'function', function: { name: 'get_time_zone', arguments: '{}' } }],
      },
      { id: 'zone-result', role: 'tool', toolCallId: 'zone', content: 'Europe/Oslo' },
    ]);
  });
});

describe('LangGraph transport', () => {
  it('creates a thread once, answers an interrupt with a command, and cancels on its thread', async () => {
    const { origin, requests } = await serve((request, _body, response) => {
      if (request.url === '/threads') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"thread_id":"th-1"}');
      } else if (request.url?.endsWith('/cancel')) {
        response.writeHead(404).end();
      } else {
        response.writeHead(200, {
          'content-type': 'text/event-stream',
          'content-location': '/threads/th-1/runs/run-1',
        });
        response.end('event: metadata\ndata: {"run_id":"run-1","attempt":1}\n\n');
      }
    });
    const threads: string[] = [];
    const transport = createLangGraphTransport({
      apiUrl: origin,
      assistantId: 'agent',
      onThreadId: (id) => threads.push(id),
      streamMode: ['updates'],
    });
    const store = createToolStreamStore({ transport, schedule: 'sync' });
    await store.send('Hello');
    await store.send({ message: '', body: { command: { resume: { action: 'approve' } } } });
    expect(threads).toEqual(['th-1']);
    expect(store.getState().run.runId).toBe('run-1');
    const runs = requests.filter((r) => r.url === '/threads/th-1/runs/stream').map((r) => JSON.parse(r.body));
    expect(runs[0]).toMatchObject({
      assistant_id: 'agent',
      input: { messages: [{ role: 'user', content: 'Hello' }] },
      stream_mode: ['updates'],
      stream_subgraphs: true,
    });
    expect(runs[1]).toEqual({
      assistant_id: 'agent',
      command: { resume: { action: 'approve' } },
      stream_mode: ['updates'],
      stream_subgraphs: true,
      stream_resumable: true,
    });
    await transport.cancel('run-1'); // a run that is already over: not an error
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/threads/th-1/runs/run-1/cancel' });
  });
});
