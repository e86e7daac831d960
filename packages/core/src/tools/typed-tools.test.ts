import { describe, expect, expectTypeOf, it } from 'vitest';
import { call, part, sse, tools as toolCalls } from '../../test/sse-builder.js';
import { allProtocols } from '../adapters/providers/index.js';
import { latestAnswer } from '../reducer/find.js';
import type { ToolCallState, ToolStreamState } from '../reducer/state.js';
import { reduceStream } from '../snapshot/reduce-stream.js';
import { defineTools, type TypedToolCall } from './typed-tools.js';

type Tools = {
  search: { args: { query: string; limit?: number }; result: { title: string; url: string }[] };
  get_weather: { args: { city: string }; result: { tempC: number } };
  ping: Record<string, never>;
};
const tools = defineTools<Tools>();

async function callsOf(text: string, options = {}): Promise<ToolCallState[]> {
  let state: ToolStreamState | null = null;
  await reduceStream(text, {
    ...options,
    onState: (s) => {
      state = s;
    },
  });
  const answer = latestAnswer(state!)!;
  return answer.callOrder.map((id) => answer.calls[id]!);
}

describe('defineTools', () => {
  it('narrows a call by its tool name, typing its arguments (partial while they stream)', async () => {
    const openAi = (delta: object, finish: string | null = null) => ({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const [searching] = await callsOf(
      sse(
        `data: ${JSON.stringify(openAi({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'search', arguments: '{"query": "onb' } }] }))}\n\n`,
      ),
      { protocols: allProtocols },
    );
    expect(tools.is(searching!, 'search')).toBe(true);
    expect(tools.is(searching!, 'get_weather')).toBe(false);
    if (tools.is(searching!, 'search')) {
      expectTypeOf(searching.toolName).toEqualTypeOf<'search'>();
      expectTypeOf(searching.args).toEqualTypeOf<
        { query?: string; limit?: number } | { query: string; limit?: number } | null
      >();
      expect(searching.args).toEqual({ query: 'onb' });
    }
  });

  it('reads a completed call’s output as its typed result, and nothing before it completes', async () => {
    const results = JSON.stringify([{ title: 'Onboarding', url: 'https://wiki.example.com/onboarding' }]);
    const [done, running] = await callsOf(
      sse(
        toolCalls(
          call({ id: 's1', name: 'search' }),
          call({ id: 's1', type: 'result', name: 'search', response: results }),
        ),
        toolCalls(part('w1', '{"tempC": 2', { type: 'result', name: 'get_weather' })),
      ),
    );
    if (!tools.is(done!, 'search') || !tools.is(running!, 'get_weather')) throw new Error('narrowing failed');
    const result = tools.result(done);
    expectTypeOf(result).toEqualTypeOf<{ title: string; url: string }[] | undefined>();
    expect(result).toEqual([{ title: 'Onboarding', url: 'https://wiki.example.com/onboarding' }]);
    expect(tools.result(running)).toBeUndefined(); // cut off, not complete
  });

  it('types every declared tool at once when not narrowed', () => {
    type Any = TypedToolCall<Tools>;
    expectTypeOf<Any['toolName']>().toEqualTypeOf<'search' | 'get_weather' | 'ping'>();
  });
});
