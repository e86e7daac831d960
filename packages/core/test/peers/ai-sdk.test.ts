import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkTransport } from '../../src/adapters/providers/index.js';
import { findCall } from '../../src/reducer/find.js';
import type { AssistantMessageState, ToolStreamState } from '../../src/reducer/state.js';
import { messageText } from '../../src/snapshot/snapshot.js';
import { createToolStreamStore } from '../../src/store/create-store.js';
import { toUIMessages } from '../../src/transport/peers/ai-sdk-messages.js';
import { waitForState } from '../transport/wait-for.js';
import { type AiSdkBackend, startAiSdkBackend } from './ai-sdk-backend.js';

/**
 * The store, through the AI SDK transport, against a real AI SDK backend on loopback
 * (`streamText` on the SDK's mock model, piped as its UI message stream): several turns with
 * tool calls, a retry, a regenerate, an edit, an approval request and a stop. Each request is
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

  it('runs several turns with tool calls, a regenerate, an edit and an approval request', async () => {
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

    // 5. A tool that needs approval: the request is kept on the call, and the run ends there.
    await store.send('Please delete notes.txt');
    state = store.getState();
    answer = lastAnswer(state);
    const deletion = findCall(state, answer.id, answer.callOrder[0]!)!;
    expect(deletion.toolName).toBe('delete_file');
    expect(deletion.args).toEqual({ path: 'notes.txt' });
    expect(deletion.result).toBeNull();
    const approval = deletion.details.approval as { id: unknown; state: unknown };
    expect(approval.state).toBe('requested');
    expect(typeof approval.id).toBe('string');
    expect(answer.end).toMatchObject({ outcome: 'done', finish: { reason: 'tool-calls' } });

    expect(state.errors).toEqual([]);
    // In the AI SDK's format the call is `approval-requested` (answering it is for the
    // interactive-calls state: a request with it unanswered is refused by the AI SDK).
    const pending = toUIMessages(state.messages)
      .at(-1)!
      .parts.find((part) => part.type === 'tool-delete_file');
    expect(pending).toMatchObject({ state: 'approval-requested', approval: { id: approval.id } });
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
