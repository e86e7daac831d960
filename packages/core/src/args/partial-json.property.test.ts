import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPartialJsonParser, parsePartialJson } from './partial-json.js';

/** JSON documents, compact or indented. */
const documents = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'))
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/** Cut points in a text. */
const cuts = (text: string) =>
  fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 30 });

function pieces(text: string, at: number[]): string[] {
  const sorted = [...at].filter((i) => i < text.length).sort((a, b) => a - b);
  const out: string[] = [];
  let start = 0;
  for (const i of sorted) {
    out.push(text.slice(start, i));
    start = i;
  }
  out.push(text.slice(start));
  return out;
}

describe('partial JSON parser (properties)', () => {
  it('reads every prefix of a valid document without an error, and the whole to what JSON.parse gives', () => {
    fc.assert(
      fc.property(documents, (text) => {
        for (let i = 0; i < text.length; i++) {
          const prefix = parsePartialJson(text.slice(0, i));
          expect(prefix.error).toBeNull();
        }
        const whole = createPartialJsonParser();
        whole.push(text);
        whole.finish();
        expect(whole.error).toBeNull();
        expect(whole.complete).toBe(true);
        expect(whole.value()).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same final value however the text is cut, and never changes a value it handed out', () => {
    fc.assert(
      fc.property(
        documents.chain((text) => fc.tuple(fc.constant(text), cuts(text))),
        ([text, at]) => {
          const parser = createPartialJsonParser();
          const handedOut: [unknown, string | undefined][] = [];
          for (const piece of pieces(text, at)) {
            parser.push(piece);
            const value = parser.value();
            handedOut.push([value, JSON.stringify(value)]);
          }
          parser.finish();
          expect(parser.error).toBeNull();
          expect(parser.value()).toEqual(JSON.parse(text));
          for (const [value, json] of handedOut) expect(JSON.stringify(value)).toBe(json);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts exactly what JSON.parse accepts (without the {} repair)', () => {
    const jsonish = fc.stringMatching(/^[{}[\]",:0-9a-z.\-+eE \\ntrufalsn]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(jsonish, documents), (text) => {
        let expected: { ok: true; value: unknown } | { ok: false };
        try {
          expected = { ok: true, value: JSON.parse(text) };
        } catch {
          expected = { ok: false };
        }
        const parser = createPartialJsonParser({ dropEmptyPrefix: false });
        parser.push(text);
        parser.finish();
        const ok = parser.error === null && parser.complete;
        expect(ok).toBe(expected.ok);
        if (expected.ok) expect(parser.value()).toEqual(expected.value);
      }),
      { numRuns: 1000 },
    );
  });
});
