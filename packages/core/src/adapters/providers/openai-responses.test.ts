import { describe, expect, it } from 'vitest';
import { completeCalls, reduce, sse, sseNamed } from '../../../test/providers/streams.js';

const added = (outputIndex: number, item: Record<string, unknown>, itemId = `fc_${outputIndex}`) => ({
  type: 'response.output_item.added',
  output_index: outputIndex,
  item: { id: itemId, status: 'in_progress', ...item },
});
const fnCall = (callId: string, name: string) => ({
  type: 'function_call',
  arguments: '',
  call_id: callId,
  name,
});
const argsDelta = (outputIndex: number, delta: string, itemId = `fc_${outputIndex}`) => ({
  type: 'response.function_call_arguments.delta',
  output_index: outputIndex,
  item_id: itemId,
  delta,
});
const argsDone = (outputIndex: number, args: string, itemId = `fc_${outputIndex}`) => ({
  type: 'response.function_call_arguments.done',
  output_index: outputIndex,
  item_id: itemId,
  arguments: args,
});
const completed = (output: unknown[] = []) => ({
  type: 'response.completed',
  response: { status: 'completed', output },
});

describe('OpenAI Responses', () => {
  // README §7 #12 (openai-responses-itemid-rotation).
  it('keys pieces by output_index when a proxy changes item_id on every event', async () => {
    let n = 0;
    const rotate = () => `capture-id-${++n}`;
    const stream = sse(
      { type: 'response.created', response: { status: 'in_progress', output: [] } },
      added(0, { type: 'message', role: 'assistant', content: [] }, rotate()),
      {
        type: 'response.output_text.delta',
        output_index: 0,
        item_id: rotate(),
        content_index: 0,
        delta: 'Checking.',
      },
      added(1, fnCall('call_P', 'get_weather'), rotate()),
      argsDelta(1, '{"city":', rotate()),
      argsDelta(1, '"Paris"}', rotate()),
      argsDone(1, '{"city":"Paris"}', rotate()),
      added(2, fnCall('call_T', 'get_weather'), rotate()),
      argsDelta(2, '{"city":"Tokyo"}', rotate()),
      {
        type: 'response.output_item.done',
        output_index: 2,
        item: {
          id: rotate(),
          ...fnCall('call_T', 'get_weather'),
          arguments: '{"city":"Tokyo"}',
          status: 'completed',
        },
      },
      completed(),
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('openai-responses');
    expect(completeCalls(snapshot)).toEqual([
      { id: 'call_P', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_T', name: 'get_weather', arguments: { city: 'Tokyo' } },
    ]);
    expect(snapshot.text).toBe('Checking.');
    expect(snapshot.errors).toEqual([]);
  });

  it('maps pieces by item_id or call_id when there is no output_index (xAI)', async () => {
    const stream = sse(
      added(0, fnCall('call_X', 'lookup'), 'fc_x'),
      { type: 'response.function_call_arguments.delta', item_id: 'fc_x', delta: '{"a":' },
      { type: 'response.function_call_arguments.delta', call_id: 'call_X', delta: '1}' },
      { type: 'response.function_call_arguments.done', call_id: 'call_X', arguments: '{"a":1}' },
      completed(),
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([
      { id: 'call_X', name: 'lookup', arguments: { a: 1 } },
    ]);
  });

  it('takes the whole text of .done as final', async () => {
    const stream = sse(
      added(0, fnCall('call_D', 'f')),
      argsDelta(0, '{"lost":'),
      argsDone(0, '{"a":2}'),
      completed(),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'call_D', arguments: { a: 2 }, arguments_raw: '{"a":2}' },
    ]);
  });

  it('an error event leaves open calls incomplete; response.failed is fatal too', async () => {
    const error = await reduce(
      sseNamed(
        ['response.output_item.added', added(0, fnCall('call_E', 'f'))],
        ['response.function_call_arguments.delta', argsDelta(0, '{"a":')],
        ['error', { type: 'error', code: 'server_error', message: 'The server had an error' }],
      ),
    );
    expect(error.snapshot.status).toBe('error');
    expect(error.snapshot.toolCalls).toMatchObject([
      { call_id: 'call_E', is_complete: false, arguments_raw: '{"a":' },
    ]);
    expect(error.snapshot.errors).toEqual([
      { code: 'server', message: 'The server had an error (server_error)' },
    ]);

    const failed = await reduce(
      sse({
        type: 'response.failed',
        response: { status: 'failed', error: { code: 'rate_limit_exceeded', message: 'Slow down' } },
      }),
    );
    expect(failed.snapshot.errors).toEqual([{ code: 'server', message: 'Slow down (rate_limit_exceeded)' }]);
  });

  it('response.incomplete ends the stream and leaves open calls incomplete', async () => {
    const stream = sse(added(0, fnCall('call_I', 'f')), argsDelta(0, '{"a":'), {
      type: 'response.incomplete',
      response: {},
    });
    const { snapshot } = await reduce(stream);
    expect(snapshot.status).toBe('done');
    expect(snapshot.toolCalls).toMatchObject([{ call_id: 'call_I', is_complete: false }]);
  });

  it('keeps free-form custom tool input as {input}', async () => {
    const stream = sse(
      added(0, { type: 'custom_tool_call', call_id: 'call_C', name: 'sql', input: '' }, 'ctc_1'),
      {
        type: 'response.custom_tool_call_input.delta',
        output_index: 0,
        item_id: 'ctc_1',
        delta: 'SELECT * ',
      },
      {
        type: 'response.custom_tool_call_input.delta',
        output_index: 0,
        item_id: 'ctc_1',
        delta: 'FROM users',
      },
      {
        type: 'response.custom_tool_call_input.done',
        output_index: 0,
        item_id: 'ctc_1',
        input: 'SELECT * FROM users',
      },
      completed(),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      {
        call_id: 'call_C',
        arguments: { input: 'SELECT * FROM users' },
        arguments_raw: 'SELECT * FROM users',
      },
    ]);
  });

  it('flags a leaked multi_tool_use.parallel wrapper without splitting it', async () => {
    const wrapper = '{"tool_uses":[{"recipient_name":"functions.weather","parameters":{"city":"A"}}]}';
    const stream = sse(
      added(0, fnCall('call_W', 'parallel')),
      argsDelta(0, wrapper),
      argsDone(0, wrapper),
      completed(),
    );
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toHaveLength(1);
    expect(snapshot.errors[0]!.message).toContain('multi_tool_use.parallel');
  });

  it('keeps reasoning summaries apart, reads citations and calls only in response.completed', async () => {
    const stream = sse(
      { type: 'response.reasoning_summary_text.delta', output_index: 0, item_id: 'rs_1', delta: 'Thinking.' },
      { type: 'response.output_text.delta', output_index: 1, item_id: 'msg_1', delta: 'See docs.' },
      {
        type: 'response.output_text.annotation.added',
        annotation: { type: 'url_citation', url: 'https://example.com' },
      },
      completed([
        { id: 'fc_9', type: 'function_call', call_id: 'call_Z', name: 'late', arguments: '{"z":1}' },
      ]),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.reasoning).toBe('Thinking.');
    expect(snapshot.text).toBe('See docs.');
    expect(snapshot.citations).toEqual([{ source: 'https://example.com' }]);
    expect(completeCalls(snapshot)).toEqual([{ id: 'call_Z', name: 'late', arguments: { z: 1 } }]);
  });

  it('reports an argument piece for an unknown item', async () => {
    const { snapshot } = await reduce(sse(argsDelta(3, '{}'), completed()));
    expect(snapshot.errors[0]!.message).toContain('unknown output item');
  });
});
