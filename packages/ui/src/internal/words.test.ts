import type { ToolStreamError } from '@toolstream/core';
import { describe, expect, it } from 'vitest';
import { segmentCalls } from '../call-list/segments.js';
import { isLong } from './bounded.js';
import { shapeOf } from './code-block.js';
import { describeError } from './describe-error.js';
import { callElapsed } from './format.js';
import { humanize } from './humanize.js';

describe('humanize', () => {
  it('turns machine names into words, keeping capitals that mean something', () => {
    expect(humanize('search_confluence')).toBe('Search confluence');
    expect(humanize('getWeather')).toBe('Get weather');
    expect(humanize('researcher-2')).toBe('Researcher 2');
    expect(humanize('fetch_URL')).toBe('Fetch URL');
    expect(humanize('  ')).toBe('');
  });
});

describe('describeError', () => {
  const base = { message: 'x', retryable: true, fatal: true };
  it('says what failed in words, with the HTTP status and the wait asked for', () => {
    const cases: Array<[ToolStreamError, string]> = [
      [{ ...base, code: 'http', status: 500, body: '' }, 'The server returned an error (HTTP 500).'],
      [
        { ...base, code: 'http', status: 401, body: '' },
        'The server refused the request (HTTP 401). You may need to sign in again.',
      ],
      [
        { ...base, code: 'rate-limited', status: 429, body: '', retryAfterMs: 2500 },
        'Too many requests right now. The server asked to wait 3 s.',
      ],
      [{ ...base, code: 'timeout' }, 'The server stopped responding.'],
      [{ ...base, code: 'network' }, 'The connection to the server was lost.'],
      [
        { ...base, code: 'content-type', status: 200, body: '<!doctype html>' },
        'The server answered with a web page instead of a chat stream. Are you signed in?',
      ],
      [
        { ...base, code: 'server', message: 'Model overloaded.' },
        'The agent stopped with an error: Model overloaded.',
      ],
    ];
    for (const [error, words] of cases) expect(describeError(error)).toBe(words);
  });
});

describe('shapeOf', () => {
  it('tells JSON (once complete), code-like text and prose apart', () => {
    expect(shapeOf('{"a":1}', true)).toEqual({ kind: 'json', pretty: '{\n  "a": 1\n}' });
    expect(shapeOf('{"a":', false)).toEqual({ kind: 'code' });
    expect(shapeOf('[1, 2', true)).toEqual({ kind: 'code' });
    expect(shapeOf('Found 3 pages', true)).toEqual({ kind: 'text' });
  });
});

describe('isLong', () => {
  it('counts lines, wrapped ones too, to decide from the text alone', () => {
    expect(isLong('short')).toBe(false);
    expect(isLong(Array.from({ length: 18 }, (_, i) => `line ${i}`).join('\n'))).toBe(false);
    expect(isLong(Array.from({ length: 19 }, (_, i) => `line ${i}`).join('\n'))).toBe(true);
    expect(isLong('x'.repeat(90 * 18))).toBe(false);
    expect(isLong('x'.repeat(90 * 18 + 1))).toBe(true);
  });
});

describe('callElapsed', () => {
  it('is exact to a tenth once done, whole seconds while open, nothing for a call that never ran', () => {
    expect(callElapsed(1000, 3450, false, 99_999).text).toBe('2.5 s');
    expect(callElapsed(1000, null, true, 4999).text).toBe('3 s');
    expect(callElapsed(1000, null, false, 4999).text).toBe('');
  });
});

describe('segmentCalls', () => {
  it('folds two or more groupable calls in a row, and nothing else', () => {
    expect(segmentCalls(['a', 'b', 'c', 'd', 'e'], [true, true, false, true, false])).toEqual([
      { type: 'group', ids: ['a', 'b'] },
      { type: 'call', id: 'c', index: 2 },
      { type: 'call', id: 'd', index: 3 },
      { type: 'call', id: 'e', index: 4 },
    ]);
    expect(segmentCalls(['a', 'b', 'c'], [true, true, true])).toEqual([
      { type: 'group', ids: ['a', 'b', 'c'] },
    ]);
  });
});
