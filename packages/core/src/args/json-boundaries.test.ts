import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonBoundaryScanner } from './json-boundaries.js';

function scan(...pieces: string[]): JsonBoundaryScanner {
  const scanner = new JsonBoundaryScanner();
  for (const piece of pieces) scanner.push(piece);
  return scanner;
}

describe('JsonBoundaryScanner', () => {
  it('tells a whole document from a partial one, however it is cut', () => {
    expect(scan('{"a": "}"', ', "b": [1]').complete).toBe(false);
    expect(scan('{"a": "}\\"', '", "b": [1]}').complete).toBe(true);
    expect(scan('  {}  ').complete).toBe(true);
    expect(scan('').complete).toBe(false);
  });

  it('counts documents back to back, and sees stray text', () => {
    expect(scan('{}{"a":1}').documents).toBe(2);
    expect(scan('{"a":1} x').complete).toBe(false);
    expect(scan('"a"').complete).toBe(false);
    expect(scan('}{').complete).toBe(false);
  });

  it('agrees with JSON.parse on whole object documents', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (value, cut) => {
        const text = JSON.stringify(value);
        const at = cut % (text.length + 1);
        const scanner = scan(text.slice(0, at), text.slice(at));
        expect(scanner.complete).toBe(true);
        expect(scanner.documents).toBe(1);
        expect(scan(text.slice(0, Math.min(at, text.length - 1))).complete).toBe(false);
      }),
    );
  });
});
