import { createToolStreamStore } from '@toolstream/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerView, mockEndpoint, mockStore, ORIGIN } from '../test-utils/mock-runs.js';
import { recordStore } from './recording.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('recordStore', () => {
  it('organises a run that dropped and re-attached: turns, connections, frames by connection, the timeline', async () => {
    // The first connection breaks after 4 frames; the re-attach gets the rest.
    const endpoint = mockEndpoint(server);
    const store = mockStore(`${endpoint}?fault=drop-after:4&fault-times=1`, 'subagent-delegation');
    const { recording, stop } = recordStore(store);
    await store.send('Ask the agent');
    stop();

    expect(recording.turns).toHaveLength(1);
    const [turn] = recording.turns;
    expect(turn).toMatchObject({
      userText: 'Ask the agent',
      status: 'done',
      protocol: 'chat-message-response',
    });
    expect(turn!.runId).toMatch(/^run_/);
    expect(turn!.connections).toEqual([1, 2]);
    const [first, second] = recording.connections;
    expect(first).toMatchObject({
      request: { method: 'POST' },
      open: { status: 200 },
      close: { reason: 'failed' },
      frames: 4,
    });
    expect(second!.request.method).toBe('GET');
    expect(second!.request.url).toContain(turn!.runId!);
    expect(second!.request.headers['last-event-id']).toBe('4');
    expect(second!.close).toMatchObject({ reason: 'end' });
    // Every frame is its connection's, in order; the bytes of each connection were kept.
    const frames = recording.frames.slice(turn!.firstFrame, turn!.endFrame);
    expect(frames.map((f) => f.connection)).toEqual([
      ...Array(4).fill(1),
      ...Array(frames.length - 4).fill(2),
    ]);
    expect(first!.bytes).toBeGreaterThan(0);
    expect(first!.chunks.length).toBeGreaterThan(0);
    expect(recording.timeline.map((e) => e.kind).filter((k) => k !== 'status')).toEqual([
      'turn-start',
      'request',
      'open',
      'close',
      'wait',
      'request',
      'open',
      'close',
      'turn-end',
    ]);
    expect(recording.timeline.find((e) => e.kind === 'request' && e.connection === 2)).toMatchObject({
      lastEventId: '4',
    });
    // The state the recording folds is the store's.
    expect(answerView(recording.state)).toEqual(answerView(store.getState()));
  });

  it('keeps each error with the frame that caused it, and says what each frame changed', async () => {
    const endpoint = mockEndpoint(server);
    const store = mockStore(endpoint, 'malformed-frames');
    const { recording } = recordStore(store);
    await store.send('go');
    const protocolErrors = recording.errors.filter((e) => e.error.code === 'protocol');
    expect(protocolErrors.length).toBe(store.getState().errors.filter((e) => e.code === 'protocol').length);
    for (const error of protocolErrors) {
      expect(error.frame).not.toBeNull();
      const frame = recording.frames[error.frame!]!;
      expect(frame.events).toContainEqual(
        expect.objectContaining({ type: 'protocol-error', error: error.error }),
      );
    }
    // The first frame that starts a call says so, and what its text is.
    const starting = recording.frames.find((f) => f.events.some((e) => e.type === 'tool-start'))!;
    const callId = (starting.events.find((e) => e.type === 'tool-start') as { callId: string }).callId;
    const changes = recording.changesOf(starting.index);
    expect(changes).toContainEqual(expect.objectContaining({ path: `call ${callId}`, kind: 'added' }));
    // A text frame appends its text.
    const texty = recording.frames.find((f) => f.events.some((e) => e.type === 'text-delta'))!;
    const delta = (texty.events.find((e) => e.type === 'text-delta') as { delta: string }).delta;
    expect(recording.changesOf(texty.index)).toContainEqual({ path: 'text', kind: 'appended', after: delta });
    // Frames of one call, found from the call.
    expect(recording.framesOfCall(0, callId).map((f) => f.index)).toContain(starting.index);
  });

  it('finds the frame of an error the reducer made itself (a tool’s failure)', async () => {
    const endpoint = mockEndpoint(server);
    const store = mockStore(endpoint, 'failing-tool');
    const { recording } = recordStore(store);
    await store.send('go');
    const failures = recording.errors.filter((e) => e.error.code === 'tool-failed');
    expect(failures).toHaveLength(1);
    const { error, frame } = failures[0]!;
    const callId = error.code === 'tool-failed' ? error.callId : '';
    expect(recording.frames[frame!]!.events).toContainEqual(
      expect.objectContaining({ type: 'tool-end', callId, error: expect.any(String) }),
    );
    expect(recording.errors.map((e) => e.error)).toEqual(store.getState().errors);
  });

  it('follows a conversation turn by turn, and a stop with its DELETE', async () => {
    const endpoint = mockEndpoint(server, { speed: 1 });
    const store = mockStore(endpoint, 'single-call');
    const { recording } = recordStore(store);
    await store.send('first');
    const second = store.send('second');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await store.stop();
    await second;
    expect(recording.turns.map((t) => [t.userText, t.status])).toEqual([
      ['first', 'done'],
      ['second', 'aborted'],
    ]);
    expect(recording.timeline.filter((e) => e.turn === 1).map((e) => e.kind)).toContain('cancel');
    expect(answerView(recording.state)).toEqual(answerView(store.getState()));
  });
});

describe('recordStore and calls that wait (PROTOCOL.md §11)', () => {
  // The run of §11's example: m1 waits for an approval (editable), tz for the browser. The
  // continuation answers with both results.
  const asking = [
    'id: 1\ndata: {"message":"I\'ll send the summary to Dana.","citations":[],"tool_calls":[]}\n\n',
    'id: 2\ndata: {"message":"","citations":[],"tool_calls":[{"call_id":"m1","event_type":"call","tool_name":"send_email","tool_response":"{\\"to\\":\\"dana@example.com\\"}","tool_call_details":{"awaiting":"approval","editable":true,"prompt":"Send this email?"},"is_complete":true}]}\n\n',
    'id: 3\ndata: {"message":"","citations":[],"tool_calls":[{"call_id":"tz","event_type":"call","tool_name":"get_time_zone","tool_response":"{}","tool_call_details":{"awaiting":"client"},"is_complete":true}]}\n\n',
    'event: done\ndata:\n\n',
  ].join('');
  const continuing = [
    'id: 4\ndata: {"message":" Sent.","citations":[],"tool_calls":[{"call_id":"m1","event_type":"result","tool_name":"send_email","tool_response":"queued","is_complete":true}]}\n\n',
    'event: done\ndata:\n\n',
  ].join('');

  it('puts the answers, their sending and the continuation on the timeline, and says what each frame asked', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${ORIGIN}/api/waits`, async ({ request }) => {
        const body = (await request.json()) as { continue?: unknown };
        bodies.push(body);
        return new HttpResponse(body.continue === undefined ? asking : continuing, {
          headers: { 'content-type': 'text/event-stream', 'x-run-id': `run_${bodies.length}` },
        });
      }),
    );
    const store = createToolStreamStore({
      endpoint: `${ORIGIN}/api/waits`,
      schedule: 'sync',
      tools: { client: { get_time_zone: { execute: async () => 'Europe/Oslo' } } },
    });
    const { recording, stop } = recordStore(store);
    await store.send('Summarize Q3 and send it to Dana');
    await vi.waitFor(() =>
      expect(store.getState().messages.at(-1)).toMatchObject({ end: { outcome: 'awaiting-input' } }),
    );
    const answerId = store.getState().messages.at(-1)!.id;
    // The client tool runs by itself; the approval is the person's.
    await vi.waitFor(() => expect(recording.timeline.some((e) => e.kind === 'input')).toBe(true));
    expect(store.approve(answerId, 'm1')).toBe(true);
    await vi.waitFor(() => expect(recording.turns).toHaveLength(2));
    await vi.waitFor(() => expect(recording.turns[1]!.status).toBe('done'));
    stop();

    expect(bodies).toHaveLength(2);
    const inputs = recording.timeline.flatMap((e) => (e.kind === 'input' ? [e.action] : []));
    expect(inputs).toEqual([
      {
        type: 'answer',
        messageId: answerId,
        callId: 'tz',
        answer: { type: 'output', output: 'Europe/Oslo', by: 'client' },
      },
      { type: 'answer', messageId: answerId, callId: 'm1', answer: { type: 'approve', by: 'user' } },
      { type: 'answers-sent', messageId: answerId, callIds: expect.arrayContaining(['m1', 'tz']) },
    ]);
    // The answers belong to the turn that asked; the continuation is a turn of the same answer.
    expect(recording.timeline.filter((e) => e.kind === 'input').map((e) => e.turn)).toEqual([0, 0, 0]);
    expect(recording.turns.map((t) => t.messageId)).toEqual([answerId, answerId]);
    expect(recording.timeline.filter((e) => e.kind === 'turn-start')).toMatchObject([
      { continues: false },
      { continues: true },
    ]);
    // The frame that asked says what its call waits for.
    const asked = recording.frames.find((f) =>
      f.events.some((e) => e.type === 'input-required' && e.callId === 'm1'),
    )!;
    expect(recording.changesOf(asked.index)).toContainEqual({
      path: 'call m1 › input',
      kind: 'added',
      after: 'waits for an approval, arguments editable: Send this email?',
    });
    // The call's frames: where it was asked, in the first run, and its result, in the continuation.
    expect(recording.framesOfCall(1, 'm1').map((f) => f.turn)).toEqual([0, 1]);
    expect(recording.state.messages.at(-1)).toMatchObject({ end: { outcome: 'done' } });
    expect(answerView(recording.state)).toEqual(answerView(store.getState()));
  });
});
