import { describe, expect, it } from 'vitest';
import { completeCalls, ndjson, reduce } from '../../../test/providers/streams.js';

const line = (message: Record<string, unknown>, done = false) => ({
  model: 'qwen3:8b',
  created_at: '2026-01-05T10:00:00Z',
  message: { role: 'assistant', content: '', ...message },
  done,
});

describe('Ollama native /api/chat (NDJSON)', () => {
  it('reads several whole calls in one line, with and without ids', async () => {
    const stream = ndjson(
      line({
        tool_calls: [
          { function: { name: 'a', arguments: { x: 1 } } },
          { id: 'call_keep', function: { index: 1, name: 'b', arguments: {} } },
          { function: { name: 'a', arguments: '{"x":2}' } },
        ],
      }),
      { ...line({}, true), done_reason: 'stop' },
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('ollama-native');
    const calls = completeCalls(snapshot);
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', { x: 1 }],
      ['b', {}],
      ['a', { x: 2 }],
    ]);
    expect(calls[1]!.id).toBe('call_keep');
    expect(new Set(calls.map((c) => c.id)).size).toBe(3);
  });

  it('an error line is fatal', async () => {
    const stream = ndjson(line({ content: 'Hel' }), { error: 'model runner has unexpectedly stopped' });
    const { snapshot } = await reduce(stream);
    expect(snapshot.text).toBe('Hel');
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'model runner has unexpectedly stopped' }]);
  });

  it('reads /api/generate lines (response, top-level thinking), the done reason and the token counts', async () => {
    const generate = (fields: Record<string, unknown>, done = false) => ({
      model: 'gpt-oss:20b',
      created_at: '2026-01-05T10:00:00Z',
      response: '',
      done,
      ...fields,
    });
    const { snapshot, protocol } = await reduce(
      ndjson(
        generate({ thinking: 'Short.' }),
        generate({ response: 'Fluffy, ' }),
        generate({ response: 'quick.' }),
        generate({ done_reason: 'length', prompt_eval_count: 9, eval_count: 4 }, true),
      ),
    );
    expect(protocol).toBe('ollama-native');
    expect(snapshot).toMatchObject({
      text: 'Fluffy, quick.',
      reasoning: 'Short.',
      finishReason: 'length',
      outcome: 'truncated',
      usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 },
      errors: [],
    });
  });

  it('reads a leading <think> block of the content as reasoning (models Ollama does not split)', async () => {
    const { snapshot } = await reduce(
      ndjson(line({ content: '<think>Plan.' }), line({ content: '</think>\n\nDone.' }), {
        ...line({}, true),
        done_reason: 'stop',
      }),
    );
    expect(snapshot.reasoning).toBe('Plan.');
    expect(snapshot.text).toBe('Done.');
    expect(snapshot.finishReason).toBe('stop');
  });

  it('says stop with calls is tool-calls, and reports a line it cannot read', async () => {
    const { snapshot } = await reduce(
      ndjson(
        { model: 'qwen3:8b', created_at: 'x', done: false, status: 'pulling' },
        line({ tool_calls: [{ function: { name: 'f', arguments: {} } }] }),
        { ...line({}, true), done_reason: 'stop' },
      ),
    );
    expect(snapshot.finishReason).toBe('tool-calls');
    expect(snapshot.errors).toEqual([
      { code: 'protocol', message: 'line has neither a message nor a response' },
    ]);
  });
});
