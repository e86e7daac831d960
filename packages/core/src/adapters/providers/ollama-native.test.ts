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
});
