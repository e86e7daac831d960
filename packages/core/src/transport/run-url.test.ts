import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runUrl, withQuery } from './run-url.js';

describe('runUrl', () => {
  it('appends the run id as a path segment', () => {
    expect(runUrl('/api/chat/stream', 'run_1')).toBe('/api/chat/stream/run_1');
    expect(runUrl('https://host.example/api/chat/stream', 'r')).toBe(
      'https://host.example/api/chat/stream/r',
    );
  });

  it('does not double a trailing slash', () => {
    expect(runUrl('/api/chat/stream/', 'run_1')).toBe('/api/chat/stream/run_1');
    expect(runUrl('/api/chat/stream//', 'run_1')).toBe('/api/chat/stream/run_1');
  });

  it('keeps the query string and fragment after the new segment', () => {
    expect(runUrl('/api/chat/stream?tenant=a', 'run_1')).toBe('/api/chat/stream/run_1?tenant=a');
    expect(runUrl('/api/chat/stream/?tenant=a#x', 'run_1')).toBe('/api/chat/stream/run_1?tenant=a#x');
    expect(runUrl('/api/chat/stream#frag', 'run_1')).toBe('/api/chat/stream/run_1#frag');
  });

  it('encodes ids so that any id stays one path segment', () => {
    // "." and ".." are the exception: URL parsers resolve them (encoded or not) as dot segments.
    const runIds = fc.string({ minLength: 1 }).filter((id) => id !== '.' && id !== '..');
    fc.assert(
      fc.property(runIds, (id) => {
        const url = new URL(runUrl('https://h.example/api/chat/stream?x=1', id));
        const segments = url.pathname.split('/');
        expect(segments).toHaveLength(5);
        expect(decodeURIComponent(segments[4]!)).toBe(id);
        expect(url.search).toBe('?x=1');
      }),
    );
  });
});

describe('withQuery', () => {
  it('returns the URL unchanged without parameters', () => {
    expect(withQuery('/api/chat/stream?a=1#f', {})).toBe('/api/chat/stream?a=1#f');
  });

  it('starts a query or extends the existing one, before the fragment', () => {
    expect(withQuery('/api/chat/stream', { message: 'hi' })).toBe('/api/chat/stream?message=hi');
    expect(withQuery('/api/chat/stream?tenant=a', { message: 'hi' })).toBe(
      '/api/chat/stream?tenant=a&message=hi',
    );
    expect(withQuery('/s#frag', { message: 'hi' })).toBe('/s?message=hi#frag');
  });

  it('round-trips any text through the query', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (message, other) => {
        const url = new URL(withQuery('https://h.example/s?tenant=a', { message, other }));
        expect(url.searchParams.get('message')).toBe(message);
        expect(url.searchParams.get('other')).toBe(other);
        expect(url.searchParams.get('tenant')).toBe('a');
      }),
    );
  });
});
