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

  it('does not expose server-run tools as client calls', async () => {
    const stream = sseNamed(
      messageStart(),
      blockStart(0, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      json(0, '{"query":"x"}'),
      blockStop(0),
      blockStart(1, { type: 'text', text: '' }),
      delta(1, { type: 'text_delta', text: 'Found it.' }),
      delta(1, {
        type: 'citations_delta',
        citation: { type: 'web_search_result_location', url: 'https://example.com/a' },
      }),
      blockStop(1),
      ...messageEnd,
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toEqual([]);
    expect(snapshot.text).toBe('Found it.');
    expect(snapshot.citations).toEqual([{ source: 'https://example.com/a' }]);
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
