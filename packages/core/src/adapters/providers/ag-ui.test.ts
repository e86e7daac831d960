import { describe, expect, it } from 'vitest';
import { completeCalls, reduce, sse } from '../../../test/providers/streams.js';

const run = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };

describe('AG-UI', () => {
  it('RUN_ERROR is fatal and leaves open calls incomplete', async () => {
    const stream = sse(
      run,
      { type: 'TOOL_CALL_START', toolCallId: 'tc_1', toolCallName: 'search', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'tc_1', delta: '{"q":' },
      { type: 'RUN_ERROR', message: 'Agent crashed', code: 'AGENT_ERROR' },
      { type: 'TOOL_CALL_END', toolCallId: 'tc_1' },
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('ag-ui');
    expect(snapshot.status).toBe('error');
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'Agent crashed (AGENT_ERROR)' }]);
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'tc_1', is_complete: false, arguments_raw: '{"q":', details: { parent_message_id: 'm1' } },
    ]);
  });

  it('reads the TOOL_CALL_CHUNK and TEXT_MESSAGE_CHUNK shorthands', async () => {
    const stream = sse(
      run,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'On it.' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc_a', toolCallName: 'a', delta: '{"x":' },
      { type: 'TOOL_CALL_CHUNK', delta: '1}' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc_b', toolCallName: 'b', delta: '{}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.text).toBe('On it.');
    expect(completeCalls(snapshot)).toEqual([
      { id: 'tc_a', name: 'a', arguments: { x: 1 } },
      { id: 'tc_b', name: 'b', arguments: {} },
    ]);
  });

  it('keeps thinking apart and makes a result close an unclosed call', async () => {
    const stream = sse(
      run,
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Hmm.' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: ' Yes.' },
      { type: 'TOOL_CALL_START', toolCallId: 'tc_r', toolCallName: 'calc' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'tc_r', delta: '{"n":2}' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'tc_r', content: '4', role: 'tool' },
      { type: 'STATE_DELTA', delta: [] },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.reasoning).toBe('Hmm. Yes.');
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'tc_r', event_type: 'result', output: '4', is_complete: true, arguments: { n: 2 } },
    ]);
    expect(snapshot.errors).toEqual([]);
  });

  it('reports ARGS and END for calls that never started', async () => {
    const stream = sse(
      run,
      { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'nope' },
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.errors.map((e) => e.code)).toEqual(['protocol', 'protocol']);
    expect(snapshot.toolCalls).toEqual([]);
  });

  it('accepts data: [DONE], and keeps the code of an event: error frame', async () => {
    const done = await reduce(
      sse(
        run,
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
        '[DONE]',
      ),
    );
    expect(done.snapshot.errors).toEqual([]);
    const failed = await reduce(
      `${sse(run)}event: error\ndata: ${JSON.stringify({ message: 'Agent unavailable', code: 'UPSTREAM_DOWN' })}\n\n`,
    );
    expect(failed.snapshot.errors).toEqual([
      { code: 'server', message: 'Agent unavailable (UPSTREAM_DOWN)' },
    ]);
  });
});
