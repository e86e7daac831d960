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
});
