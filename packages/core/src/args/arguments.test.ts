import { describe, expect, it } from 'vitest';
import { parseArguments } from './arguments.js';

describe('parseArguments', () => {
  it('reads "", whitespace and "null" as {} (zero-argument tools)', () => {
    for (const text of ['', '  \n', 'null', ' null '])
      expect(parseArguments(text)).toEqual({ ok: true, value: {} });
  });

  it('drops a leading {} that the real arguments follow (Bedrock gateways)', () => {
    expect(parseArguments('{}{"city": "Seattle"}')).toEqual({ ok: true, value: { city: 'Seattle' } });
    expect(parseArguments('{}')).toEqual({ ok: true, value: {} });
  });

  it('reads pretty-printed objects as they are', () => {
    expect(parseArguments('{\n    "location": "Toronto"\n}')).toEqual({
      ok: true,
      value: { location: 'Toronto' },
    });
  });

  it('reports what is not one JSON object, without repairing it', () => {
    expect(parseArguments('{"query": "latest ')).toEqual({ ok: false, error: 'the JSON text ends early' });
    expect(parseArguments('[1, 2]')).toEqual({
      ok: false,
      error: 'the arguments are an array, not an object',
    });
    expect(parseArguments('"text"')).toEqual({ ok: false, error: 'the arguments are string, not an object' });
    expect(parseArguments('7')).toEqual({ ok: false, error: 'the arguments are number, not an object' });
    const invalid = parseArguments('{"a": 1}{"b": 2}');
    expect(invalid.ok).toBe(false);
    expect(invalid.ok ? '' : invalid.error).toMatch(/^invalid JSON: unexpected text after the JSON value/);
  });
});
