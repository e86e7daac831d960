import { describe, expect, it } from 'vitest';
import { appendArguments, finishCallArguments } from './call-arguments.js';

describe('argument parsers kept for the reducer', () => {
  it('continues the parser of the call object that holds the text', () => {
    const first = {};
    const a = appendArguments(first, null, '{"city": "Pa', first);
    expect(a).toEqual({ text: '{"city": "Pa', value: { city: 'Pa' } });
    const second = {};
    const b = appendArguments(first, a.text, 'ris"}', second);
    expect(b).toEqual({ text: '{"city": "Paris"}', value: { city: 'Paris' } });
    expect(finishCallArguments(second, b.text)).toEqual({ ok: true, value: { city: 'Paris' } });
  });

  it('re-reads the text when the parser has moved on (an older state, a branch)', () => {
    const base = {};
    const start = appendArguments(base, null, '{"x": "a', base);
    const left = {};
    const right = {};
    expect(appendArguments(base, start.text, 'b"}', left).value).toEqual({ x: 'ab' });
    // `base` still holds '{"x": "a': a second branch from it must not see "b".
    expect(appendArguments(base, start.text, 'c"}', right).value).toEqual({ x: 'ac' });
    expect(finishCallArguments(left, '{"x": "ab"}')).toEqual({ ok: true, value: { x: 'ab' } });
  });

  it('works from text alone (a state restored from JSON)', () => {
    const restored = {};
    expect(appendArguments(restored, '{"a": [1, 2', ', 3]}', restored).value).toEqual({ a: [1, 2, 3] });
    expect(finishCallArguments({}, '{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('shows {} while only whitespace or nothing has arrived, keeping its identity', () => {
    const call = {};
    const empty = appendArguments(call, null, '', call);
    const spaced = appendArguments(call, empty.text, '  ', call);
    expect(empty.value).toEqual({});
    expect(spaced.value).toBe(empty.value);
  });
});
