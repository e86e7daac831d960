import { describe, expect, it } from 'vitest';
import { reduce, sse } from '../../../test/providers/streams.js';
import type { AssistantMessageState, CallAnswer, ChatMessage } from '../../reducer/state.js';
import { continuedUIMessage, toUIMessages } from './ai-sdk-messages.js';

/** An answer read from a UI message stream, after a user message. */
async function conversation(...chunks: unknown[]): Promise<ChatMessage[]> {
  const { state } = await reduce(sse(...chunks, '[DONE]'));
  const answer = state.messages.at(-1) as AssistantMessageState;
  return [{ id: 'u1', role: 'user', text: 'Go', createdAt: 0 }, answer];
}

describe("the conversation in the AI SDK's UIMessage format", () => {
  it('sends each call in the state it reached, with steps where text follows calls', async () => {
    const messages = await conversation(
      { type: 'start' },
      { type: 'reasoning-delta', id: 'r', delta: 'Plan.' },
      { type: 'text-delta', id: 't', delta: 'Checking.' },
      { type: 'tool-input-available', toolCallId: 'ok', toolName: 'weather', input: { city: 'Oslo' } },
      { type: 'tool-output-available', toolCallId: 'ok', output: { tempC: -3 } },
      { type: 'tool-input-available', toolCallId: 'bad', toolName: 'weather', input: { city: '' } },
      { type: 'tool-output-error', toolCallId: 'bad', errorText: 'No city' },
      { type: 'tool-input-start', toolCallId: 'cut', toolName: 'weather' },
      { type: 'tool-input-available', toolCallId: 'dyn', toolName: 'mcp', input: {}, dynamic: true },
      { type: 'text-delta', id: 't2', delta: 'Cold.' },
      { type: 'data-progress', id: 'p', data: 1 },
      { type: 'finish', finishReason: 'stop' },
    );
    expect(toUIMessages(messages)).toEqual([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go' }] },
      {
        id: messages[1]!.id,
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'reasoning', text: 'Plan.', state: 'done' },
          { type: 'text', text: 'Checking.', state: 'done' },
          {
            type: 'tool-weather',
            toolCallId: 'ok',
            state: 'output-available',
            input: { city: 'Oslo' },
            output: { tempC: -3 },
          },
          {
            type: 'tool-weather',
            toolCallId: 'bad',
            state: 'output-error',
            input: { city: '' },
            errorText: 'No city',
          },
          // `cut` never got its whole input: the model could not have made it.
          { type: 'dynamic-tool', toolName: 'mcp', toolCallId: 'dyn', state: 'input-available', input: {} },
          { type: 'step-start' },
          { type: 'text', text: 'Cold.', state: 'done' },
          { type: 'data-progress', id: 'p', data: 1 },
        ],
      },
    ]);
  });

  it('sends an approval as requested, and as the app answered it, with what the server signed', async () => {
    const messages = await conversation(
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'delete', input: { path: 'a' } },
      { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'c', signature: 'sig-1' },
      { type: 'finish', finishReason: 'tool-calls' },
    );
    const tool = () => toUIMessages(messages)[1]!.parts[1];
    expect(tool()).toMatchObject({ state: 'approval-requested', approval: { id: 'ap', signature: 'sig-1' } });
    const answer = messages[1] as AssistantMessageState;
    const call = answer.calls.c!;
    // The request waits on the call (PROTOCOL.md §11), its ref the approval id.
    expect(call.input).toMatchObject({ kind: 'approval', ref: 'ap', answer: null });
    const answered = (given: CallAnswer) => {
      messages[1] = {
        ...answer,
        calls: { ...answer.calls, c: { ...call, input: { ...call.input!, answer: given } } },
      };
      return tool();
    };
    // As `addToolApprovalResponse` leaves the part: responded, with the answer and what was signed.
    expect(answered({ type: 'approve', by: 'user' })).toEqual({
      type: 'tool-delete',
      toolCallId: 'c',
      state: 'approval-responded',
      input: { path: 'a' },
      approval: { id: 'ap', approved: true, signature: 'sig-1' },
    });
    // In the answer a continuation sends, a denial the server has not seen is responded too; in
    // the history (a new message went instead of the answer) it is the call's denied end.
    answered({ type: 'deny', reason: 'no', by: 'new-message' });
    expect(continuedUIMessage(messages[1] as AssistantMessageState).parts[1]).toEqual({
      type: 'tool-delete',
      toolCallId: 'c',
      state: 'approval-responded',
      input: { path: 'a' },
      approval: { id: 'ap', approved: false, reason: 'no', signature: 'sig-1' },
    });
    expect(tool()).toEqual({
      type: 'tool-delete',
      toolCallId: 'c',
      state: 'output-denied',
      input: { path: 'a' },
      approval: { id: 'ap', approved: false, reason: 'no', signature: 'sig-1' },
    });
  });
});
