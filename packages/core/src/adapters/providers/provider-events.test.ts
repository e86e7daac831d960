import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import { wireErrorMessage } from '../common-events.js';
import {
  citation,
  createThinkSplitter,
  finish,
  isCutOff,
  resultText,
  streamControl,
  sumTokens,
} from './provider-events.js';

/** What a list of events says: the answer text and the reasoning, joined. */
function textsOf(events: readonly StreamEvent[]) {
  let text = '';
  let reasoning = '';
  for (const event of events) {
    if (event.type === 'text-delta') text += event.delta;
    if (event.type === 'reasoning-delta') reasoning += event.delta;
  }
  return { text, reasoning };
}

/** Runs pieces through a think splitter, then flushes it. */
function split(pieces: readonly string[]) {
  const events: StreamEvent[] = [];
  const emit = (event: StreamEvent) => events.push(event);
  const splitter = createThinkSplitter();
  for (const piece of pieces) splitter.push(emit, piece);
  splitter.flush(emit);
  return textsOf(events);
}

/** `value` cut at the given offsets. */
function cutAt(value: string, offsets: readonly number[]): string[] {
  const points = [...new Set(offsets.map((o) => o % (value.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(value.slice(start, point));
    start = point;
  }
  pieces.push(value.slice(start));
  return pieces;
}

describe('think splitter (<think>…</think> in the answer text)', () => {
  it('reads a leading block as reasoning and drops the whitespace before the answer', () => {
    expect(split(['<think>\nPlan it.\n</think>\n\nThe answer.'])).toEqual({
      reasoning: '\nPlan it.\n',
      text: 'The answer.',
    });
  });

  it('finds tags split across pieces', () => {
    expect(split(['  <th', 'ink>a', 'b</thi', 'nk>', '\n', 'c'])).toEqual({ reasoning: 'ab', text: 'c' });
  });

  it('leaves text that does not start with the tag alone, including a later tag', () => {
    expect(split(['Use <think> tags', ' like <think>x</think>.'])).toEqual({
      reasoning: '',
      text: 'Use <think> tags like <think>x</think>.',
    });
    expect(split(['<thin', 'g>'])).toEqual({ reasoning: '', text: '<thing>' });
  });

  it('keeps an unclosed block as reasoning and a lone tag start as text at the end', () => {
    expect(split(['<think>still thinking</th'])).toEqual({ reasoning: 'still thinking</th', text: '' });
    expect(split(['<thi'])).toEqual({ reasoning: '', text: '<thi' });
  });

  it('gives the same text and reasoning however the content is cut into pieces', () => {
    const content = fc.oneof(
      fc.tuple(fc.string(), fc.string(), fc.string()).map(([a, b, c]) => `${a}<think>${b}</think>${c}`),
      fc.tuple(fc.string(), fc.string()).map(([a, b]) => `<think>${a}</think>\n\n${b}`),
      fc.string(),
    );
    fc.assert(
      fc.property(content, fc.array(fc.nat(), { maxLength: 12 }), (value, offsets) => {
        expect(split(cutAt(value, offsets))).toEqual(split([value]));
      }),
      { numRuns: 500 },
    );
  });

  it('loses nothing: the text and reasoning are the content without the tags and the whitespace after them', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (inside, after) => {
        const { text, reasoning } = split([`<think>${inside}</think>${after}`]);
        if (inside.includes('</think>')) return;
        expect(reasoning).toBe(inside);
        expect(text).toBe(after.trimStart());
      }),
    );
  });
});

describe('finish reasons', () => {
  const reasonOf = (raw: unknown, hasCalls = false) => {
    const events: StreamEvent[] = [];
    finish((event) => events.push(event), raw, hasCalls);
    return events;
  };

  it("maps each provider's word, keeping it as raw", () => {
    expect(reasonOf('MAX_TOKENS')).toEqual([{ type: 'finish', reason: 'length', raw: 'MAX_TOKENS' }]);
    expect(reasonOf('max_output_tokens')[0]).toMatchObject({ reason: 'length' });
    expect(reasonOf('guardrail_intervened')[0]).toMatchObject({ reason: 'content-filter' });
    expect(reasonOf('content_filtered')[0]).toMatchObject({ reason: 'content-filter' });
    expect(reasonOf('SAFETY')[0]).toMatchObject({ reason: 'content-filter' });
    expect(reasonOf('pause_turn')[0]).toMatchObject({ reason: 'pause' });
    expect(reasonOf('refusal')[0]).toMatchObject({ reason: 'refusal' });
    expect(reasonOf('COMPLETE')[0]).toMatchObject({ reason: 'stop' });
    expect(reasonOf('MALFORMED_FUNCTION_CALL')[0]).toMatchObject({ reason: 'other' });
    expect(reasonOf(null)).toEqual([]);
    expect(reasonOf('')).toEqual([]);
  });

  it('reads a plain stop as tool-calls when the model called tools (Gemini STOP, Ollama stop)', () => {
    expect(reasonOf('STOP', true)[0]).toMatchObject({ reason: 'tool-calls', raw: 'STOP' });
    expect(reasonOf('max_tokens', true)[0]).toMatchObject({ reason: 'length' });
  });

  it('knows which reasons cut the model off', () => {
    expect(isCutOff('length')).toBe(true);
    expect(isCutOff('content_filter')).toBe(true);
    expect(isCutOff('stop')).toBe(false);
    expect(isCutOff(null)).toBe(false);
    expect(isCutOff('toString')).toBe(false);
  });
});

describe('wire helpers', () => {
  it('keeps the provider type or code of an error in parentheses, never the word "error"', () => {
    expect(wireErrorMessage({ message: 'Overloaded', type: 'overloaded_error' })).toBe(
      'Overloaded (overloaded_error)',
    );
    expect(wireErrorMessage({ type: 'error', code: 'insufficient_quota', message: 'Quota' })).toBe(
      'Quota (insufficient_quota)',
    );
    expect(wireErrorMessage({ code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Slow' })).toBe(
      'Slow (RESOURCE_EXHAUSTED)',
    );
    expect(wireErrorMessage({ type: 'error', message: 'Plain' })).toBe('Plain');
  });

  it('reads [DONE], event: done and event: error as control frames', () => {
    const control = (frame: SseFrame) => {
      const events: StreamEvent[] = [];
      return { kind: streamControl(frame, (event) => events.push(event)), events };
    };
    expect(control({ data: '[DONE]' })).toEqual({ kind: 'done', events: [{ type: 'done' }] });
    expect(control({ event: 'done', data: '' }).kind).toBe('done');
    const error = control({
      event: 'error',
      data: '{"error":{"message":"Bad request","type":"invalid_request_error"}}',
    });
    expect(error.kind).toBe('error');
    expect(error.events[0]).toMatchObject({
      type: 'server-error',
      error: { message: 'Bad request (invalid_request_error)' },
    });
    expect(control({ event: 'error', data: 'upstream timeout' }).events[0]).toMatchObject({
      error: { message: 'upstream timeout' },
    });
    expect(control({ data: '{"a":1}' }).kind).toBeNull();
  });

  it('writes a provider result as text, joined text blocks, or JSON without opaque blobs', () => {
    expect(resultText('done')).toBe('done');
    expect(resultText(null)).toBe('');
    expect(
      resultText([
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('ab');
    expect(resultText([{ type: 'web_search_result', url: 'u', encrypted_content: 'xx' }])).toBe(
      '[{"type":"web_search_result","url":"u"}]',
    );
  });

  it('builds a citation only from a source, with the fields the wire gave', () => {
    expect(citation('https://a.example', 'A', 'quoted', 1, 4)).toEqual({
      source: 'https://a.example',
      title: 'A',
      quote: 'quoted',
      span: { start: 1, end: 4 },
    });
    expect(citation('doc', null, '', 5, 2)).toEqual({ source: 'doc' });
    expect(citation('', 'A')).toBeNull();
    expect(citation(42)).toBeNull();
  });

  it('sums the token counts that are numbers', () => {
    expect(sumTokens(10, null, 5)).toBe(15);
    expect(sumTokens(undefined, 'x')).toBeUndefined();
  });
});
