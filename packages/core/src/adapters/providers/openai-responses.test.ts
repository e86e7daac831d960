import { describe, expect, it } from 'vitest';
import { callListOf } from '../../../test/harness.js';
import { completeCalls, reduce, sse, sseNamed, statesOf } from '../../../test/providers/streams.js';

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

  describe('tools the provider runs', () => {
    it('shows a web_search_call from its start, with its action as input and its sources as result', async () => {
      const ws = { id: 'ws_1', type: 'web_search_call', status: 'in_progress' };
      const stream = sse(
        { type: 'response.output_item.added', output_index: 0, item: ws },
        { type: 'response.web_search_call.searching', output_index: 0, item_id: 'ws_1' },
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: {
            ...ws,
            status: 'completed',
            action: { type: 'search', query: 'q', sources: [{ type: 'url', url: 'https://a.example' }] },
          },
        },
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: {
            id: 'ws_2',
            type: 'web_search_call',
            status: 'failed',
            action: { type: 'open_page', url: 'https://b.example' },
          },
        },
        completed(),
      );
      const states = statesOf(stream);
      // Shown (open) before the search finishes.
      expect(callListOf(states[0]!)).toMatchObject([{ id: 'ws_1', kind: 'provider', status: 'pending' }]);
      const { snapshot } = await reduce(stream);
      expect(snapshot.toolCalls).toMatchObject([
        {
          call_id: 'ws_1',
          tool_name: 'web_search',
          kind: 'provider',
          status: 'complete',
          arguments: { type: 'search', query: 'q' },
          output: '[{"type":"url","url":"https://a.example"}]',
        },
      ]);
      // A done item never announced is not invented; a plain completed response is a stop.
      expect(snapshot.finishReason).toBe('stop');
    });

    it('marks a failed provider item (and an MCP error) as failed', async () => {
      const stream = sse(
        added(0, { type: 'mcp_call', name: 'lookup', server_label: 'crm', arguments: '' }, 'mcp_1'),
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: {
            id: 'mcp_1',
            type: 'mcp_call',
            name: 'lookup',
            arguments: '{"id":1}',
            output: null,
            error: 'timeout',
          },
        },
        added(1, { type: 'image_generation_call' }, 'ig_1'),
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: { id: 'ig_1', type: 'image_generation_call', status: 'failed', result: null },
        },
        completed(),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.toolCalls).toMatchObject([
        {
          call_id: 'mcp_1',
          tool_name: 'lookup',
          kind: 'provider',
          status: 'error',
          arguments: { id: 1 },
          details: { server_label: 'crm' },
        },
        { call_id: 'ig_1', tool_name: 'image_generation', kind: 'provider', status: 'error' },
      ]);
    });

    it("takes xAI's server-side custom_tool_call items as provider calls, but not a client's custom tool", async () => {
      const stream = sse(
        added(
          0,
          { type: 'custom_tool_call', call_id: 'xs_call_1', name: 'x_keyword_search', input: '' },
          'ctc_x',
        ),
        {
          type: 'response.custom_tool_call_input.delta',
          output_index: 0,
          item_id: 'ctc_x',
          delta: '{"query":"a"}',
        },
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: {
            id: 'ctc_x',
            type: 'custom_tool_call',
            call_id: 'xs_call_1',
            name: 'x_keyword_search',
            input: '{"query":"a"}',
            status: 'completed',
          },
        },
        added(1, { type: 'custom_tool_call', call_id: 'call_sql', name: 'sql', input: 'SELECT 1' }, 'ctc_c'),
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: {
            id: 'ctc_c',
            type: 'custom_tool_call',
            call_id: 'call_sql',
            name: 'sql',
            input: 'SELECT 1',
          },
        },
        completed(),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.toolCalls).toMatchObject([
        { call_id: 'xs_call_1', kind: 'provider', arguments: { query: 'a' }, status: 'complete' },
        { call_id: 'call_sql', kind: 'tool', arguments: { input: 'SELECT 1' } },
      ]);
      expect(snapshot.finishReason).toBe('tool-calls');
    });

    it('reads a server tool_search_call and the tool_search_output that follows as its result', async () => {
      const stream = sse(
        added(0, { type: 'tool_search_call', execution: 'server', call_id: null, arguments: {} }, 'tsc_1'),
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: {
            id: 'tsc_1',
            type: 'tool_search_call',
            execution: 'server',
            status: 'completed',
            arguments: { paths: ['get_weather'] },
          },
        },
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: {
            id: 'tso_1',
            type: 'tool_search_output',
            tools: [{ type: 'function', name: 'get_weather' }],
          },
        },
        completed(),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.toolCalls).toMatchObject([
        {
          call_id: 'tsc_1',
          tool_name: 'tool_search',
          arguments: { paths: ['get_weather'] },
          output: '[{"type":"function","name":"get_weather"}]',
        },
      ]);
    });
  });

  describe('end of the response, sources', () => {
    it('reads why a response is incomplete, and its usage', async () => {
      const stream = sse(added(0, fnCall('call_I', 'f')), argsDelta(0, '{"a":'), {
        type: 'response.incomplete',
        response: {
          status: 'incomplete',
          incomplete_details: { reason: 'content_filter' },
          usage: {
            input_tokens: 5,
            output_tokens: 3,
            total_tokens: 8,
            input_tokens_details: { cached_tokens: 0 },
          },
        },
      });
      const { snapshot } = await reduce(stream);
      expect(snapshot.finishReason).toBe('content-filter');
      expect(snapshot.usage).toEqual({
        inputTokens: 5,
        outputTokens: 3,
        totalTokens: 8,
        cachedInputTokens: 0,
      });
      expect(snapshot.toolCalls).toMatchObject([
        { call_id: 'call_I', is_complete: false, status: 'interrupted' },
      ]);
    });

    it('accepts data: [DONE] after response.completed (OpenRouter)', async () => {
      const { snapshot } = await reduce(sse(completed(), '[DONE]'));
      expect(snapshot.errors).toEqual([]);
      expect(snapshot.outcome).toBe('done');
    });

    it("places annotations of each content part at the part's place in the answer", async () => {
      const text = (outputIndex: number, delta: string) => ({
        type: 'response.output_text.delta',
        output_index: outputIndex,
        content_index: 0,
        item_id: `msg_${outputIndex}`,
        delta,
      });
      const annotation = (outputIndex: number, value: Record<string, unknown>) => ({
        type: 'response.output_text.annotation.added',
        output_index: outputIndex,
        content_index: 0,
        item_id: `msg_${outputIndex}`,
        annotation: value,
      });
      const stream = sse(
        text(0, 'First part. '),
        text(2, 'Second [a].'),
        annotation(2, {
          type: 'url_citation',
          url: 'https://a.example',
          title: 'A',
          start_index: 7,
          end_index: 10,
        }),
        annotation(2, {
          type: 'container_file_citation',
          container_id: 'c',
          file_id: 'f',
          filename: 'out.csv',
          start_index: 0,
          end_index: 6,
        }),
        annotation(0, { type: 'file_citation', file_id: 'file-1', filename: 'doc.pdf', index: 11 }),
        completed(),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.text).toBe('First part. Second [a].');
      expect(snapshot.citations).toEqual([
        { source: 'https://a.example', title: 'A', span: { start: 19, end: 22 } },
        { source: 'out.csv', span: { start: 12, end: 18 } },
        { source: 'doc.pdf', span: { start: 11, end: 11 } },
      ]);
    });
  });
});
