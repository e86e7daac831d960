/**
 * The conversation model (PROTOCOL.md §10): turns own their calls, retry and regenerate re-answer
 * in place, edit drops what follows, how each turn ended is state, the store owns its lifecycle.
 * Driven through the store's public API and a scripted transport (no network).
 */
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../test/harness.js';
import { call, frame, part, sse, text, tools, typed } from '../../test/sse-builder.js';
import { type Answer, scriptedTransport } from '../../test/transport/scripted-transport.js';
import { anthropicProtocol } from '../adapters/providers/anthropic.js';
import { findCall, latestAnswer } from '../reducer/find.js';
import type { AssistantMessageState, ChatMessage, ToolStreamState } from '../reducer/state.js';
import { createToolStreamStore, type ToolStreamStoreOptions } from './create-store.js';

/** A store on a scripted transport, with message ids `m1`, `m2`… */
function conversation(answers: Answer[], options: ToolStreamStoreOptions = {}) {
  const transport = scriptedTransport(answers);
  let ids = 0;
  const store = createToolStreamStore({
    transport,
    schedule: 'sync',
    generateId: () => `m${++ids}`,
    ...options,
  });
  return { store, transport };
}

const answers = (state: ToolStreamState) =>
  state.messages.filter((m): m is AssistantMessageState => m.role === 'assistant');
const users = (state: ToolStreamState) => state.messages.filter((m) => m.role === 'user');
const textOf = (message: AssistantMessageState) =>
  message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');

/** A run whose call `c1` (the same id every time) outputs `output`. */
const runWith = (output: string, intro = 'Checking. ') =>
  sse(
    text(intro),
    tools(call({ id: 'c1', name: 'search' })),
    tools(part('c1', output, { type: 'result', complete: true })),
  );

describe('a call belongs to its turn', () => {
  it('the same call id in a later turn is a new call, and the earlier turn does not change', async () => {
    const { store } = conversation([{ sse: runWith('first') }, { sse: runWith('second') }]);
    await store.send('one');
    const first = answerOf(store.getState());
    await store.send('two');
    const [a, b] = answers(store.getState());
    expect(a).toBe(first);
    expect(a!.calls.c1).toMatchObject({ status: 'complete', result: { text: 'first' } });
    expect(b!.calls.c1).toMatchObject({ status: 'complete', result: { text: 'second' } });
    expect(store.getState().errors).toEqual([]);
    expect(findCall(store.getState(), a!.id, 'c1')!.result!.text).toBe('first');
    expect(findCall(store.getState(), b!.id, 'c1')!.result!.text).toBe('second');
  });

  it('a stream you read yourself begins a new turn with startTurn(), so repeated ids start new calls', () => {
    const store = createToolStreamStore({ schedule: 'sync' });
    store.ingest(tools(call({ id: 'call-1', response: 'A' })));
    store.startTurn('next question');
    store.ingest(tools(call({ id: 'call-1', response: 'B' })));
    const [first, second] = answers(store.getState());
    expect(first!.calls['call-1']!.call.text).toBe('A');
    expect(first!.end).toMatchObject({ outcome: 'done' });
    expect(second!.calls['call-1']!.call.text).toBe('B');
    expect(users(store.getState())).toMatchObject([{ text: 'next question' }]);
    expect(store.getState().errors).toEqual([]);
  });

  it('an ingested stream that says it is done ends its turn: the next payload begins another', () => {
    const store = createToolStreamStore({ schedule: 'sync' });
    store.ingestFrame({ data: JSON.stringify(tools(call({ id: 'x', response: '1' }))) });
    store.ingestFrame({ event: 'done', data: '' });
    store.ingestFrame({ data: JSON.stringify(tools(call({ id: 'x', response: '2' }))) });
    expect(answers(store.getState()).map((m) => m.calls.x!.call.text)).toEqual(['1', '2']);
  });
});

describe('retry, regenerate and edit', () => {
  it('retry() re-runs a failed turn in place: one user message, the failed answer replaced', async () => {
    const { store, transport } = conversation([
      { sse: runWith('lost'), readBytes: 40, dropAfterReads: 1 },
      { sse: runWith('found') },
    ]);
    await store.send({ message: 'find it', body: { scenario: 's' } });
    const failed = answerOf(store.getState());
    expect(failed.end).toMatchObject({ outcome: 'failed', error: { code: 'network' } });
    await store.retry();
    const state = store.getState();
    expect(users(state)).toHaveLength(1);
    expect(answers(state)).toHaveLength(1);
    expect(answerOf(state)).toMatchObject({ end: { outcome: 'done', error: null }, versions: [] });
    expect(answerOf(state).calls.c1!.result!.text).toBe('found');
    expect(transport.requests.map((r) => [r.trigger, r.message, r.body])).toEqual([
      ['send', 'find it', { scenario: 's' }],
      ['retry', 'find it', { scenario: 's' }],
    ]);
  });

  it('regenerate() gives a new answer and keeps the earlier one as a version', async () => {
    const { store, transport } = conversation([
      { sse: runWith('one') },
      { sse: runWith('two', 'Again. ') },
      { sse: runWith('three', 'Once more. ') },
    ]);
    await store.send('q');
    const firstAnswer = answerOf(store.getState());
    await store.regenerate();
    await store.regenerate();
    const answer = answerOf(store.getState());
    expect(users(store.getState())).toHaveLength(1);
    expect(textOf(answer)).toBe('Once more. ');
    expect(answer.versions.map(textOf)).toEqual(['Checking. ', 'Again. ']);
    expect(answer.versions.map((v) => v.calls.c1!.result!.text)).toEqual(['one', 'two']);
    expect(answer.versions[0]).toMatchObject({ ...firstAnswer, versions: [] });
    expect(answer.versions.every((v) => v.versions.length === 0)).toBe(true);
    expect(transport.requests.map((r) => r.trigger)).toEqual(['send', 'regenerate', 'regenerate']);
    // Versions are addressable like any answer.
    expect(findCall(store.getState(), firstAnswer.id, 'c1')!.result!.text).toBe('one');
  });

  it('edit() changes a user message, drops every turn after it and answers it again', async () => {
    const { store, transport } = conversation([
      { sse: runWith('a') },
      { sse: runWith('b') },
      { sse: runWith('c') },
    ]);
    await store.send('first');
    await store.send('second');
    const firstUser = users(store.getState())[0]!;
    const firstAnswer = store.getState().messages[1]!;
    await store.edit(firstUser.id, 'first, rephrased');
    const state = store.getState();
    expect(state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(state.messages[0]).toMatchObject({ id: firstUser.id, text: 'first, rephrased' });
    expect(answerOf(state).id).not.toBe(firstAnswer.id);
    expect(answerOf(state).calls.c1!.result!.text).toBe('c');
    expect(transport.requests.at(-1)).toMatchObject({
      trigger: 'edit',
      message: 'first, rephrased',
      history: [],
    });
  });

  it('a request sees the conversation before the turn it answers as history', async () => {
    const { store, transport } = conversation([
      { sse: runWith('a') },
      { sse: runWith('b') },
      { sse: runWith('c') },
    ]);
    await store.send('one');
    await store.send('two');
    await store.regenerate();
    const history = (index: number) => transport.requests[index]!.history.map((m: ChatMessage) => m.role);
    expect(history(0)).toEqual([]);
    expect(history(1)).toEqual(['user', 'assistant']);
    expect(history(2)).toEqual(['user', 'assistant']);
  });

  it('retry, regenerate and edit say precisely what they need', async () => {
    const { store } = conversation([]);
    await expect(store.retry()).rejects.toThrow(/needs a last turn/);
    await expect(store.regenerate()).rejects.toThrow(/needs a last turn/);
    await expect(store.edit('nope', 'x')).rejects.toThrow(/user message/);
    const offline = createToolStreamStore();
    offline.ingest(text('hi'));
    await expect(offline.send('x')).rejects.toThrow(/needs the `endpoint` or `transport` option/);
  });
});

describe('how a turn ended is state', () => {
  it('done: the stream ended cleanly', async () => {
    const { store } = conversation([{ sse: runWith('ok') }]);
    await store.send('q');
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'done', error: null });
  });

  it('failed: the error is on the turn, not only on the store', async () => {
    const { store } = conversation([
      { sse: sse(text('partial '), typed('error', 'The model is overloaded.')) },
    ]);
    await store.send('q');
    const { end } = answerOf(store.getState());
    expect(end).toMatchObject({
      outcome: 'failed',
      error: { code: 'server', message: 'The model is overloaded.' },
    });
    expect(store.getState().error).toEqual(end!.error);
  });

  it('interrupted: the stream closed with a call still open', async () => {
    const { store } = conversation([{ sse: sse(text('partial '), tools(part('c1', 'half'))) }]);
    await store.send('q');
    const answer = answerOf(store.getState());
    expect(answer.end).toMatchObject({ outcome: 'interrupted' });
    expect(answer.calls.c1!.status).toBe('interrupted');
  });

  it('interrupted: a provider stream closed before its own end event', async () => {
    const start = { type: 'message_start', message: { id: 'msg_1', content: [] } };
    const block = { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } };
    const delta = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } };
    const { store } = conversation([{ sse: [start, block, delta].map((event) => frame(event)).join('') }], {
      protocol: anthropicProtocol,
    });
    await store.send('q');
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'interrupted' });
  });

  it('truncated: the model hit its length limit, and the call it was writing is cut off', async () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_1', content: [] } },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'write', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"text": "cut' },
      },
      { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 64 } },
      { type: 'message_stop' },
    ];
    const { store } = conversation([{ sse: events.map((event) => frame(event)).join('') }], {
      protocol: anthropicProtocol,
    });
    await store.send('q');
    const answer = answerOf(store.getState());
    expect(answer.end).toMatchObject({
      outcome: 'truncated',
      finish: { reason: 'length', raw: 'max_tokens' },
    });
    expect(answer.calls.toolu_1!.status).toBe('truncated');
  });

  it('stopped: stop() ends the turn, keeps what arrived, and cancels the run on the server', async () => {
    const { store, transport } = conversation([{ sse: runWith('never seen'), readBytes: 8, runId: 'run-1' }]);
    const sending = store.send('q');
    await Promise.resolve();
    await Promise.resolve();
    await store.stop();
    await sending;
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'stopped' });
    expect(store.getState().status).toBe('aborted');
    expect(transport.cancelled).toEqual(['run-1']);
  });
});

describe('stop() reaches the server in every case', () => {
  it('while the request waits for its answer: the turn stops at once, the run is cancelled when the answer names it', async () => {
    let answer!: (response: Response) => void;
    const requests: { method: string; url: string }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      requests.push({ method: init.method ?? 'GET', url });
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }) as typeof globalThis.fetch;
    const store = createToolStreamStore({ endpoint: 'http://api.test/chat', fetch, schedule: 'sync' });
    const sending = store.send('q');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await store.stop();
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'stopped' });
    expect(requests.map((r) => r.method)).toEqual(['POST']);
    const body = new ReadableStream<Uint8Array>({ start() {} }); // stays open
    answer(new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-run-id': 'run-42' } }));
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toEqual([
      { method: 'POST', url: 'http://api.test/chat' },
      { method: 'DELETE', url: 'http://api.test/chat/run-42' },
    ]);
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'stopped' });
  });

  it('after detach(): the detached run is cancelled on the server and its turn ends stopped', async () => {
    const { store, transport } = conversation([{ sse: runWith('x'), readBytes: 8, runId: 'run-7' }]);
    const sending = store.send('q');
    await Promise.resolve();
    await Promise.resolve();
    expect(store.detach()).toMatchObject({ runId: 'run-7' });
    await sending;
    expect(answerOf(store.getState()).end).toBeNull();
    await store.stop();
    expect(transport.cancelled).toEqual(['run-7']);
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'stopped' });
  });
});

describe('the store owns its lifecycle: release()', () => {
  it('stops a run in progress by default', async () => {
    const { store, transport } = conversation([{ sse: runWith('x'), readBytes: 8, runId: 'run-1' }]);
    const sending = store.send('q');
    await Promise.resolve();
    await Promise.resolve();
    store.release();
    await sending;
    expect(answerOf(store.getState()).end).toMatchObject({ outcome: 'stopped' });
    expect(transport.cancelled).toEqual(['run-1']);
  });

  it("with onRelease: 'detach', leaves a named run going (to be re-attached) and cancels nothing", async () => {
    const { store, transport } = conversation([{ sse: runWith('x'), readBytes: 8, runId: 'run-1' }], {
      onRelease: 'detach',
    });
    const sending = store.send('q');
    await Promise.resolve();
    await Promise.resolve();
    store.release();
    await sending;
    expect(store.getState().status).toBe('idle');
    expect(answerOf(store.getState()).end).toBeNull();
    expect(store.getResumeToken()).toMatchObject({ runId: 'run-1' });
    expect(transport.cancelled).toEqual([]);
  });

  it('does nothing to a store with no run going (it stays usable)', async () => {
    const { store } = conversation([{ sse: runWith('a') }, { sse: runWith('b') }]);
    await store.send('q');
    const before = store.getState();
    store.release();
    expect(store.getState()).toBe(before);
    await store.send('again');
    expect(answers(store.getState())).toHaveLength(2);
  });
});

describe('starting from an existing conversation', () => {
  it('load() replaces the conversation; short messages get ids; an open turn ends interrupted', async () => {
    const { store } = conversation([{ sse: runWith('next') }]);
    const saved = createToolStreamStore({ schedule: 'sync' });
    saved.startTurn('earlier question');
    saved.ingest(tools(part('c1', 'half')));
    const open = saved.getState().messages;
    store.load([
      { role: 'user', text: 'hello' },
      { role: 'assistant', text: 'Hi! How can I help?' },
      ...open,
    ]);
    const state = store.getState();
    expect(state.messages.map((m) => m.id).slice(0, 2)).toEqual(['message-1', 'message-2']);
    expect(answers(state)[0]).toMatchObject({
      parts: [{ type: 'text', text: 'Hi! How can I help?' }],
      end: { outcome: 'done' },
    });
    expect(answers(state)[1]!.end).toMatchObject({ outcome: 'interrupted' });
    expect(answers(state)[1]!.calls.c1!.status).toBe('interrupted');
    await store.send('and now?');
    expect(answers(store.getState())).toHaveLength(3);
    expect(latestAnswer(store.getState())!.calls.c1!.result!.text).toBe('next');
  });

  it('initialMessages from JSON (a server history) become tables without prototypes', () => {
    const json = JSON.stringify([
      {
        id: 'a1',
        role: 'assistant',
        parts: [{ type: 'tool-call', callId: 'constructor' }],
        calls: {
          constructor: {
            id: 'constructor',
            toolName: 't',
            kind: 'tool',
            parentId: null,
            agent: null,
            eventType: 'call',
            details: {},
            phase: 'call',
            call: { text: 'x', streamed: false, complete: true, startedAt: 0, completedAt: 0 },
            result: null,
            argsText: null,
            args: null,
            argsError: null,
            status: 'complete',
            error: null,
            startedAt: 0,
            completedAt: 0,
          },
        },
        callOrder: ['constructor'],
        end: { outcome: 'done', finish: null, error: null, at: 0 },
      },
    ]);
    const store = createToolStreamStore({ initialMessages: JSON.parse(json) });
    const answer = answerOf(store.getState());
    expect(Object.getPrototypeOf(answer.calls)).toBeNull();
    expect(findCall(store.getState(), 'a1', 'constructor')!.call.text).toBe('x');
    expect(findCall(store.getState(), 'a1', 'toString')).toBeUndefined();
  });
});
