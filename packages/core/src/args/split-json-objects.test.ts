import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitJsonObjects } from './split-json-objects.js';

describe('splitJsonObjects', () => {
  it('splits two or more objects back to back', () => {
    expect(splitJsonObjects('{"a":1}{"b":"}{"} \n{"c":[{}]}')).toEqual([
      '{"a":1}',
      '{"b":"}{"}',
      '{"c":[{}]}',
    ]);
  });

  it('drops leading empty objects and needs two real ones', () => {
    expect(splitJsonObjects('{}{"a":1}')).toBeNull();
    expect(splitJsonObjects('{}{"a":1}{"b":2}')).toEqual(['{"a":1}', '{"b":2}']);
    expect(splitJsonObjects('{"a":1}{}')).toEqual(['{"a":1}', '{}']);
  });

  it('is null for anything that is not objects back to back', () => {
    for (const text of ['{"a":1}', '{"a":1}{"b":', '{"a":1} x', '[1][2]', '{"a":1},{"b":2}', '']) {
      expect(splitJsonObjects(text)).toBeNull();
    }
  });

  it('gives back the objects it was made of', () => {
    const object = fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue(), { minKeys: 1 });
    fc.assert(
      fc.property(fc.array(object, { minLength: 2, maxLength: 5 }), (objects) => {
        const texts = objects.map((o) => JSON.stringify(o));
        const parts = splitJsonObjects(texts.join(''));
        // Compared as JSON texts: a generated -0 is written as 0, which is not what this tests.
        expect(parts?.map((part) => JSON.stringify(JSON.parse(part)))).toEqual(texts);
      }),
    );
  });
});
