import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePoint } from '../test-utils/run-store-model.js';
import { utf8Length } from './utf8-length.js';

describe('utf8Length', () => {
  it('is the length of the UTF-8 encoding, lone surrogates (written as U+FFFD) included', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: codeUnit }), fc.string({ unit: codePoint })), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 1000 },
    );
    expect(utf8Length('\ud800')).toBe(3);
    expect(utf8Length('\ud83e\uddea')).toBe(4);
    expect(utf8Length('\udc00\ud800')).toBe(6);
  });
});
