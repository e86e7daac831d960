import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, excerpt } from '../errors.js';
import { frameText, jsonStart } from './frame-json.js';

/** A value nested `depth` deep: `[[[…]]]`, or `{"a":{"a":…0}}`. */
function nested(shape: 'array' | 'object', depth: number): { value: unknown; text: string } {
  const text =
    shape === 'array'
      ? '['.repeat(depth) + ']'.repeat(depth)
      : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
  return { value: JSON.parse(text), text };
}

describe('jsonStart', () => {
  it('starts as JSON.stringify writes any JSON value, to at least the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 400 }), (value, limit) => {
        const whole = JSON.stringify(value);
        const start = jsonStart(value, limit);
        expect(whole.startsWith(start)).toBe(true);
        expect(start.length).toBeGreaterThanOrEqual(Math.min(limit, whole.length));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a surrogate pair that a cut of a long string would split', () => {
    const text = `${'x'.repeat(9)}🚀${'y'.repeat(50)}`;
    expect(JSON.stringify(text).startsWith(jsonStart(text, 10))).toBe(true);
  });

  it.each(['array', 'object'] as const)('writes the start of an %s nested 100,000 deep', (shape) => {
    const { value, text } = nested(shape, 100_000);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const start = jsonStart(value, 500);
    expect(start.length).toBeGreaterThanOrEqual(500);
    expect(text.startsWith(start)).toBe(true);
  });

  it('stops at the limit in a cyclic value', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonStart(cycle, 40)).toMatch(/^(\{"self":)+/);
  });
});

describe('frameText', () => {
  it('is the data of a frame read from text', () => {
    expect(frameText({ data: '{"a":1}', json: { a: 1 } })).toBe('{"a":1}');
  });

  it('is the start of the JSON of a parsed payload: all an error excerpt shows, whatever its size or depth', () => {
    const { value, text } = nested('array', 50_000);
    const payload = { message: 1, deep: value, long: 'x'.repeat(4_000_000) };
    const shown = excerpt(frameText({ data: '', json: payload }));
    expect(shown).toBe(`${`{"message":1,"deep":${text}`.slice(0, EXCERPT_LENGTH)}…`);
    expect(excerpt(frameText({ data: '', json: { a: [1, 'two', null] } }))).toBe('{"a":[1,"two",null]}');
  });
});
