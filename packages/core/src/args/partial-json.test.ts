import { describe, expect, it } from 'vitest';
import { ALWAYS_FRESH, createPartialJsonParser, parsePartialJson } from './partial-json.js';

/** The value after each prefix of `text`, read one character at a time. */
function prefixValues(text: string): unknown[] {
  const parser = createPartialJsonParser();
  return [...text].map((char) => {
    parser.push(char);
    return parser.value();
  });
}

describe('partial JSON parser', () => {
  it('shows open strings, number prefixes, and only keys whose value has started', () => {
    expect(parsePartialJson('{"city": "Par').value).toEqual({ city: 'Par' });
    expect(parsePartialJson('{"n": 12').value).toEqual({ n: 12 });
    expect(parsePartialJson('{"n": -').value).toEqual({});
    expect(parsePartialJson('{"n": 1.').value).toEqual({ n: 1 });
    expect(parsePartialJson('{"n": 1.5e').value).toEqual({ n: 1.5 });
    expect(parsePartialJson('{"ci').value).toEqual({});
    expect(parsePartialJson('{"city":').value).toEqual({});
    expect(parsePartialJson('{"ok": tr').value).toEqual({});
    expect(parsePartialJson('{"a": [1, {"b": "x').value).toEqual({ a: [1, { b: 'x' }] });
    expect(parsePartialJson('').value).toBeUndefined();
    expect(parsePartialJson('  ').value).toBeUndefined();
  });

  it('decodes escapes, including ones split across pieces and surrogate pairs', () => {
    const parser = createPartialJsonParser();
    for (const piece of ['{"q": "a\\', '"b\\u00', 'e9 \\ud83d', '\\ude00\\n"}']) parser.push(piece);
    expect(parser.complete).toBe(true);
    expect(parser.value()).toEqual({ q: 'a"bé 😀\n' });
  });

  it('keeps values handed out unchanged while it reads on', () => {
    const parser = createPartialJsonParser();
    const seen: [unknown, string][] = [];
    for (const char of '{"a": {"b": [1, "xy"]}, "c": "z"}') {
      parser.push(char);
      const value = parser.value();
      seen.push([value, JSON.stringify(value)]);
    }
    for (const [value, text] of seen) expect(JSON.stringify(value)).toBe(text);
  });

  it('shares closed containers and keeps the identity of an unchanged value', () => {
    const parser = createPartialJsonParser();
    parser.push('{"done": {"x": 1}, "s": "a');
    const first = parser.value() as Record<string, unknown>;
    expect(parser.value()).toBe(first);
    parser.push('b');
    const second = parser.value() as Record<string, unknown>;
    expect(second).not.toBe(first);
    expect(second.done).toBe(first.done);
    expect(second).toEqual({ done: { x: 1 }, s: 'ab' });
  });

  it('is exact once the document is complete, even for containers too wide to copy each time', () => {
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 5 * ALWAYS_FRESH }, (_, i) => [`k${i}`, i])),
    );
    const values = prefixValues(wide);
    expect(values.at(-1)).toEqual(JSON.parse(wide));
    // Narrow containers are fresh after every character.
    const narrow = '{"a": "hello", "b": [1, 2]}';
    const narrowValues = prefixValues(narrow);
    [...narrow].forEach((_, i) => {
      expect(narrowValues[i]).toEqual(parsePartialJson(narrow.slice(0, i + 1)).value);
    });
  });

  it('reports invalid JSON with its offset and never throws', () => {
    expect(parsePartialJson('{"a": 1,}').error).toBe('expected a key at character 8');
    expect(parsePartialJson('[1 2]').error).toMatch(/expected ',' or '\]'/);
    expect(parsePartialJson('{"a": 01}').error).toMatch(/invalid number/);
    expect(parsePartialJson('{"a": tru}').error).toMatch(/invalid literal/);
    expect(parsePartialJson('{"a": "x\ny"}').error).toMatch(/control character/);
    expect(parsePartialJson('{"a": "\\x"}').error).toMatch(/invalid escape/);
    expect(parsePartialJson('{} x').error).toMatch(/after the JSON value/);
    expect(parsePartialJson('{"a": 1} {"b": 2}').error).toMatch(/after the JSON value/);
    const failed = parsePartialJson('{"a": 1, "b": ?');
    expect(failed.value).toEqual({ a: 1 });
    expect(failed.complete).toBe(false);
  });

  it('drops a leading {} followed by another document, unless told not to', () => {
    expect(parsePartialJson('{}{"city": "Seattle"}')).toEqual({
      value: { city: 'Seattle' },
      complete: true,
      error: null,
    });
    expect(parsePartialJson('{} \n {}{"a": 1}').value).toEqual({ a: 1 });
    const strict = createPartialJsonParser({ dropEmptyPrefix: false });
    strict.push('{}{"a": 1}');
    expect(strict.error).toMatch(/after the JSON value/);
    expect(strict.documentEnd).toBe(2);
  });

  it('finishes a number that ends the text', () => {
    const parser = createPartialJsonParser();
    parser.push('42');
    expect(parser.complete).toBe(false);
    parser.finish();
    expect(parser.complete).toBe(true);
    expect(parser.value()).toBe(42);
  });

  it('makes __proto__ an own key, as JSON.parse does', () => {
    const value = parsePartialJson('{"__proto__": {"x": 1}}').value as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual(JSON.parse('{"__proto__": {"x": 1}}'));
  });

  it('tracks where the document ends and how much it read', () => {
    const parser = createPartialJsonParser();
    parser.push('{"a": [1, 2]}  ');
    expect(parser.documentEnd).toBe(13);
    expect(parser.length).toBe(15);
    expect(parser.started).toBe(true);
  });
});
