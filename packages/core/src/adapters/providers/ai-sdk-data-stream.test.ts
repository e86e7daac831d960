import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../../test/providers/streams.js';
import { reduceStream } from '../../snapshot/reduce-stream.js';
import { allProtocols } from './index.js';

/**
 * The AI SDK 4 data stream protocol, from its documentation ("Stream Protocols → Data Stream
 * Protocol", v4.ai-sdk.dev): one part a line, `<code>:<JSON>`.
 */
const TOOL_THEN_ANSWER = [
  'f:{"messageId":"step_1"}',
  '0:"Let me look that up."',
  'b:{"toolCallId":"call_1","toolName":"getWeather"}',
  'c:{"toolCallId":"call_1","argsTextDelta":"{\\"city\\":"}',
  'c:{"toolCallId":"call_1","argsTextDelta":"\\"Zürich\\"}"}',
  '9:{"toolCallId":"call_1","toolName":"getWeather","args":{"city":"Zürich"}}',
  'a:{"toolCallId":"call_1","result":{"tempC":12}}',
  'e:{"finishReason":"tool-calls","usage":{"promptTokens":10,"completionTokens":20},"isContinued":false}',
  'f:{"messageId":"step_2"}',
  'g:"It is cold."',
  '0:"It is 12°C in Zürich."',
  'h:{"sourceType":"url","id":"s1","url":"https://example.com/zurich","title":"Zürich"}',
  '2:[{"status":"done"}]',
  '8:[{"model":"m1"}]',
  'e:{"finishReason":"stop","usage":{"promptTokens":30,"completionTokens":8},"isContinued":false}',
  'd:{"finishReason":"stop","usage":{"promptTokens":40,"completionTokens":28}}',
  '',
].join('\n');

describe('AI SDK 4 data stream', () => {
  it('reads text, reasoning, a streamed call, its result, sources, data and the finish', async () => {
    const { snapshot, protocol, state } = await reduce(TOOL_THEN_ANSWER);
    expect(protocol).toBe('ai-sdk-data-stream');
    expect(snapshot).toMatchObject({
      status: 'done',
      outcome: 'done',
      finishReason: 'stop',
      text: 'Let me look that up.It is 12°C in Zürich.',
      reasoning: 'It is cold.',
      usage: { inputTokens: 40, outputTokens: 28, totalTokens: 68 },
      citations: [{ source: 'https://example.com/zurich', title: 'Zürich' }],
      errors: [],
    });
    expect(snapshot.toolCalls).toEqual([
      expect.objectContaining({
        call_id: 'call_1',
        tool_name: 'getWeather',
        arguments: { city: 'Zürich' },
        arguments_raw: '{"city":"Zürich"}',
        output: '{"tempC":12}',
        status: 'complete',
      }),
    ]);
    const answer = state.messages.at(-1);
    expect(answer?.role === 'assistant' && answer.data).toEqual([
      { name: 'data', id: null, data: { status: 'done' } },
      { name: 'annotation', id: null, data: { model: 'm1' } },
    ]);
  });

  it('reads the same however the bytes are cut (UTF-8 characters split too)', async () => {
    const bytes = new TextEncoder().encode(TOOL_THEN_ANSWER);
    const whole = await reduce(TOOL_THEN_ANSWER);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 30 }),
        async (cuts) => {
          const offsets = [...new Set(cuts)].sort((a, b) => a - b);
          async function* pieces() {
            let start = 0;
            for (const offset of offsets) {
              yield bytes.subarray(start, offset);
              start = offset;
            }
            yield bytes.subarray(start);
          }
          expect(await reduceStream(pieces(), { protocols: allProtocols })).toEqual(whole.snapshot);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('takes a whole call without its streaming parts, and a fatal error part', async () => {
    const { snapshot } = await reduce(
      [
        '9:{"toolCallId":"c","toolName":"now","args":{}}',
        '3:"Rate limit reached"',
        'd:{"finishReason":"error","usage":{"promptTokens":1,"completionTokens":0}}',
        '',
      ].join('\n'),
    );
    expect(snapshot.toolCalls[0]).toMatchObject({ call_id: 'c', arguments: {}, status: 'error' });
    expect(snapshot).toMatchObject({ status: 'error', outcome: 'failed' });
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'Rate limit reached' }]);
  });

  it('is not confused with SSE or NDJSON, and reports a line that is not a part', async () => {
    const sseStream = await reduce('data: {"message":"hi","citations":[],"tool_calls":[]}\n\n');
    expect(sseStream.protocol).toBe('chat-message-response');
    const broken = await reduce('0:"a"\nzz:"b"\n0:"c"\nd:{"finishReason":"stop"}\n');
    expect(broken.snapshot.text).toBe('ac');
    expect(broken.snapshot.errors.map((error) => error.code)).toEqual(['protocol']);
  });
});
