import { describe, expect, it } from 'vitest';
import { reduce, sse, statesOf } from '../../../test/providers/streams.js';
import type { AssistantMessageState } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';

/**
 * The AI SDK's UI message stream, from its documentation ("Stream Protocols → UI Message Stream
 * Protocol", ai-sdk.dev): one JSON chunk per `data:` line, ended by `data: [DONE]`.
 */

const answerOf = (state: { messages: readonly unknown[] }) => state.messages.at(-1) as AssistantMessageState;

describe('AI SDK UI message stream', () => {
  it('reads text, reasoning, a tool call with streamed input and its output, sources and the finish', async () => {
    const stream = sse(
      { type: 'start', messageId: 'msg_1' },
      { type: 'start-step' },
      { type: 'reasoning-start', id: 'r_1' },
      { type: 'reasoning-delta', id: 'r_1', delta: 'The user wants the weather.' },
      { type: 'reasoning-end', id: 'r_1' },
      { type: 'text-start', id: 't_1' },
      { type: 'text-delta', id: 't_1', delta: 'Let me ' },
      { type: 'text-delta', id: 't_1', delta: 'check.' },
      { type: 'text-end', id: 't_1' },
      { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'getWeather' },
      { type: 'tool-input-delta', toolCallId: 'call_1', inputTextDelta: '{"city":"Par' },
      { type: 'tool-input-delta', toolCallId: 'call_1', inputTextDelta: 'is"}' },
      {
        type: 'tool-input-available',
        toolCallId: 'call_1',
        toolName: 'getWeather',
        input: { city: 'Paris' },
      },
      { type: 'tool-output-available', toolCallId: 'call_1', output: { tempC: 18 } },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'source-url', sourceId: 's_1', url: 'https://example.com/paris', title: 'Paris weather' },
      { type: 'source-document', sourceId: 's_2', mediaType: 'application/pdf', title: 'Climate report' },
      { type: 'text-start', id: 't_2' },
      { type: 'text-delta', id: 't_2', delta: 'It is 18°C in Paris.' },
      { type: 'text-end', id: 't_2' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
      '[DONE]',
    );
    const { snapshot, protocol, state } = await reduce(stream);
    expect(protocol).toBe('ai-sdk-ui');
    expect(snapshot).toMatchObject({
      status: 'done',
      outcome: 'done',
      finishReason: 'stop',
      text: 'Let me check.It is 18°C in Paris.',
      reasoning: 'The user wants the weather.',
      citations: [
        { source: 'https://example.com/paris', title: 'Paris weather' },
        { source: 'Climate report', title: 'Climate report' },
      ],
      errors: [],
    });
    expect(snapshot.toolCalls).toEqual([
      expect.objectContaining({
        call_id: 'call_1',
        tool_name: 'getWeather',
        kind: 'tool',
        arguments: { city: 'Paris' },
        arguments_raw: '{"city":"Paris"}',
        output: '{"tempC":18}',
        status: 'complete',
        details: { step: 1 },
      }),
    ]);
    expect(answerOf(state).parts.map((part) => part.type)).toEqual([
      'reasoning',
      'text',
      'tool-call',
      'text',
    ]);
  });

  it('shows the input as it streams', () => {
    const states = statesOf(
      sse(
        { type: 'tool-input-start', toolCallId: 'c', toolName: 'search' },
        { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"query":"ai s' },
        { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: 'dk"}' },
      ),
      'ai-sdk-ui',
    );
    const args = states.map((state) => lookup(answerOf(state).calls, 'c')?.args);
    expect(args).toContainEqual({ query: 'ai s' });
    expect(args.at(-1)).toEqual({ query: 'ai sdk' });
  });

  it('fails a call on a tool error, keeps the input an input error rejected', async () => {
    const { snapshot } = await reduce(
      sse(
        { type: 'tool-input-start', toolCallId: 'a', toolName: 'divide' },
        { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: '{"by":0}' },
        { type: 'tool-input-available', toolCallId: 'a', toolName: 'divide', input: { by: 0 } },
        { type: 'tool-output-error', toolCallId: 'a', errorText: 'Division by zero' },
        {
          type: 'tool-input-error',
          toolCallId: 'b',
          toolName: 'divide',
          input: { by: 'x' },
          errorText: 'Expected a number',
        },
        { type: 'tool-output-error', toolCallId: 'b', errorText: 'Expected a number' },
        { type: 'finish', finishReason: 'tool-calls' },
        '[DONE]',
      ),
    );
    expect(snapshot.toolCalls.map((call) => [call.call_id, call.status, call.arguments])).toEqual([
      ['a', 'error', { by: 0 }],
      ['b', 'error', { by: 'x' }],
    ]);
    expect(snapshot.toolCalls[1]!.details.input_error).toBe('Expected a number');
    expect(snapshot.errors.map((error) => error.code)).toEqual(['tool-failed', 'tool-failed']);
    expect(snapshot.finishReason).toBe('tool-calls');
  });

  it('marks provider-executed and dynamic tools, and keeps preliminary outputs until the final one', async () => {
    const { snapshot } = await reduce(
      sse(
        {
          type: 'tool-input-available',
          toolCallId: 'ws',
          toolName: 'web_search',
          input: {},
          providerExecuted: true,
        },
        {
          type: 'tool-output-available',
          toolCallId: 'ws',
          output: [{ url: 'https://a.example' }],
          providerExecuted: true,
        },
        {
          type: 'tool-input-start',
          toolCallId: 'd',
          toolName: 'mcp_lookup',
          dynamic: true,
          title: 'Look up',
        },
        {
          type: 'tool-input-available',
          toolCallId: 'd',
          toolName: 'mcp_lookup',
          input: { q: 1 },
          dynamic: true,
        },
        { type: 'tool-output-available', toolCallId: 'd', output: { state: 'loading' }, preliminary: true },
        { type: 'tool-output-available', toolCallId: 'd', output: { state: 'done' } },
        '[DONE]',
      ),
    );
    expect(snapshot.toolCalls[0]).toMatchObject({
      kind: 'provider',
      output: '[{"url":"https://a.example"}]',
    });
    expect(snapshot.toolCalls[1]).toMatchObject({
      kind: 'tool',
      output: '{"state":"done"}',
      details: { step: 0, dynamic: true, title: 'Look up', preliminary_output: { state: 'loading' } },
    });
  });

  it('keeps data parts (replaced by id), files and metadata on the answer', async () => {
    const { state } = await reduce(
      sse(
        { type: 'data-weather', id: 'w', data: { status: 'loading' } },
        { type: 'start', messageMetadata: { model: 'gpt' } },
        { type: 'data-weather', id: 'w', data: { status: 'done', tempC: 18 } },
        { type: 'data-toast', data: 'Saved', transient: true },
        { type: 'file', url: 'https://example.com/chart.png', mediaType: 'image/png' },
        { type: 'message-metadata', messageMetadata: { usage: { inputTokens: 10, outputTokens: 4 } } },
        { type: 'finish', finishReason: 'stop' },
        '[DONE]',
      ),
    );
    const answer = answerOf(state);
    expect(answer.data).toEqual([
      { name: 'weather', id: 'w', data: { status: 'done', tempC: 18 } },
      {
        name: 'metadata',
        id: 'metadata',
        data: { model: 'gpt', usage: { inputTokens: 10, outputTokens: 4 } },
      },
      { name: 'toast', id: null, data: 'Saved', transient: true },
      { name: 'file', id: null, data: { url: 'https://example.com/chart.png', mediaType: 'image/png' } },
    ]);
    expect(answer.usage).toEqual({ inputTokens: 10, outputTokens: 4 });
  });

  it('keeps an approval request on its call, and a denial on the call it answers', async () => {
    const request = await reduce(
      sse(
        { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a.txt' } },
        { type: 'tool-approval-request', approvalId: 'ap_1', toolCallId: 'c1' },
        { type: 'finish', finishReason: 'tool-calls' },
        '[DONE]',
      ),
    );
    expect(request.snapshot.toolCalls[0]!.details.approval).toEqual({ id: 'ap_1', state: 'requested' });
    expect(request.snapshot.errors).toEqual([]);
    const denial = await reduce(
      sse(
        { type: 'start' },
        { type: 'tool-output-denied', toolCallId: 'c1' },
        { type: 'finish', finishReason: 'stop' },
        '[DONE]',
      ),
    );
    expect(denial.snapshot.toolCalls[0]).toMatchObject({
      call_id: 'c1',
      details: { approval: { id: null, state: 'denied' } },
    });
  });

  it('ends failed on an error (the provider error kept with its type), interrupted on an abort', async () => {
    const failed = await reduce(
      sse(
        { type: 'start' },
        { type: 'text-delta', id: '0', delta: 'Partial' },
        {
          type: 'error',
          errorText: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
        },
        { type: 'finish', finishReason: 'error' },
        '[DONE]',
      ),
    );
    expect(failed.snapshot).toMatchObject({ status: 'error', outcome: 'failed', text: 'Partial' });
    expect(failed.snapshot.errors).toEqual([{ code: 'server', message: 'Overloaded (overloaded_error)' }]);
    const aborted = await reduce(
      sse(
        { type: 'start' },
        { type: 'text-delta', id: '0', delta: 'Partial' },
        { type: 'abort', reason: 'user' },
        '[DONE]',
      ),
    );
    expect(aborted.snapshot).toMatchObject({
      status: 'done',
      outcome: 'interrupted',
      text: 'Partial',
      errors: [],
    });
  });

  it('takes a stream cut before [DONE] as interrupted, and one that closes right after finish as done', async () => {
    const cut = await reduce(sse({ type: 'start' }, { type: 'text-delta', id: '0', delta: 'Hi' }));
    expect(cut.snapshot.outcome).toBe('interrupted');
    const closed = await reduce(
      sse({ type: 'start' }, { type: 'text-delta', id: '0', delta: 'Hi' }, { type: 'finish' }),
    );
    expect(closed.snapshot.outcome).toBe('done');
  });
});
