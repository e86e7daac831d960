import { describe, expect, it } from 'vitest';
import { completeCalls, reduce, sseNamed } from '../../../test/providers/streams.js';

const ev = (type: string, fields: Record<string, unknown> = {}) =>
  [type, { type, ...fields }] as [string, unknown];

describe('Cohere v2 chat', () => {
  it('reads text, thinking and calls by index', async () => {
    const stream = sseNamed(
      ev('message-start', { id: 'm', delta: { message: { role: 'assistant' } } }),
      ev('content-start', { index: 0, delta: { message: { content: { type: 'thinking', thinking: '' } } } }),
      ev('content-delta', { index: 0, delta: { message: { content: { thinking: 'Weigh it.' } } } }),
      ev('content-delta', { index: 1, delta: { message: { content: { text: 'Sure.' } } } }),
      ev('tool-call-start', {
        index: 0,
        delta: {
          message: { tool_calls: { id: 'c_1', type: 'function', function: { name: 'f', arguments: '' } } },
        },
      }),
      ev('tool-call-delta', {
        index: 0,
        delta: { message: { tool_calls: { function: { arguments: '{"a": 1}' } } } },
      }),
      ev('tool-call-end', { index: 0 }),
      ev('message-end', { delta: { finish_reason: 'TOOL_CALL' } }),
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('cohere');
    expect(snapshot.reasoning).toBe('Weigh it.');
    expect(snapshot.text).toBe('Sure.');
    expect(completeCalls(snapshot)).toEqual([{ id: 'c_1', name: 'f', arguments: { a: 1 } }]);
  });

  it('finish_reason ERROR is fatal and leaves the open call incomplete', async () => {
    const stream = sseNamed(
      ev('tool-call-start', {
        index: 0,
        delta: { message: { tool_calls: { id: 'c_2', function: { name: 'f', arguments: '' } } } },
      }),
      ev('tool-call-delta', {
        index: 0,
        delta: { message: { tool_calls: { function: { arguments: '{"a"' } } } },
      }),
      ev('message-end', { delta: { finish_reason: 'ERROR', error: 'internal' } }),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.status).toBe('error');
    expect(snapshot.toolCalls).toMatchObject([{ call_id: 'c_2', is_complete: false, arguments_raw: '{"a"' }]);
  });

  it('cites the document sources of a citation at its span, and reads the finish reason and token usage', async () => {
    const stream = sseNamed(
      ev('content-delta', {
        index: 0,
        delta: { message: { content: { text: 'Penguins live in Antarctica.' } } },
      }),
      ev('citation-start', {
        index: 0,
        delta: {
          message: {
            citations: {
              start: 17,
              end: 28,
              text: 'Antarctica.',
              sources: [
                {
                  type: 'document',
                  id: 'doc:0',
                  document: { id: 'doc:0', snippet: 'Only in Antarctica.', title: 'Habitats' },
                },
                {
                  type: 'document',
                  id: 'doc:1',
                  document: { id: 'doc:1', url: 'https://a.example', title: 'A' },
                },
                { type: 'tool', id: 'search:0', tool_output: { result: 'x' } },
              ],
            },
          },
        },
      }),
      ev('citation-end', { index: 0 }),
      ev('message-end', {
        delta: {
          finish_reason: 'MAX_TOKENS',
          usage: {
            billed_units: { input_tokens: 1, output_tokens: 2 },
            tokens: { input_tokens: 300, output_tokens: 20 },
            cached_tokens: 64,
          },
        },
      }),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.citations).toEqual([
      { source: 'Habitats', quote: 'Only in Antarctica.', span: { start: 17, end: 28 } },
      { source: 'https://a.example', title: 'A', span: { start: 17, end: 28 } },
    ]);
    expect(snapshot).toMatchObject({
      finishReason: 'length',
      outcome: 'truncated',
      usage: { inputTokens: 300, outputTokens: 20, cachedInputTokens: 64 },
    });
  });
});
