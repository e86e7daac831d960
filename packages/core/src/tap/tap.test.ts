import { afterEach, describe, expect, it } from 'vitest';
import { type SseEvent, textData, toolPartData } from '../../test/transport/sse-events.js';
import { type SseServer, STREAM_PATH, startSseServer } from '../../test/transport/sse-server.js';
import { applyActions } from '../reducer/reduce.js';
import { initialState, type ToolStreamState } from '../reducer/state.js';
import { reduceStream } from '../snapshot/reduce-stream.js';
import { createToolStreamStore } from '../store/create-store.js';
import type { TapRecord } from './tap.js';

const events: SseEvent[] = [
  { id: 'e1', data: textData('Let me ') },
  { id: 'e2', data: textData('check. ') },
  { id: 'e3', data: toolPartData('c1', 'onboarding ') },
  { id: 'e4', data: toolPartData('c1', 'page', { complete: true, response: 'onboarding page' }) },
  { id: 'e5', data: textData('Found it.') },
];

let server: SseServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Folds what a tap reported onto the state it started from, as a tool following the store would. */
function fold(start: ToolStreamState, records: readonly TapRecord[], now: number): ToolStreamState {
  let state = start;
  for (const record of records) {
    if (record.type === 'action') state = applyActions(state, [record.action], now);
    else if (record.type === 'frame') state = applyActions(state, record.events, now);
    else if (record.type === 'replace') state = record.state;
  }
  return state;
}

const SSE =
  'id: 1\ndata: {"message":"Hi ","citations":[],"tool_calls":[]}\n\n' +
  ': keep-alive\n\n' +
  'id: 2\ndata: {"message":"","citations":[],"tool_calls":[{"call_id":"c1","event_type":"call","tool_name":"search","tool_response":"","tool_call_details":{"q":"x"}}]}\n\n' +
  'id: 1\ndata: {"message":"again","citations":[],"tool_calls":[]}\n\n' +
  'data: not json\n\n' +
  'id: 3\ndata: {"message":"there.","citations":[],"tool_calls":[]}\n\n';

describe('store.tap', () => {
  it('reports each chunk as read, each frame with the events it became, duplicates, and the store’s actions', () => {
    const store = createToolStreamStore({ schedule: 'sync', now: () => 1000 });
    const records: TapRecord[] = [];
    store.tap((record) => records.push(record));
    const pieces = [SSE.slice(0, 70), SSE.slice(70, 300), SSE.slice(300)];
    for (const piece of pieces) store.ingestBytes(piece);
    store.complete();

    expect(records.filter((r) => r.type === 'chunk').map((r) => r.type === 'chunk' && r.chunk)).toEqual(
      pieces,
    );
    const frames = records.flatMap((r) => (r.type === 'frame' ? [r] : []));
    // The keep-alive comment is no frame; the replayed id 1 is one, dropped as a duplicate.
    expect(frames.map((f) => [f.frame.id, f.duplicate])).toEqual([
      ['1', false],
      ['2', false],
      ['1', true],
      [undefined, false],
      ['3', false],
    ]);
    expect(frames.every((f) => f.connection === null && f.at === 1000)).toBe(true);
    expect(frames[0]!.events).toEqual([
      { type: 'text-delta', delta: 'Hi ' },
      { type: 'event-id', id: '1' },
    ]);
    expect(frames[1]!.events.map((e) => e.type)).toEqual(['tool-start', 'tool-end', 'event-id']);
    expect(frames[2]!.events).toEqual([]);
    // The bad frame's error is one of its events, with the frame it came from.
    expect(frames[3]!.events).toEqual([
      expect.objectContaining({
        type: 'protocol-error',
        error: expect.objectContaining({ code: 'protocol', frame: 'not json' }),
      }),
    ]);
    const actions = records.flatMap((r) => (r.type === 'action' ? [r.action.type] : []));
    expect(actions[0]).toBe('run-start');
    expect(actions.at(-1)).toBe('run-end');
  });

  it('folding what it reported onto the state at attach time gives the store’s state', () => {
    const store = createToolStreamStore({ schedule: 'sync', now: () => 1000 });
    store.ingestBytes(SSE);
    store.complete();
    const start = store.getState();
    const records: TapRecord[] = [];
    store.tap((record) => records.push(record));
    store.startTurn('and now?');
    store.ingestBytes(SSE);
    store.complete();
    expect(fold(start, records, 1000)).toEqual(store.getState());
  });

  it('records nothing once detached, and a listener that throws breaks neither the stream nor the others', async () => {
    const store = createToolStreamStore({ schedule: 'sync' });
    const seen: string[] = [];
    const detach = store.tap((record) => seen.push(record.type));
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onError);
    const detachFaulty = store.tap(() => {
      throw new Error('listener bug');
    });
    store.ingestBytes(SSE);
    store.complete();
    const count = seen.length;
    expect(count).toBeGreaterThan(5);
    detach();
    detachFaulty();
    store.startTurn();
    store.ingestBytes(SSE);
    store.complete();
    expect(seen.length).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('uncaughtException', onError);
    expect(thrown.length).toBeGreaterThan(0);
    expect(String(thrown[0])).toContain('listener bug');
    expect(store.getState().messages.at(-1)).toMatchObject({ role: 'assistant', end: { outcome: 'done' } });
  });

  it('reports a load as a replaced state', () => {
    const store = createToolStreamStore({ schedule: 'sync' });
    const records: TapRecord[] = [];
    store.tap((record) => records.push(record));
    store.load([{ role: 'user', text: 'hello' }]);
    expect(records).toEqual([expect.objectContaining({ type: 'replace', state: store.getState() })]);
  });
});

describe('the connection timeline', () => {
  it('reports requests, answers, the drop, the wait and the re-attach with Last-Event-ID, and frames by connection', async () => {
    server = await startSseServer({
      events,
      runId: 'run-7',
      connections: [{ kind: 'stream', send: 3, after: 'drop' }],
      replayOverlap: 1,
    });
    const store = createToolStreamStore({
      endpoint: server.endpoint,
      headers: { authorization: 'Bearer secret' },
      reconnect: { initialDelayMs: 5, maxDelayMs: 10 },
    });
    const records: TapRecord[] = [];
    store.tap((record) => records.push(record));
    await store.send('find the onboarding page');
    await store.stop();

    const timeline = records.flatMap((r) =>
      r.type === 'connection'
        ? [[r.connection, r.event.type, 'reason' in r.event ? r.event.reason : '']]
        : [],
    );
    expect(timeline).toEqual([
      [1, 'request', ''],
      [1, 'open', ''],
      [1, 'close', 'failed'],
      [1, 'wait', 'reconnect'],
      [2, 'request', ''],
      [2, 'open', ''],
      [2, 'close', 'end'],
    ]);
    const connectionEvents = records.flatMap((r) => (r.type === 'connection' ? [r.event] : []));
    expect(connectionEvents[0]).toMatchObject({
      method: 'POST',
      url: server.endpoint,
      headers: expect.objectContaining({ authorization: 'Bearer secret' }),
      body: JSON.stringify({ message: 'find the onboarding page' }),
    });
    expect(connectionEvents[1]).toMatchObject({
      status: 200,
      headers: expect.objectContaining({ 'x-run-id': 'run-7' }),
    });
    expect(connectionEvents[4]).toMatchObject({
      method: 'GET',
      url: `${server.origin}${STREAM_PATH}/run-7`,
      headers: expect.objectContaining({ 'last-event-id': 'e3' }),
    });
    const frames = records.flatMap((r) =>
      r.type === 'frame' ? [[r.connection, r.frame.id, r.duplicate]] : [],
    );
    // The server replays e3 on the re-attach (an overlap of one): seen, and dropped.
    expect(frames).toEqual([
      [1, 'e1', false],
      [1, 'e2', false],
      [1, 'e3', false],
      [2, 'e3', true],
      [2, 'e4', false],
      [2, 'e5', false],
    ]);
    // The chunks of each connection are the bytes the server sent on it.
    const chunkText = (connection: number) =>
      records
        .flatMap((r) => (r.type === 'chunk' && r.connection === connection ? [r.chunk] : []))
        .map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c)))
        .join('');
    expect(chunkText(1)).toContain('id: e3');
    expect(chunkText(2)).toContain('id: e5');
  });

  it('reports the DELETE of a stopped run', async () => {
    server = await startSseServer({
      events,
      runId: 'run-9',
      connections: [{ kind: 'stream', send: 2, after: 'hold' }],
    });
    const store = createToolStreamStore({ endpoint: server.endpoint });
    const records: TapRecord[] = [];
    store.tap((record) => records.push(record));
    const sending = store.send('go');
    await server.until(() => server!.streamRequests().length === 1, 'the POST');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.stop();
    await sending;
    const last = records.flatMap((r) => (r.type === 'connection' ? [r.event] : []));
    expect(last.map((e) => e.type)).toEqual(['request', 'open', 'close', 'cancel']);
    expect(last.at(-1)).toEqual({ type: 'cancel', runId: 'run-9', ok: true });
    expect(last[2]).toEqual({ type: 'close', reason: 'aborted' });
  });
});

describe('reduceStream with a tap', () => {
  it('sees the same frames and chunks, and the same state as it returns', async () => {
    const records: TapRecord[] = [];
    let final: ToolStreamState | null = null;
    await reduceStream(SSE, {
      tap: (record) => records.push(record),
      onState: (state) => {
        final = state;
      },
    });
    expect(records.filter((r) => r.type === 'frame')).toHaveLength(5);
    expect(records[0]).toMatchObject({ type: 'action', action: { type: 'run-start' } });
    expect(records.some((r) => r.type === 'chunk' && r.chunk === SSE)).toBe(true);
    const folded = fold(initialState(), records, 0);
    const [answer] = folded.messages;
    const [expected] = final!.messages;
    // Times aside (the fold stamps its own): the same parts, calls and ending.
    const shape = (message: typeof answer) =>
      message?.role === 'assistant' && [
        message.parts,
        Object.values(message.calls).map((c) => [c.id, c.status, c.toolName, c.details, c.call.text]),
        message.end?.outcome,
      ];
    expect(shape(answer)).toEqual(shape(expected));
  });
});
