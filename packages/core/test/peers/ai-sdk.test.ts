import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkTransport } from '../../src/adapters/providers/index.js';
import { findCall } from '../../src/reducer/find.js';
import type { AssistantMessageState, ToolStreamState } from '../../src/reducer/state.js';
import { messageText } from '../../src/snapshot/snapshot.js';
import { createToolStreamStore } from '../../src/store/create-store.js';
import { defineTools } from '../../src/tools/typed-tools.js';
import { toUIMessages } from '../../src/transport/peers/ai-sdk-messages.js';
import { waitForState } from '../transport/wait-for.js';
import { type AiSdkBackend, startAiSdkBackend } from './ai-sdk-backend.js';

/**
 * The store, through the AI SDK transport, against a real AI SDK backend on loopback
 * (`streamText` on the SDK's mock model, piped as its UI message stream): several turns with
 * tool calls, a retry, a regenerate, an edit, approvals approved and denied, and a stop. Each request is
 * checked by the server itself (`validateUIMessages`, then `convertToModelMessages`): a body the
 * AI SDK would not accept is answered 400 and the turn fails.
 */
describe('AI SDK backend (streamText → toUIMessageStreamResponse)', () => {
  let backend: AiSdkBackend;
  beforeAll(async () => {
    backend = await startAiSdkBackend();
  });
  afterAll(() => backend.close());

  const lastAnswer = (state: ToolStreamState) => state.messages.at(-1) as AssistantMessageState;

  it('runs several turns with tool calls, a regenerate, an edit, and approvals approved and denied', async () => {
    const transport = createAiSdkTransport({ api: backend.api, chatId: 'chat-1' });
    const store = createToolStreamStore({ transport, schedule: 'sync' });

    // 1. A tool call whose input streams, its result, and the answer from it (two steps).
    await store.send('What is the weather in Paris?');
    let state = store.getState();
    let answer = lastAnswer(state);
    expect(answer.end?.outcome).toBe('done');
    expect(answer.end?.finish).toEqual({ reason: 'stop', raw: 'stop' });
    expect(state.errors).toEqual([]);
    expect(answer.parts.map((part) => part.type)).toEqual(['text', 'tool-call', 'text']);
    const weather = answer.callOrder[0]!;
    const call = findCall(state, answer.id, weather)!;
    expect(call.toolName).toBe('get_weather');
    expect(call.args).toEqual({ city: 'Paris' });
    expect(JSON.parse(call.result!.text)).toEqual({ city: 'Paris', tempC: 18, condition: 'foggy' });
    expect(call.status).toBe('complete');
    expect(messageText(answer)).toBe(
      'Let me check. Here is what I found: {"city":"Paris","tempC":18,"condition":"foggy"}',
    );
    const first = backend.requests[0]!;
    expect(first).toMatchObject({ id: 'chat-1', trigger: 'submit-message' });
    expect(first.messages).toEqual([
      {
        id: state.messages[0]!.id,
        role: 'user',
        parts: [{ type: 'text', text: 'What is the weather in Paris?' }],
      },
    ]);

    // 2. The next turn sends the conversation in the AI SDK's format, tool round trip included.
    await store.send('Thanks');
    state = store.getState();
    expect(messageText(lastAnswer(state))).toBe('You said: Thanks');
    const second = backend.requests[1]!;
    expect(second.trigger).toBe('submit-message');
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.messages[1]!.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'Let me check. ', state: 'done' },
      {
        type: 'tool-get_weather',
        toolCallId: weather,
        state: 'output-available',
        input: { city: 'Paris' },
        output: { city: 'Paris', tempC: 18, condition: 'foggy' },
      },
      { type: 'step-start' },
      {
        type: 'text',
        text: 'Here is what I found: {"city":"Paris","tempC":18,"condition":"foggy"}',
        state: 'done',
      },
    ]);

    // 3. Regenerate: the same user message, a new answer; the old one is kept as a version.
    await store.regenerate();
    state = store.getState();
    expect(backend.requests[2]).toMatchObject({ trigger: 'regenerate-message' });
    expect(backend.requests[2]!.messages.at(-1)).toEqual(second.messages.at(-1));
    expect(lastAnswer(state).versions).toHaveLength(1);
    expect(messageText(lastAnswer(state))).toBe('You said: Thanks');

    // 4. Edit: the edited message, by its id; reasoning streams apart from the text.
    const userId = state.messages.at(-2)!.id;
    await store.edit(userId, 'Please think first');
    state = store.getState();
    expect(backend.requests[3]).toMatchObject({ trigger: 'submit-message', messageId: userId });
    expect(backend.requests[3]!.messages.at(-1)).toEqual({
      id: userId,
      role: 'user',
      parts: [{ type: 'text', text: 'Please think first' }],
    });
    answer = lastAnswer(state);
    expect(answer.parts).toEqual([
      { type: 'reasoning', text: 'The user wants me to think. ' },
      { type: 'text', text: 'You said: Please think first' },
    ]);

    // 5. A tool that needs approval: the run ends with the call waiting for the person, its
    // approval id the request's ref.
    await store.send('Please delete notes.txt');
    state = store.getState();
    answer = lastAnswer(state);
    const deletion = findCall(state, answer.id, answer.callOrder[0]!)!;
    expect(deletion.toolName).toBe('delete_file');
    expect(deletion.args).toEqual({ path: 'notes.txt' });
    expect(deletion.result).toBeNull();
    expect(deletion.status).toBe('awaiting-input');
    expect(deletion.input).toMatchObject({ kind: 'approval', editable: false, answer: null, sent: false });
    const approvalId = deletion.input!.ref;
    expect(typeof approvalId).toBe('string');
    expect(answer.end).toMatchObject({ outcome: 'awaiting-input', finish: { reason: 'tool-calls' } });
    expect(state.errors).toEqual([]);

    // 6. Approved: the store sends the conversation again, the waiting answer last with the
    // approval responded (as `addToolApprovalResponse` leaves it); the server runs the tool and
    // the same answer goes on with its result and the model's next step.
    const requestsBefore = backend.requests.length;
    expect(store.approve(answer.id, deletion.id)).toBe(true);
    await waitForState(store, (s) => lastAnswer(s).end?.outcome === 'done', 'the approved turn to end');
    state = store.getState();
    const approvedRequest = backend.requests[requestsBefore]!;
    expect(approvedRequest).toMatchObject({ trigger: 'submit-message', messageId: answer.id });
    expect(approvedRequest.messages.at(-1)).toMatchObject({ id: answer.id, role: 'assistant' });
    expect(approvedRequest.messages.at(-1)!.parts.find((p) => p.type === 'tool-delete_file')).toEqual({
      type: 'tool-delete_file',
      toolCallId: deletion.id,
      state: 'approval-responded',
      input: { path: 'notes.txt' },
      approval: { id: approvalId, approved: true },
    });
    expect(approvedRequest.messages.at(-2)).toMatchObject({ role: 'user' });
    expect(state.messages.at(-1)!.id).toBe(answer.id);
    const approved = findCall(state, answer.id, deletion.id)!;
    expect(approved.status).toBe('complete');
    expect(JSON.parse(approved.result!.text)).toEqual({ deleted: 'notes.txt' });
    expect(messageText(lastAnswer(state))).toBe(
      'Let me check. Here is what I found: {"deleted":"notes.txt"}',
    );
    expect(state.errors).toEqual([]);

    // 7. Denied with a reason: the server does not run the tool (`tool-output-denied`) and the
    // model reads the reason.
    await store.send('Please delete secrets.txt');
    state = store.getState();
    answer = lastAnswer(state);
    const toDeny = findCall(state, answer.id, answer.callOrder[0]!)!;
    expect(toDeny.status).toBe('awaiting-input');
    const deniedAt = backend.requests.length;
    expect(store.deny(answer.id, toDeny.id, 'keep my secrets')).toBe(true);
    await waitForState(store, (s) => lastAnswer(s).end?.outcome === 'done', 'the denied turn to end');
    state = store.getState();
    expect(
      backend.requests[deniedAt]!.messages.at(-1)!.parts.find((p) => p.type === 'tool-delete_file'),
    ).toMatchObject({
      state: 'approval-responded',
      approval: { id: toDeny.input!.ref, approved: false, reason: 'keep my secrets' },
    });
    const denied = findCall(state, answer.id, toDeny.id)!;
    expect(denied.status).toBe('denied');
    expect(messageText(lastAnswer(state))).toBe('Let me check. I did not do it (keep my secrets).');
    expect(state.errors).toEqual([]);
    // Sent again later, the denied call is `output-denied`, with the answer.
    const history = toUIMessages(state.messages)
      .at(-1)!
      .parts.find((part) => part.type === 'tool-delete_file');
    expect(history).toMatchObject({
      state: 'output-denied',
      approval: { id: toDeny.input!.ref, approved: false, reason: 'keep my secrets' },
    });
  });

  it('runs a client-side tool in the browser and sends its output back as addToolOutput does', async () => {
    const ran: unknown[] = [];
    const store = createToolStreamStore({
      transport: createAiSdkTransport({ api: backend.api }),
      schedule: 'sync',
      tools: defineTools<{ get_time_zone: { args: Record<string, never>; result: string } }>({
        get_time_zone: {
          execute: (args) => {
            ran.push(args);
            return 'Europe/Paris';
          },
        },
      }),
    });
    const before = backend.requests.length;
    await store.send('What is my time zone?');
    await waitForState(store, (s) => lastAnswer(s).end?.outcome === 'done', 'the client tool turn to end');
    const state = store.getState();
    const answer = lastAnswer(state);
    const call = findCall(state, answer.id, answer.callOrder[0]!)!;
    expect(ran).toEqual([{}]);
    expect(call).toMatchObject({ toolName: 'get_time_zone', status: 'complete' });
    expect(call.input).toMatchObject({ kind: 'client', answer: { type: 'output', output: 'Europe/Paris' } });
    // Two requests: the question, then the answer with the tool's output in place.
    expect(backend.requests.length).toBe(before + 2);
    const continuation = backend.requests[before + 1]!;
    expect(continuation).toMatchObject({ trigger: 'submit-message', messageId: answer.id });
    expect(continuation.messages.at(-1)!.parts.find((p) => p.type === 'tool-get_time_zone')).toEqual({
      type: 'tool-get_time_zone',
      toolCallId: call.id,
      state: 'output-available',
      input: {},
      output: 'Europe/Paris',
    });
    expect(messageText(answer)).toBe('Let me check. Here is what I found: Europe/Paris');
    expect(state.errors).toEqual([]);
  });

  it('sends a new message while an approval waits: the call goes back denied, and the server takes it', async () => {
    const store = createToolStreamStore({
      transport: createAiSdkTransport({ api: backend.api }),
      schedule: 'sync',
    });
    await store.send('Please delete old.txt');
    const waiting = lastAnswer(store.getState());
    expect(waiting.end?.outcome).toBe('awaiting-input');
    const callId = waiting.callOrder[0]!;
    const before = backend.requests.length;
    await store.send('Never mind. What is the weather in Oslo?');
    const state = store.getState();
    expect(state.errors).toEqual([]);
    // Accepted by the server (validateUIMessages, convertToModelMessages): the turn ran.
    expect(lastAnswer(state).end?.outcome).toBe('done');
    expect(messageText(lastAnswer(state))).toContain('"city":"Oslo"');
    const denied = backend.requests[before]!.messages[1]!.parts.find((p) => p.type === 'tool-delete_file');
    expect(denied).toMatchObject({
      state: 'output-denied',
      approval: { approved: false, reason: expect.stringContaining('Never mind') },
    });
    expect(findCall(state, waiting.id, callId)!.status).toBe('denied');
  });

  it('stops a run: the connection closes, what arrived stays, the model stream is aborted', async () => {
    const store = createToolStreamStore({
      transport: createAiSdkTransport({ api: backend.api }),
      schedule: 'sync',
    });
    const before = backend.aborted();
    const sending = store.send('Answer slowly please');
    await waitForState(store, (s) => messageText(lastAnswer(s)).includes('word3 '), 'the first words');
    await store.stop();
    await sending;
    const answer = lastAnswer(store.getState());
    expect(answer.end?.outcome).toBe('stopped');
    expect(messageText(answer)).toMatch(/^word0 word1 word2 word3 /);
    expect(messageText(answer)).not.toContain('word199');
    await expect.poll(() => backend.aborted()).toBeGreaterThan(before);
  });
});
