/**
 * Calls that wait for a person or for the browser (PROTOCOL.md §11), through the store's public
 * API on a scripted transport: the turn ends waiting, answers are given once, and the
 * continuation carries every answer to the run that asked.
 */
import { describe, expect, it } from 'vitest';
import { call, frame, sse, text, tools } from '../../test/sse-builder.js';
import { type Answer, scriptedTransport } from '../../test/transport/scripted-transport.js';
import { wireAnswers } from '../input/answers.js';
import { latestAnswer } from '../reducer/find.js';
import type { AssistantMessageState } from '../reducer/state.js';
import { defineTools } from '../tools/typed-tools.js';
import { createToolStreamStore, type ToolStreamStoreOptions } from './create-store.js';

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

const done = frame('', { event: 'done' });

/** A run that asks to approve `send_email` (c1), then ends. */
const asksApproval = (details: Record<string, unknown> = {}) =>
  sse(
    text('I will send it. '),
    tools(
      call({
        id: 'c1',
        name: 'send_email',
        details: { arguments: { to: 'ana@example.com', subject: 'Hi' }, awaiting: 'approval', ...details },
      }),
    ),
    done,
  );

/** The continuation: c1's result, then the model's last words. */
const continues = (result: string, more = 'Done.') =>
  sse(tools(call({ id: 'c1', name: 'send_email', type: 'result', response: result })), text(more), done);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const answer = (store: { getState(): Parameters<typeof latestAnswer>[0] }) =>
  latestAnswer(store.getState()) as AssistantMessageState;

describe('an approval', () => {
  it('ends the turn waiting; approving sends the continuation, which goes on in the same answer', async () => {
    const { store, transport } = conversation([
      { sse: asksApproval(), runId: 'run_a' },
      { sse: continues('Sent.') },
    ]);
    await store.send('Email Ana');
    const waiting = answer(store);
    expect(waiting.end).toMatchObject({ outcome: 'awaiting-input', runId: 'run_a' });
    expect(waiting.calls.c1).toMatchObject({
      status: 'awaiting-input',
      input: { kind: 'approval', answer: null, sent: false, editable: false },
    });
    expect(store.getState().status).toBe('done');

    expect(store.approve(waiting.id, 'c1')).toBe(true);
    await settle();
    await settle();
    expect(transport.requests).toHaveLength(2);
    const request = transport.requests[1]!;
    expect(request.trigger).toBe('continue');
    expect(request.message).toBe('Email Ana');
    expect(request.continuation?.runId).toBe('run_a');
    expect(wireAnswers(request.continuation!.answers)).toEqual([{ call_id: 'c1', approved: true }]);

    const continued = answer(store);
    expect(continued.id).toBe(waiting.id);
    expect(store.getState().messages).toHaveLength(2);
    expect(continued.calls.c1).toMatchObject({
      status: 'complete',
      result: { text: 'Sent.' },
      input: { answer: { type: 'approve', by: 'user' }, sent: true },
    });
    expect(continued.end?.outcome).toBe('done');
    expect(continued.parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual([
      'I will send it. ',
      'Done.',
    ]);
    expect(store.getState().errors).toEqual([]);
  });

  it('a call is answered once: a second answer is refused, and the continuation goes once', async () => {
    const { store, transport } = conversation([{ sse: asksApproval() }, { sse: continues('Sent.') }]);
    await store.send('Email Ana');
    const id = answer(store).id;
    expect(store.approve(id, 'c1')).toBe(true);
    expect(store.deny(id, 'c1', 'changed my mind')).toBe(false);
    expect(store.approve(id, 'c1')).toBe(false);
    await settle();
    await settle();
    expect(transport.requests.map((r) => r.trigger)).toEqual(['send', 'continue']);
  });

  it('deny carries the reason; the call says denied, also after the backend writes its result', async () => {
    const { store, transport } = conversation([
      { sse: asksApproval() },
      { sse: continues('The user denied sending the email.', 'I did not send it.') },
    ]);
    await store.send('Email Ana');
    store.deny(answer(store).id, 'c1', 'Wrong recipient');
    await settle();
    await settle();
    expect(wireAnswers(transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'c1', approved: false, reason: 'Wrong recipient' },
    ]);
    expect(answer(store).calls.c1).toMatchObject({
      status: 'denied',
      input: { answer: { type: 'deny', reason: 'Wrong recipient' } },
      result: { text: 'The user denied sending the email.' },
    });
    expect(store.getState().errors).toEqual([]);
  });

  it('edited arguments only where the request allows it', async () => {
    const fixed = conversation([{ sse: asksApproval() }]);
    await fixed.store.send('Email Ana');
    expect(() =>
      fixed.store.approve(answer(fixed.store).id, 'c1', { args: { to: 'eve@example.com' } }),
    ).toThrow(/may not be edited/);

    const { store, transport } = conversation([
      { sse: asksApproval({ editable: true }) },
      { sse: continues('Sent.') },
    ]);
    await store.send('Email Ana');
    const edited = { to: 'ana@example.org', subject: 'Hello' };
    store.approve(answer(store).id, 'c1', { args: edited });
    expect(answer(store).calls.c1!.args).toEqual(edited);
    await settle();
    await settle();
    expect(wireAnswers(transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'c1', approved: true, arguments: edited },
    ]);
  });

  it('waits for every call: two approvals in parallel go in one continuation', async () => {
    const two = sse(
      tools(
        call({ id: 'a', name: 'delete_file', details: { awaiting: 'approval', arguments: { path: '/a' } } }),
        call({ id: 'b', name: 'delete_file', details: { awaiting: 'approval', arguments: { path: '/b' } } }),
      ),
      done,
    );
    const { store, transport } = conversation([{ sse: two }, { sse: sse(text('ok'), done) }]);
    await store.send('Clean up');
    const id = answer(store).id;
    store.approve(id, 'a');
    await settle();
    expect(transport.requests).toHaveLength(1);
    store.deny(id, 'b');
    await settle();
    await settle();
    expect(wireAnswers(transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'a', approved: true },
      { call_id: 'b', approved: false },
    ]);
  });

  it('inside a sub-agent: the delegation waits with its call, and the continuation finishes both', async () => {
    const nested = sse(
      tools(call({ id: 'd1', type: 'delegation_call', name: 'ask_ops', details: { agent: 'ops' } })),
      tools(
        call({
          id: 'c1',
          name: 'restart_service',
          details: { parent_call_id: 'd1', agent: 'ops', awaiting: 'approval', arguments: { name: 'api' } },
        }),
      ),
      done,
    );
    const after = sse(
      tools(
        call({
          id: 'c1',
          type: 'result',
          name: 'restart_service',
          response: 'restarted',
          details: { parent_call_id: 'd1' },
        }),
      ),
      tools(call({ id: 'd1', type: 'delegation_result', name: 'ask_ops', response: 'The API is back.' })),
      done,
    );
    const { store } = conversation([{ sse: nested }, { sse: after }]);
    await store.send('Restart the API');
    const waiting = answer(store);
    expect(waiting.end?.outcome).toBe('awaiting-input');
    expect(waiting.calls.d1!.status).toBe('running');
    expect(waiting.calls.c1!.status).toBe('awaiting-input');
    store.approve(waiting.id, 'c1');
    await settle();
    await settle();
    const finished = answer(store);
    expect(finished.calls.c1).toMatchObject({ status: 'complete', parentId: 'd1' });
    expect(finished.calls.d1).toMatchObject({ status: 'complete', result: { text: 'The API is back.' } });
    expect(finished.end?.outcome).toBe('done');
  });

  it('the app’s policy and allowTool answer without asking', async () => {
    const { store, transport } = conversation(
      [
        { sse: asksApproval() },
        { sse: continues('Sent.') },
        { sse: asksApproval() },
        { sse: continues('Sent.') },
      ],
      { approvalPolicy: (call) => (call.toolName === 'read_file' ? 'approve' : 'ask') },
    );
    await store.send('Email Ana');
    expect(answer(store).calls.c1!.status).toBe('awaiting-input');
    store.allowTool('send_email');
    await settle();
    await settle();
    expect(transport.requests[1]!.continuation!.answers[0]!.answer).toEqual({
      type: 'approve',
      by: 'policy',
    });
    expect(store.getState().allowedTools).toEqual(['send_email']);
    await store.send('And Bob');
    await settle();
    await settle();
    expect(transport.requests.map((r) => r.trigger)).toEqual(['send', 'continue', 'send', 'continue']);

    const denied = conversation([{ sse: asksApproval() }, { sse: continues('Not sent.') }], {
      approvalPolicy: () => ({ deny: 'Emails are off today.' }),
    });
    await denied.store.send('Email Ana');
    await settle();
    await settle();
    expect(wireAnswers(denied.transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'c1', approved: false, reason: 'Emails are off today.' },
    ]);
  });

  it('with autoContinue off, continue() sends the answers', async () => {
    const { store, transport } = conversation([{ sse: asksApproval() }, { sse: continues('Sent.') }], {
      autoContinue: false,
    });
    await store.send('Email Ana');
    store.approve(answer(store).id, 'c1');
    await settle();
    expect(transport.requests).toHaveLength(1);
    await store.continue();
    expect(transport.requests[1]!.trigger).toBe('continue');
    expect(answer(store).end?.outcome).toBe('done');
  });
});

describe('a new message or stop while calls wait', () => {
  it('a new message denies the waiting calls with a reason the model can read, in the same request', async () => {
    const { store, transport } = conversation([
      { sse: asksApproval() },
      { sse: sse(text('Sure, the weather:'), done) },
    ]);
    await store.send('Email Ana');
    const waiting = answer(store);
    await store.send('Actually, what is the weather?');
    const request = transport.requests[1]!;
    expect(request.trigger).toBe('send');
    expect(request.message).toBe('Actually, what is the weather?');
    expect(request.continuation?.answers.map((a) => [a.callId, a.answer.type, a.answer.by])).toEqual([
      ['c1', 'deny', 'new-message'],
    ]);
    const [, first, , second] = store.getState().messages as AssistantMessageState[];
    expect(first!.id).toBe(waiting.id);
    expect(first!.calls.c1).toMatchObject({ status: 'denied', input: { sent: true } });
    expect(second!.end?.outcome).toBe('done');
  });

  it('stop() gives up a turn that waits: its calls and the turn are stopped, nothing is sent', async () => {
    const { store, transport } = conversation([{ sse: asksApproval() }]);
    await store.send('Email Ana');
    await store.stop();
    expect(answer(store).end?.outcome).toBe('stopped');
    expect(answer(store).calls.c1!.status).toBe('stopped');
    expect(store.approve(answer(store).id, 'c1')).toBe(false);
    expect(transport.requests).toHaveLength(1);
  });
});

describe('client tools', () => {
  type Tools = { get_time_zone: { args: { format?: string }; result: string }; boom: { args: object } };
  const handsToClient = (name: string, id = 'c1') =>
    sse(tools(call({ id, name, details: { awaiting: 'client', arguments: { format: 'iana' } } })), done);

  it('run when their arguments are complete; the result is the call’s, and goes in the continuation', async () => {
    const seen: unknown[] = [];
    const tools = defineTools<Tools>({
      get_time_zone: {
        execute: async (args) => {
          seen.push(args);
          return 'Europe/Oslo';
        },
      },
    });
    const { store, transport } = conversation(
      [{ sse: handsToClient('get_time_zone') }, { sse: sse(text('You are in Oslo.'), done) }],
      { tools },
    );
    await store.send('What time zone am I in?');
    await settle();
    await settle();
    await settle();
    expect(seen).toEqual([{ format: 'iana' }]);
    expect(wireAnswers(transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'c1', output: 'Europe/Oslo' },
    ]);
    expect(answer(store).calls.c1).toMatchObject({
      status: 'complete',
      result: { text: 'Europe/Oslo' },
      input: { answer: { type: 'output', by: 'client' }, sent: true },
    });
  });

  it('a throw becomes the call’s error, and a tool the app does not have is one too', async () => {
    const tools = defineTools<Tools>({
      boom: {
        execute: () => {
          throw new Error('No permission to read the clipboard.');
        },
      },
    });
    const { store, transport } = conversation(
      [
        { sse: handsToClient('boom') },
        { sse: sse(text('I could not.'), done) },
        { sse: handsToClient('unknown_tool') },
        { sse: sse(done) },
      ],
      { tools },
    );
    await store.send('Paste it');
    for (let i = 0; i < 4; i++) await settle();
    expect(wireAnswers(transport.requests[1]!.continuation!.answers)).toEqual([
      { call_id: 'c1', error: 'No permission to read the clipboard.' },
    ]);
    await store.send('Now this');
    for (let i = 0; i < 4; i++) await settle();
    expect(transport.requests[3]!.continuation!.answers[0]!.answer).toMatchObject({
      type: 'error',
      error: 'This app has no browser tool named "unknown_tool".',
    });
  });

  it('stop() aborts a client tool that runs', async () => {
    let signal: AbortSignal | null = null;
    const tools = defineTools<Tools>({
      get_time_zone: {
        execute: (_args, context) => {
          signal = context.signal;
          return new Promise<string>(() => {});
        },
      },
    });
    const { store, transport } = conversation([{ sse: handsToClient('get_time_zone') }], { tools });
    await store.send('Where am I?');
    await settle();
    await settle();
    expect(signal).not.toBeNull();
    await store.stop();
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(answer(store).calls.c1!.status).toBe('stopped');
    expect(transport.requests).toHaveLength(1);
  });
});

describe('a reload while a turn waits', () => {
  it('a saved state keeps the wait; an answer given before the reload goes after it', async () => {
    const first = conversation([{ sse: asksApproval(), runId: 'run_a' }], { autoContinue: false });
    await first.store.send('Email Ana');
    const saved = JSON.parse(JSON.stringify(first.store.getState()));
    const restored = conversation([{ sse: continues('Sent.') }], { initialState: saved });
    const id = answer(restored.store).id;
    expect(answer(restored.store).calls.c1!.status).toBe('awaiting-input');
    restored.store.approve(id, 'c1');
    await settle();
    await settle();
    expect(restored.transport.requests[0]!.continuation?.runId).toBe('run_a');
    expect(answer(restored.store).end?.outcome).toBe('done');

    // Answered, then reloaded before the continuation went: it goes after the reload.
    const third = conversation([{ sse: asksApproval(), runId: 'run_b' }], { autoContinue: false });
    await third.store.send('Email Ana');
    third.store.approve(answer(third.store).id, 'c1');
    const answered = JSON.parse(JSON.stringify(third.store.getState()));
    const again = conversation([{ sse: continues('Sent.') }], { initialState: answered });
    await settle();
    await settle();
    expect(again.transport.requests.map((r) => [r.trigger, r.continuation?.runId])).toEqual([
      ['continue', 'run_b'],
    ]);
  });
});
