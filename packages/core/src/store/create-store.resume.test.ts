import { afterEach, describe, expect, it } from 'vitest';
import { callsOf } from '../../test/harness.js';
import { type SseEvent, textData, toolPartData } from '../../test/transport/sse-events.js';
import {
  type SseServer,
  type SseServerOptions,
  STREAM_PATH,
  startSseServer,
} from '../../test/transport/sse-server.js';
import { assistantText, waitForState } from '../../test/transport/wait-for.js';
import type { ToolStreamState } from '../reducer/state.js';
import { createToolStreamStore, type ToolStreamStoreOptions } from './create-store.js';

/** A run with text around a tool call whose parts straddle the drop points used below. */
const events: SseEvent[] = [
  { id: 'e1', data: textData('Let me ') },
  { id: 'e2', data: textData('check. ') },
  { id: 'e3', data: toolPartData('c1', 'onboarding ') },
  { id: 'e4', data: toolPartData('c1', 'page', { complete: true, response: 'onboarding page' }) },
  { id: 'e5', data: textData('Found ') },
  { id: 'e6', data: textData('it.') },
];
const fullText = 'Let me check. Found it.';

let server: SseServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(options: Omit<SseServerOptions, 'events'>) {
  server = await startSseServer({ events, ...options });
  return server;
}

/** Fast reconnection: these tests are about what is sent, not how long it waits. */
function storeFor(target: SseServer, options: ToolStreamStoreOptions = {}) {
  return createToolStreamStore({
    endpoint: target.endpoint,
    reconnect: { initialDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
}

const sawEvent = (id: string) => (state: ToolStreamState) => state.run.lastEventId === id;

describe('resume after a network drop', () => {
  it('does not re-attach after a fatal error event: the run has ended', async () => {
    const target = await startSseServer({
      events: [
        { id: 'e1', data: textData('Working… ') },
        { id: 'e2', event: 'error', data: 'The agent failed.' },
        { id: 'e3', data: textData('never read') },
      ],
      runId: 'run-x',
      connections: [{ kind: 'stream', send: 2, after: 'drop' }],
    });
    server = target;
    const chat = storeFor(target);
    await chat.send('go');
    const state = chat.getState();
    expect(target.streamRequests()).toHaveLength(1);
    expect(state.status).toBe('error');
    expect(assistantText(state)).toBe('Working… ');
    expect(state.error).toMatchObject({ code: 'server', message: 'The agent failed.' });
  });

  it('re-attaches a named run with GET <endpoint>/<runId> and Last-Event-ID, with exactly one POST', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 3, after: 'hold' }] });
    const chat = storeFor(target);
    const statuses = new Set<string>();
    chat.subscribe((state) => statuses.add(state.status));
    const sending = chat.send('find the onboarding page');
    await waitForState(chat, sawEvent('e3'), 'event e3');
    target.drop();
    await sending;

    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(fullText);
    expect(callsOf(state).c1).toMatchObject({ status: 'complete' });
    expect(callsOf(state).c1!.call.text).toBe('onboarding page');
    expect(state.run).toMatchObject({ runId: 'run-1', lastEventId: 'e6' });
    expect(statuses.has('reconnecting')).toBe(true);

    const requests = target.streamRequests();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${STREAM_PATH}`,
      `GET ${STREAM_PATH}/run-1`,
    ]);
    expect(requests[1]!.lastEventId).toBe('e3');
  });

  it('turns the drop of an unnamed POST into a retryable network error, without a second POST', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'stream', send: 2, after: 'hold' }] });
    const chat = storeFor(target);
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    target.drop();
    await sending;

    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'network', retryable: true, fatal: true });
    expect(state.error!.message).toContain('X-Run-Id');
    expect(assistantText(state)).toBe('Let me check. ');
    expect(target.streamRequests()).toHaveLength(1);
  });

  it('reconnects a GET stream to its own URL with Last-Event-ID', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'stream', send: 4, after: 'hold' }] });
    const chat = storeFor(target, { method: 'GET' });
    const sending = chat.send('hello there');
    await waitForState(chat, sawEvent('e4'), 'event e4');
    target.drop();
    await sending;

    expect(assistantText(chat.getState())).toBe(fullText);
    const requests = target.streamRequests();
    const own = `GET ${STREAM_PATH}?message=hello+there`;
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([own, own]);
    expect(requests[1]!.lastEventId).toBe('e4');
  });

  it("honours the server's retry: over a long initial delay", async () => {
    // Were retry: ignored, the first wait would be 30 s or more and the test would time out.
    const target = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 2, after: 'hold', retryMs: 10 }],
    });
    const chat = storeFor(target, { reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    target.drop();
    await sending;
    expect(chat.getState().status).toBe('done');
    expect(assistantText(chat.getState())).toBe(fullText);
  });

  it('gives up after maxAttempts with a clear error the user can retry with resume()', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 2, after: 'hold' }, { kind: 'refuse' }, { kind: 'refuse' }],
    });
    const chat = storeFor(target, { reconnect: { maxAttempts: 2, initialDelayMs: 5, maxDelayMs: 10 } });
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    target.drop();
    await sending;

    const failed = chat.getState();
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ code: 'network', retryable: true, fatal: true });
    expect(failed.error!.message).toContain('Gave up after 2');
    expect(target.streamRequests()).toHaveLength(3);
    expect(chat.getResumeToken()).toEqual({ runId: 'run-1', lastEventId: 'e2' });

    await chat.resume();
    const resumed = chat.getState();
    expect(resumed.status).toBe('done');
    expect(resumed.error).toBeNull();
    expect(assistantText(resumed)).toBe(fullText);
    expect(target.streamRequests().at(-1)!.lastEventId).toBe('e2');
    expect(target.streamRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('reports resume-failed when the re-attach is answered 404', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [
        { kind: 'stream', send: 2, after: 'hold' },
        { kind: 'status', status: 404, body: 'expired' },
      ],
    });
    const chat = storeFor(target);
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    target.drop();
    await sending;
    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'resume-failed', status: 404, retryable: false });
    expect(assistantText(state)).toBe('Let me check. ');
  });
});

describe('stop and detach', () => {
  it('stop() DELETEs the named run, closes the connection and keeps the partial content, stopped', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 3, after: 'hold' }] });
    const finished: ToolStreamState[] = [];
    const chat = storeFor(target, { onFinish: (state) => finished.push(state) });
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e3'), 'event e3');
    await chat.stop();
    await sending;

    await target.until(() => target.clientCloses() === 1, 'the client to close the stream');
    const deletes = target.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.url)).toEqual([`${STREAM_PATH}/run-1`]);
    const state = chat.getState();
    expect(state.status).toBe('aborted');
    expect(state.error).toBeNull();
    expect(assistantText(state)).toBe('Let me check. ');
    expect(callsOf(state).c1).toMatchObject({ status: 'stopped' });
    expect(callsOf(state).c1!.call.text).toBe('onboarding ');
    expect(finished).toHaveLength(1);
    expect(target.streamRequests()).toHaveLength(1);
  });

  it('stop() of an unnamed run closes the connection and sends no DELETE', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'stream', send: 2, after: 'hold' }] });
    const chat = storeFor(target);
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    await chat.stop();
    await sending;
    await target.until(() => target.clientCloses() === 1, 'the client to close the stream');
    expect(target.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(chat.getState().status).toBe('aborted');
  });

  it('detach() only leaves; resume() on the same store continues the run from Last-Event-ID', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 3, after: 'hold' }] });
    const finished: ToolStreamState[] = [];
    const chat = storeFor(target, { onFinish: (state) => finished.push(state) });
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e3'), 'event e3');
    const token = chat.detach();
    await sending;

    expect(token).toEqual({ runId: 'run-1', lastEventId: 'e3' });
    await target.until(() => target.clientCloses() === 1, 'the client to close the stream');
    const detached = chat.getState();
    expect(detached.status).toBe('idle');
    expect(detached.error).toBeNull();
    expect(callsOf(detached).c1).toMatchObject({ status: 'streaming' });
    expect(finished).toHaveLength(0);

    await chat.resume();
    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(fullText);
    expect(callsOf(state).c1).toMatchObject({ status: 'complete' });
    expect(state.messages.filter((message) => message.role === 'assistant')).toHaveLength(1);
    expect(finished).toHaveLength(1);
    expect(target.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    const requests = target.streamRequests();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${STREAM_PATH}`,
      `GET ${STREAM_PATH}/run-1`,
    ]);
    expect(requests[1]!.lastEventId).toBe('e3');
  });

  it('resume() during a live connection replaces it without ending the run', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 3, after: 'hold' }] });
    const finished: ToolStreamState[] = [];
    const chat = storeFor(target, { onFinish: (state) => finished.push(state) });
    const statuses = new Set<string>();
    chat.subscribe((state) => statuses.add(state.status));
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e3'), 'event e3');
    await chat.resume();
    await sending;
    await target.until(() => target.clientCloses() === 1, 'the client to close the first stream');

    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(fullText);
    expect(callsOf(state).c1).toMatchObject({ status: 'complete' });
    expect(statuses.has('aborted')).toBe(false);
    expect(finished).toHaveLength(1);
    expect(target.streamRequests().at(-1)!.lastEventId).toBe('e3');
  });

  it('resumes after a "reload": a new store from the old state and the token continues the run', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 2, after: 'hold' }] });
    const before = storeFor(target);
    const sending = before.send('x');
    await waitForState(before, sawEvent('e2'), 'event e2');
    const token = before.detach();
    await sending;
    // What an app would persist and read back.
    const saved = JSON.parse(JSON.stringify({ state: before.getState(), token })) as {
      state: ToolStreamState;
      token: { runId: string; lastEventId: string | null };
    };

    const after = storeFor(target, { initialState: saved.state });
    expect(after.getState().status).toBe('idle');
    await after.resume(saved.token);
    const state = after.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(fullText);
    expect(state.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    const last = target.streamRequests().at(-1)!;
    expect(`${last.method} ${last.url}`).toBe(`GET ${STREAM_PATH}/run-1`);
    expect(last.lastEventId).toBe('e2');
    expect(target.streamRequests().filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('resume() without a token takes it from the restored state', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 5, after: 'hold' }] });
    const before = storeFor(target);
    const sending = before.send('x');
    await waitForState(before, sawEvent('e5'), 'event e5');
    before.detach();
    await sending;
    const after = storeFor(target, { initialState: before.getState() });
    await after.resume();
    expect(assistantText(after.getState())).toBe(fullText);
    expect(target.streamRequests().at(-1)!.lastEventId).toBe('e5');
  });

  it('does not apply twice the events a server replays before Last-Event-ID, across sessions', async () => {
    const target = await serve({
      runId: 'run-1',
      replayOverlap: 2,
      connections: [
        { kind: 'stream', send: 2, after: 'hold' },
        { kind: 'stream', send: 3, after: 'hold' },
      ],
    });
    const chat = storeFor(target);
    const sending = chat.send('x');
    await waitForState(chat, sawEvent('e2'), 'event e2');
    target.drop(); // reconnects inside the same session: e1 and e2 come again
    await waitForState(chat, sawEvent('e3'), 'event e3');
    chat.detach();
    await sending;
    // A new session on the same store: e2 (known only to this store) and e3 (the token's) come again.
    await chat.resume();
    expect(assistantText(chat.getState())).toBe(fullText);
    expect(target.streamRequests().map((request) => request.lastEventId)).toEqual([null, 'e2', 'e3']);
  });

  it('after a "reload", does not apply again the Last-Event-ID event a server replays', async () => {
    const target = await serve({
      runId: 'run-1',
      replayOverlap: 1,
      connections: [{ kind: 'stream', send: 2, after: 'hold' }],
    });
    const before = storeFor(target);
    const sending = before.send('x');
    await waitForState(before, sawEvent('e2'), 'event e2');
    const token = before.detach();
    await sending;
    const after = storeFor(target, { initialState: before.getState() });
    await after.resume(token!);
    expect(target.streamRequests().at(-1)!.lastEventId).toBe('e2');
    expect(assistantText(after.getState())).toBe(fullText);
  });

  it('reports resume-failed for an unknown run, and a non-fatal resume-failed when there is no run', async () => {
    const target = await serve({ runId: 'run-1' });
    const chat = storeFor(target);
    await chat.resume();
    expect(chat.getState().errors).toEqual([
      expect.objectContaining({ code: 'resume-failed', fatal: false }),
    ]);
    expect(target.requests).toEqual([]);

    await chat.resume({ runId: 'gone', lastEventId: 'e9' });
    const state = chat.getState();
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'resume-failed', status: 404, retryable: false });
    expect(target.streamRequests()[0]!.lastEventId).toBe('e9');
  });
});
