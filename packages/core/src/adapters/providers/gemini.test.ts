import { describe, expect, it } from 'vitest';
import { callListOf } from '../../../test/harness.js';
import { completeCalls, reduce, sse, statesOf } from '../../../test/providers/streams.js';

const response = (parts: unknown[], finishReason?: string) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
  modelVersion: 'gemini-3-pro-preview',
});
const fc = (functionCall: Record<string, unknown>) => ({ functionCall });
/** A `partialArgs` piece; `more` is the piece's own willContinue (more text for this path). */
const partial = (jsonPath: string, value: Record<string, unknown>, willContinue = true, more = false) =>
  fc({ partialArgs: [{ jsonPath, ...value, ...(more ? { willContinue: true } : {}) }], willContinue });

describe('Gemini and Vertex AI', () => {
  it('makes up distinct ids for same-name calls and keeps an id the wire gives', async () => {
    const stream = sse(
      response([
        fc({ name: 'get_weather', args: { city: 'Paris' } }),
        fc({ name: 'get_weather', args: { city: 'Paris' } }),
        fc({ name: 'get_time', args: {}, id: 'fc_given' }),
      ]),
      response([{ text: '' }], 'STOP'),
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('gemini');
    const calls = completeCalls(snapshot);
    expect(calls.map((c) => c.name)).toEqual(['get_weather', 'get_weather', 'get_time']);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
    expect(calls[2]!.id).toBe('fc_given');
  });

  it('a functionCall with a name and nothing else is a whole zero-argument call', async () => {
    const stream = sse(response([fc({ name: 'read_theme' })], 'STOP'));
    expect(completeCalls((await reduce(stream)).snapshot)).toMatchObject([
      { name: 'read_theme', arguments: {} },
    ]);
  });

  it('keeps thought text as reasoning', async () => {
    const stream = sse(response([{ text: 'Plan.', thought: true }, { text: 'Done.' }], 'STOP'));
    const { snapshot } = await reduce(stream);
    expect(snapshot.reasoning).toBe('Plan.');
    expect(snapshot.text).toBe('Done.');
  });

  it('builds streamed partialArgs at array paths and shows them while they stream', () => {
    const states = statesOf(
      sse(
        response([fc({ name: 'edit', willContinue: true })]),
        response([partial('$.operations[0].action', { stringValue: 'repl' }, true, true)]),
        response([partial('$.operations[0].action', { stringValue: 'ace' }, true, true)]),
        response([partial('$.operations[0].action', { stringValue: '' })]),
        response([partial("$['file name']", { stringValue: 'a.ts' }, true)]),
        // No terminal empty functionCall: the piece without willContinue ends the call.
        response([partial('$.operations[1].line', { numberValue: 4 }, false)]),
        response([{ text: '' }], 'STOP'),
      ),
    );
    const args = states.map((s) => callListOf(s)[0]?.args);
    expect(args).toContainEqual({ operations: [{ action: 'repl' }] });
    const final = callListOf(states.at(-1)!)[0]!;
    expect(final.args).toEqual({ operations: [{ action: 'replace' }, { line: 4 }], 'file name': 'a.ts' });
    expect(final.call.complete).toBe(true);
    expect(JSON.parse(final.argsText!)).toEqual(final.args);
  });

  it('closes a streamed call at the next call, or at finishReason', async () => {
    const stream = sse(
      response([fc({ name: 'a', willContinue: true })]),
      response([partial('$.x', { boolValue: true })]),
      response([fc({ name: 'b', willContinue: true })]),
      response([partial('$.y', { nullValue: null })], 'STOP'),
    );
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot).map((c) => [c.name, c.arguments])).toEqual([
      ['a', { x: true }],
      ['b', { y: null }],
    ]);
  });

  it('a streamed call cut off by the end of the stream stays incomplete', async () => {
    const stream = sse(
      response([fc({ name: 'a', willContinue: true })]),
      response([partial('$.x', { stringValue: 'par' })]),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([{ tool_name: 'a', is_complete: false, arguments: null }]);
  });

  it('an error object or a blocked prompt is fatal', async () => {
    const error = await reduce(
      sse(response([{ text: 'Hi' }]), {
        error: { code: 429, message: 'Quota', status: 'RESOURCE_EXHAUSTED' },
      }),
    );
    expect(error.snapshot.status).toBe('error');
    expect(error.snapshot.errors).toEqual([{ code: 'server', message: 'Quota (RESOURCE_EXHAUSTED)' }]);
    const blocked = await reduce(sse({ promptFeedback: { blockReason: 'SAFETY' } }));
    expect(blocked.protocol).toBe('gemini');
    expect(blocked.snapshot.errors[0]!.message).toContain('SAFETY');
  });

  it('reads the JSON-array framing of streamGenerateContent without alt=sse, one element a frame', async () => {
    const stream = sse([response([{ text: 'a' }]), response([{ text: 'b' }], 'STOP')]);
    expect((await reduce(stream)).snapshot.text).toBe('ab');
  });

  describe('end, usage, grounding and code execution', () => {
    it('ends done only after a finish reason (there is no end event), with its usage', async () => {
      const finished = await reduce(
        sse({
          ...response([{ text: 'Hi.' }], 'MAX_TOKENS'),
          usageMetadata: {
            promptTokenCount: 4,
            candidatesTokenCount: 2,
            thoughtsTokenCount: 6,
            totalTokenCount: 12,
          },
        }),
      );
      expect(finished.snapshot).toMatchObject({
        outcome: 'truncated',
        finishReason: 'length',
        usage: { inputTokens: 4, outputTokens: 8, reasoningTokens: 6, totalTokens: 12 },
      });
      const cut = await reduce(sse(response([{ text: 'Hi.' }])));
      expect(cut.snapshot.outcome).toBe('interrupted');
      expect(cut.snapshot.finishReason).toBeNull();
    });

    it('cites grounding sources at the answer span their supports give in UTF-8 bytes', async () => {
      const answer = 'Café 🍰 opens at 9.';
      const bytes = (text: string) => new TextEncoder().encode(text).length;
      const grounding = {
        groundingChunks: [
          { web: { uri: 'https://a.example', title: 'a.example' } },
          { retrievedContext: { uri: 'gs://b/doc.txt', title: 'doc', text: 'Opening hours: 9 am.' } },
          { web: { uri: 'https://c.example', title: 'c.example' } },
        ],
        groundingSupports: [
          {
            // 'opens at 9.' after a 4-byte emoji and a 2-byte é.
            segment: { startIndex: bytes('Café 🍰 '), endIndex: bytes(answer), text: 'opens at 9.' },
            groundingChunkIndices: [1, 0],
          },
          // Offsets that do not fit the text (counted per part): the segment text is looked up.
          { segment: { startIndex: 0, endIndex: 3, text: 'Café' }, groundingChunkIndices: [2] },
        ],
      };
      const stream = sse(response([{ text: 'Café 🍰 ' }]), {
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'opens at 9.' }] },
            finishReason: 'STOP',
            groundingMetadata: grounding,
          },
        ],
      });
      const { snapshot } = await reduce(stream);
      const opens = { start: answer.indexOf('opens'), end: answer.length };
      expect(snapshot.citations).toEqual([
        { source: 'https://a.example', title: 'a.example', span: opens },
        { source: 'gs://b/doc.txt', title: 'doc', quote: 'Opening hours: 9 am.', span: opens },
        { source: 'https://c.example', title: 'c.example', span: { start: 0, end: 4 } },
      ]);
    });

    it('shows code execution as a provider call, failed when its outcome is not OK', async () => {
      const stream = sse(
        response([{ executableCode: { language: 'PYTHON', code: 'print(1/0)' } }]),
        response([{ codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'ZeroDivisionError' } }]),
        response([{ text: 'That fails.' }], 'STOP'),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.toolCalls).toMatchObject([
        {
          tool_name: 'code_execution',
          kind: 'provider',
          status: 'error',
          arguments: { code: 'print(1/0)', language: 'PYTHON' },
          // The output of a failed run (its traceback) is kept beside the failure.
          output: 'ZeroDivisionError',
        },
      ]);
      expect(snapshot.finishReason).toBe('stop');
    });

    it('accepts data: [DONE] and keeps the status of an error object in parentheses', async () => {
      const done = await reduce(sse(response([{ text: 'Hi.' }], 'STOP'), '[DONE]'));
      expect(done.snapshot.errors).toEqual([]);
      const failed = await reduce(
        sse({ error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } }),
      );
      expect(failed.snapshot.errors).toEqual([
        { code: 'server', message: 'Resource has been exhausted (RESOURCE_EXHAUSTED)' },
      ]);
    });
  });
});
