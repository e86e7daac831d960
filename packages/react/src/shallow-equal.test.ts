import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/vanilla/shallow';
import { shallowEqual } from './shallow-equal.js';

const item = fc.oneof(
  fc.constantFrom<unknown>(0, -0, Number.NaN, 1, '', 'a', null, undefined, true, false),
  fc.constant({}),
  fc.constant([]),
);

describe('shallowEqual', () => {
  it('agrees with zustand’s shallow on flat objects and arrays (built to collide often)', () => {
    const shared = [{ k: 1 }, [1], 'x'];
    const value = fc.oneof(item, fc.constantFrom(...shared));
    const flat = fc.oneof(
      fc.array(value, { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), value, { maxKeys: 4 }),
      value,
    );
    fc.assert(
      fc.property(flat, flat, (a, b) => {
        expect(shallowEqual(a, b)).toBe(shallow(a, b));
        // The same object against a copy of itself.
        if (typeof a === 'object' && a !== null) {
          const copy = Array.isArray(a) ? [...a] : Object.assign(Object.create(Object.getPrototypeOf(a)), a);
          expect(shallowEqual(a, copy)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('tells arrays from objects with the same keys, and counts keys on both sides', () => {
    expect(shallowEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(shallowEqual({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(shallowEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(shallowEqual({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
    expect(shallowEqual({ a: 0 }, { a: -0 })).toBe(false);
  });

  it('compares Maps and Sets by their entries', () => {
    expect(shallowEqual(new Map([['a', 1]]), new Map([['a', 1]]))).toBe(true);
    expect(shallowEqual(new Map([['a', 1]]), new Map([['a', 2]]))).toBe(false);
    expect(shallowEqual(new Set([1, 2]), new Set([1, 2]))).toBe(true);
    expect(shallowEqual(new Set([1]), [1])).toBe(false);
  });
});
