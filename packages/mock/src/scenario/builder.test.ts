import { reduceStream } from '@toolstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioToSse } from '../backend/sse-encode.js';
import { scenario } from './builder.js';
import { isFrame, type Scenario } from './format.js';
import { chunkText } from './text-chunks.js';
import { typedScenario } from './typed-builder.js';

interface Chunk {
  call_id: string;
  event_type: string;
  tool_name: string;
  tool_response: string;
  tool_call_details: Record<string, unknown>;
  stream_part?: string;
  is_complete: boolean;
}

/** The tool-call chunks of every frame, in order. */
function chunks(built: Scenario): Chunk[] {
  return built.steps
    .filter(isFrame)
    .filter((frame) => frame.event === undefined)
    .flatMap((frame) => (JSON.parse(frame.data) as { tool_calls: Chunk[] }).tool_calls);
}

describe('chunkText', () => {
  it('cuts text into pieces that join back to it', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 5 }), (text, words) => {
        expect(chunkText(text, words).join('')).toBe(text);
      }),
    );
  });

  it('keeps the given number of words per piece', () => {
    expect(chunkText('one two three four five', 2)).toEqual(['one two ', 'three four ', 'five']);
  });
});

describe('scenario builder (primary protocol)', () => {
  it('numbers SSE ids in order and carries waits into the next frame', () => {
    const built = scenario('ids', 'Ids.')
      .text('a b', { wordsPerChunk: 1, delay: 5 })
      .wait(100)
      .done({ delay: 1 })
      .build();
    expect(built.steps).toEqual([
      { delay: 5, id: '1', data: '{"message":"a ","citations":[],"tool_calls":[]}' },
      { delay: 5, id: '2', data: '{"message":"b","citations":[],"tool_calls":[]}' },
      { delay: 101, event: 'done', id: '3', data: '' },
    ]);
  });

  it('writes a call and its complete result under one generated call id', () => {
    const built = scenario('call', 'Call.')
      .call({ tool: 'get_weather', summary: 'Weather', args: { city: 'Seoul' }, result: 'Clear' })
      .build();
    const [call, result] = chunks(built);
    expect(call).toMatchObject({ event_type: 'call', tool_name: 'get_weather', is_complete: true });
    expect(call!.tool_call_details).toEqual({ summary: 'Weather', arguments: { city: 'Seoul' } });
    expect(result).toMatchObject({ call_id: call!.call_id, event_type: 'result', tool_response: 'Clear' });
    expect(result!.stream_part).toBeUndefined();
  });

  it('streams a result in parts whose last one carries the whole text', () => {
    const output = 'one two three four five six seven';
    const built = scenario('streamed', 'Streamed.')
      .call({ tool: 'search', result: { output, stream: { wordsPerChunk: 2 } } })
      .build();
    const parts = chunks(built).filter((c) => c.event_type === 'result');
    expect(parts.map((p) => p.stream_part).join('')).toBe(output);
    expect(parts.map((p) => p.is_complete)).toEqual([false, false, false, true]);
    expect(parts.at(-1)!.tool_response).toBe(output);
  });

  it('marks a failed result in tool_call_details', () => {
    const built = scenario('fail', 'Fail.')
      .call({ tool: 'jira', result: { output: 'no', error: 'refused' } })
      .build();
    expect(chunks(built)[1]!.tool_call_details).toEqual({ status: 'error', error: 'refused' });
  });

  it('starts parallel calls in one frame and interleaves their results', () => {
    const built = scenario('parallel', 'Parallel.')
      .parallel([
        { tool: 'a', result: { output: 'a1 a2 a3', stream: { wordsPerChunk: 1 } } },
        { tool: 'b', result: { output: 'b1 b2', stream: { wordsPerChunk: 1 } } },
        { tool: 'c', result: 'c' },
      ])
      .build();
    const first = JSON.parse((built.steps[0] as { data: string }).data) as { tool_calls: Chunk[] };
    expect(first.tool_calls.map((c) => [c.tool_name, c.event_type])).toEqual([
      ['a', 'call'],
      ['b', 'call'],
      ['c', 'call'],
    ]);
    const order = chunks(built)
      .slice(3)
      .map((c) => `${c.tool_name}:${c.stream_part ?? c.tool_response}`);
    expect(order).toEqual(['a:a1 ', 'b:b1 ', 'c:c', 'a:a2 ', 'b:b2', 'a:a3']);
    expect(new Set(first.tool_calls.map((c) => c.call_id)).size).toBe(3);
  });

  it('writes a delegation whose sub-agent calls carry parent_call_id and agent, nested two levels', () => {
    const built = scenario('delegation', 'Delegation.')
      .delegation({ agent: 'outer_agent', task: 'Outer' }, (outer) => {
        outer.stream('Working. ');
        outer.delegation({ agent: 'inner_agent' }, (inner) => {
          inner.call({ tool: 'search', result: 'found' });
          inner.stream('Inner answer.');
        });
        outer.stream('Outer answer.');
      })
      .build();
    const all = chunks(built);
    const outerId = all[0]!.call_id;
    const innerCall = all.find(
      (c) => c.tool_name === 'delegate_to_inner_agent' && c.event_type === 'delegation_call',
    )!;
    const search = all.filter((c) => c.tool_name === 'search');
    expect(all[0]).toMatchObject({
      event_type: 'delegation_call',
      tool_call_details: { agent: 'outer_agent', task: 'Outer' },
    });
    expect(innerCall.tool_call_details).toEqual({ parent_call_id: outerId, agent: 'inner_agent' });
    expect(search.map((c) => c.tool_call_details)).toEqual([
      { parent_call_id: innerCall.call_id, agent: 'inner_agent' },
      { parent_call_id: innerCall.call_id, agent: 'inner_agent' },
    ]);
    const outerResult = all.filter((c) => c.call_id === outerId && c.event_type === 'delegation_result');
    expect(outerResult.at(-1)).toMatchObject({ is_complete: true, tool_response: 'Working. Outer answer.' });
    expect(outerResult.slice(0, -1).every((c) => !c.is_complete && c.tool_response === '')).toBe(true);
  });

  it('reduces through the core to what the builder described', async () => {
    const built = scenario('reduced', 'Reduced.')
      .text('Let me ask.')
      .delegation({ agent: 'helper' }, (sub) => {
        sub.call({ tool: 'lookup', result: 'value' });
        sub.stream('The value is 42.');
      })
      .text(' It is 42.')
      .citations(['https://example.com/a'])
      .done()
      .build();
    const snapshot = await reduceStream(scenarioToSse(built));
    expect(snapshot.status).toBe('done');
    expect(snapshot.text).toBe('Let me ask. It is 42.');
    expect(snapshot.citations).toEqual([{ source: 'https://example.com/a' }]);
    expect(snapshot.toolCalls.map((c) => [c.tool_name, c.parent_call_id === null, c.output])).toEqual([
      ['delegate_to_helper', true, 'The value is 42.'],
      ['lookup', false, 'value'],
    ]);
    expect(snapshot.errors).toEqual([]);
  });

  it('writes scripted disconnects and error events', () => {
    const built = scenario('errors', 'Errors.')
      .delegation({ agent: 'a' }, (sub) => {
        sub.stream('x');
        sub.disconnect({ delay: 7 });
      })
      .error('boom', { code: 'E1' })
      .build();
    expect(built.steps.find((s) => s.type === 'disconnect')).toEqual({ type: 'disconnect', delay: 7 });
    expect(built.steps.at(-1)).toMatchObject({ event: 'error', data: '{"message":"boom","code":"E1"}' });
  });

  it('refuses to write into a finished delegation', () => {
    expect(() =>
      scenario('late', 'Late.').delegation({ agent: 'a' }, (sub) => {
        sub.finish();
        sub.stream('too late');
      }),
    ).toThrow(/after the delegation/);
  });

  it('gives a bad name a clear error at build time', () => {
    expect(() => scenario('Bad Name', 'x').text('a').build()).toThrow(/field "name"/);
  });
});

describe('typed-events builder', () => {
  it('writes message, tool_start, tool_end, error and done events', async () => {
    const built = typedScenario('typed', 'Typed.')
      .text('Checking the weather.')
      .tool('weather_tool', { runtime: 100 })
      .text(' Clear.')
      .error('provider failed')
      .done()
      .build();
    expect(built.header.protocol).toBe('typed-events');
    expect(built.steps.filter(isFrame).map((f) => f.event)).toEqual([
      'message',
      'message',
      'tool_start',
      'tool_end',
      'message',
      'error',
      'done',
    ]);
    const snapshot = await reduceStream(scenarioToSse(built));
    expect(snapshot.text).toBe('Checking the weather. Clear.');
    expect(snapshot.toolCalls.map((c) => c.tool_name)).toEqual(['weather_tool']);
    expect(snapshot.errors.map((e) => e.message)).toEqual(['provider failed']);
  });
});
