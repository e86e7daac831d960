import { describe, expect, it } from 'vitest';
import { callsOf } from '../../../test/harness.js';
import { completeCalls, reduce, sseNamed, statesOf } from '../../../test/providers/streams.js';

const messageStart = (content: unknown[] = []) =>
  [
    'message_start',
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude',
        content,
        stop_reason: null,
      },
    },
  ] as [string, unknown];
const blockStart = (index: number, block: Record<string, unknown>) =>
  ['content_block_start', { type: 'content_block_start', index, content_block: block }] as [string, unknown];
const delta = (index: number, d: Record<string, unknown>) =>
  ['content_block_delta', { type: 'content_block_delta', index, delta: d }] as [string, unknown];
const json = (index: number, partial: string) =>
  delta(index, { type: 'input_json_delta', partial_json: partial });
const blockStop = (index: number) =>
  ['content_block_stop', { type: 'content_block_stop', index }] as [string, unknown];
const messageEnd: [string, unknown][] = [
  [
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
  ],
  ['message_stop', { type: 'message_stop' }],
];
const tool = (id: string, name: string) => ({ type: 'tool_use', id, name, input: {} });

describe('Anthropic Messages', () => {
  // README §7 #10 (anthropic-error-midstream).
  it('an error mid-stream leaves the open tool block incomplete and ends the run', async () => {
    const stream = sseNamed(
      messageStart(),
      blockStart(0, tool('toolu_01Err', 'web_search')),
      json(0, ''),
      json(0, '{"query": "latest '),
      ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('anthropic');
    expect(snapshot.status).toBe('error');
    expect(completeCalls(snapshot)).toEqual([]);
    expect(snapshot.toolCalls).toMatchObject([
      {
        call_id: 'toolu_01Err',
        tool_name: 'web_search',
        is_complete: false,
        arguments_raw: '{"query": "latest ',
      },
    ]);
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'Overloaded (overloaded_error)' }]);
  });

  it('streams the partial input of a tool block', () => {
    const states = statesOf(
      sseNamed(
        messageStart(),
        blockStart(0, tool('toolu_A', 'get_weather')),
        json(0, '{"location": "San Fra'),
        json(0, 'ncisco"}'),
        blockStop(0),
        ...messageEnd,
      ),
    );
    const seen = states.map((state) => callsOf(state).toolu_A?.args);
    expect(seen).toContainEqual({ location: 'San Fra' });
    expect(callsOf(states.at(-1)!).toolu_A!.args).toEqual({ location: 'San Francisco' });
  });

  it('a tool block with no input_json_delta at all has {} arguments', async () => {
    const stream = sseNamed(
      messageStart(),
      blockStart(0, tool('toolu_B', 'now')),
      blockStop(0),
      ...messageEnd,
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([
      { id: 'toolu_B', name: 'now', arguments: {} },
    ]);
  });

  it('reads whole tool_use blocks already in message_start, once, even if message_start repeats', async () => {
    const prefilled = [
      { type: 'text', text: 'Running it.' },
      { type: 'tool_use', id: 'toolu_P', name: 'query', input: { sql: 'select 1' } },
    ];
    const stream = sseNamed(messageStart(prefilled), messageStart(prefilled), ...messageEnd);
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'toolu_P', name: 'query', arguments: { sql: 'select 1' } },
    ]);
    expect(snapshot.text).toBe('Running it.');
  });

  it('shows server-run tools as provider calls with their result, and cites sources for the text of their block', async () => {
    const stream = sseNamed(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      delta(0, { type: 'text_delta', text: 'Searching. ' }),
      blockStop(0),
      blockStart(1, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      json(1, '{"query":"x"}'),
      blockStop(1),
      blockStart(2, {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_1',
        content: [
          { type: 'web_search_result', url: 'https://example.com/a', title: 'A', encrypted_content: 'blob' },
        ],
      }),
      blockStop(2),
      blockStart(3, { type: 'text', text: '' }),
      delta(3, {
        type: 'citations_delta',
        citation: {
          type: 'web_search_result_location',
          url: 'https://example.com/a',
          title: 'A',
          cited_text: 'The cited passage.',
          encrypted_index: 'idx',
        },
      }),
      delta(3, { type: 'text_delta', text: 'Found it.' }),
      blockStop(3),
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      {
        call_id: 'srvtoolu_1',
        tool_name: 'web_search',
        kind: 'provider',
        event_type: 'result',
        status: 'complete',
        arguments: { query: 'x' },
        output: '[{"type":"web_search_result","url":"https://example.com/a","title":"A"}]',
      },
    ]);
    expect(snapshot.text).toBe('Searching. Found it.');
    expect(snapshot.citations).toEqual([
      {
        source: 'https://example.com/a',
        title: 'A',
        quote: 'The cited passage.',
        span: { start: 11, end: 20 },
      },
    ]);
    // No client call was made: a plain end_turn stays a stop.
    expect(snapshot.finishReason).toBe('stop');
  });

  it('fails a provider call whose result is an error, and names a result of an earlier response after its block', async () => {
    const stream = sseNamed(
      messageStart(),
      blockStart(0, {
        type: 'mcp_tool_use',
        id: 'mcptoolu_1',
        name: 'lookup',
        server_name: 'crm',
        input: {},
      }),
      json(0, '{"id":7}'),
      blockStop(0),
      blockStart(1, {
        type: 'mcp_tool_result',
        tool_use_id: 'mcptoolu_1',
        is_error: true,
        content: [{ type: 'text', text: 'not found' }],
      }),
      blockStop(1),
      blockStart(2, {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_earlier',
        content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
      }),
      blockStop(2),
      ...messageEnd,
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      {
        call_id: 'mcptoolu_1',
        tool_name: 'lookup',
        kind: 'provider',
        status: 'error',
        details: { server_name: 'crm' },
      },
      { call_id: 'srvtoolu_earlier', tool_name: 'web_search', kind: 'provider', status: 'error' },
    ]);
    expect(snapshot.errors.map((e) => e.message)).toEqual([
      'lookup failed: not found',
      'web_search failed: max_uses_exceeded',
    ]);
  });

  it('reads the stop reason of a message that arrives whole, and sums the input tokens', async () => {
    const prefilled = {
      type: 'message_start',
      message: {
        id: 'msg_W',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_W', name: 'roll', input: { sides: 6 } }],
        stop_reason: 'tool_use',
        usage: {
          input_tokens: 100,
          cache_creation_input_tokens: 20,
          cache_read_input_tokens: 30,
          output_tokens: 5,
        },
      },
    };
    const { snapshot } = await reduce(
      sseNamed(['message_start', prefilled], ['message_stop', { type: 'message_stop' }]),
    );
    expect(snapshot.finishReason).toBe('tool-calls');
    expect(snapshot.outcome).toBe('done');
    expect(snapshot.usage).toEqual({ inputTokens: 150, outputTokens: 5, cachedInputTokens: 30 });
  });

  it('maps max_tokens, refusal and pause_turn', async () => {
    const end = (stopReason: string) =>
      sseNamed(
        messageStart(),
        [
          'message_delta',
          { type: 'message_delta', delta: { stop_reason: stopReason }, usage: { output_tokens: 1 } },
        ],
        ['message_stop', { type: 'message_stop' }],
      );
    expect((await reduce(end('max_tokens'))).snapshot).toMatchObject({
      finishReason: 'length',
      outcome: 'truncated',
    });
    expect((await reduce(end('refusal'))).snapshot).toMatchObject({
      finishReason: 'refusal',
      outcome: 'done',
    });
    expect((await reduce(end('pause_turn'))).snapshot).toMatchObject({
      finishReason: 'pause',
      outcome: 'done',
    });
  });

  it('accepts data: [DONE] after message_stop (gateways add it)', async () => {
    const { snapshot } = await reduce(`${sseNamed(messageStart(), ...messageEnd)}data: [DONE]\n\n`);
    expect(snapshot.errors).toEqual([]);
    expect(snapshot.outcome).toBe('done');
  });

  it('keeps thinking apart, skips redacted thinking, ping and unknown events', async () => {
    const stream = sseNamed(
      messageStart(),
      ['ping', { type: 'ping' }],
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Hmm.' }),
      delta(0, { type: 'signature_delta', signature: 'EqQB' }),
      blockStop(0),
      blockStart(1, { type: 'redacted_thinking', data: 'opaque' }),
      blockStop(1),
      ['future_event', { type: 'future_event', stuff: 1 }],
      blockStart(2, { type: 'text', text: '' }),
      delta(2, { type: 'text_delta', text: 'Hi.' }),
      blockStop(2),
      ...messageEnd,
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.reasoning).toBe('Hmm.');
    expect(snapshot.text).toBe('Hi.');
    expect(snapshot.errors).toEqual([]);
  });

  it('reports a delta for a block that never started', async () => {
    const stream = sseNamed(messageStart(), json(5, '{}'), ...messageEnd);
    const { snapshot } = await reduce(stream);
    expect(snapshot.errors).toHaveLength(1);
    expect(snapshot.errors[0]!.message).toContain('unknown content block 5');
  });
});
