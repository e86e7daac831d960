import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, type TransportFailure } from '../errors.js';
import { isStreamContentType, parseRetryAfter, responseFailure } from './http-failure.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delay-seconds, decimals included, as milliseconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('0.05', now)).toBe(50);
    expect(parseRetryAfter(' 3 ', now)).toBe(3000);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('clamps negative seconds to zero', () => {
    expect(parseRetryAfter('-5', now)).toBe(0);
  });

  it('is null when absent, blank or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('   ', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('turns any non-negative seconds value into that many milliseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), (seconds) => {
        expect(parseRetryAfter(String(seconds), now)).toBe(seconds * 1000);
      }),
    );
  });
});

describe('isStreamContentType', () => {
  it('accepts SSE and NDJSON types, with parameters and any case', () => {
    expect(isStreamContentType('text/event-stream')).toBe(true);
    expect(isStreamContentType('text/event-stream; charset=utf-8')).toBe(true);
    expect(isStreamContentType('Text/Event-Stream')).toBe(true);
    expect(isStreamContentType(' text/event-stream ;charset=utf-8')).toBe(true);
    expect(isStreamContentType('application/x-ndjson')).toBe(true);
    expect(isStreamContentType('application/jsonl')).toBe(true);
    // Bedrock's ConverseStream (binary AWS event stream, read by the framing its adapter brings).
    expect(isStreamContentType('application/vnd.amazon.eventstream')).toBe(true);
  });

  it('rejects everything else', () => {
    expect(isStreamContentType(null)).toBe(false);
    expect(isStreamContentType('')).toBe(false);
    expect(isStreamContentType('application/json')).toBe(false);
    expect(isStreamContentType('text/html; charset=utf-8')).toBe(false);
    expect(isStreamContentType('text/event-streamx')).toBe(false);
  });
});

describe('responseFailure', () => {
  it('makes a 2xx that is not a stream a content-type error with status and body', async () => {
    const failure = await responseFailure(
      new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    expect(failure.detail).toMatchObject({
      code: 'content-type',
      status: 200,
      body: '<html>login</html>',
      retryable: false,
      fatal: true,
    });
    expect(failure.detail.message).toContain('text/html');
  });

  it('makes 429 rate-limited with Retry-After in milliseconds', async () => {
    const failure = await responseFailure(
      new Response('slow down', { status: 429, headers: { 'retry-after': '1.5' } }),
    );
    expect(failure.detail).toMatchObject({
      code: 'rate-limited',
      status: 429,
      retryable: true,
      retryAfterMs: 1500,
      body: 'slow down',
    });
  });

  it('leaves retryAfterMs out of a 429 without Retry-After', async () => {
    const failure = await responseFailure(new Response('', { status: 429 }));
    expect(failure.detail.code).toBe('rate-limited');
    expect('retryAfterMs' in failure.detail).toBe(false);
  });

  it('makes 408 a retryable timeout carrying its status', async () => {
    const failure = await responseFailure(new Response('', { status: 408 }));
    expect(failure.detail).toMatchObject({ code: 'timeout', status: 408, retryable: true });
  });

  it('shows the message of a JSON error body rather than the raw JSON', async () => {
    const failure = await responseFailure(
      new Response(JSON.stringify({ error: { message: 'Upstream model overloaded', type: 'overloaded' } }), {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(failure.detail.message).toBe(
      'The server answered HTTP 503 Service Unavailable: Upstream model overloaded',
    );
    expect(bodyOf(failure)).toContain('"type":"overloaded"');
  });

  it('makes other 4xx final and 5xx retryable http errors whose message shows the body', async () => {
    const notFound = await responseFailure(
      new Response('no such route', { status: 404, statusText: 'Not Found' }),
    );
    expect(notFound.detail).toMatchObject({
      code: 'http',
      status: 404,
      retryable: false,
      body: 'no such route',
    });
    expect(notFound.detail.message).toContain('404 Not Found');
    expect(notFound.detail.message).toContain('no such route');
    const unavailable = await responseFailure(new Response('overloaded', { status: 503 }));
    expect(unavailable.detail).toMatchObject({ code: 'http', status: 503, retryable: true });
  });

  it('keeps only an excerpt of a long body', async () => {
    const body = 'x'.repeat(10_000);
    const failure = await responseFailure(new Response(body, { status: 500 }));
    expect(bodyOf(failure).length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(body.startsWith(bodyOf(failure).slice(0, EXCERPT_LENGTH))).toBe(true);
  });

  it('does not wait for the end of an endless body', async () => {
    const encoder = new TextEncoder();
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('error '.repeat(100)));
      },
    });
    const failure = await responseFailure(new Response(endless, { status: 502 }));
    expect(failure.detail.code).toBe('http');
    expect(bodyOf(failure).startsWith('error error')).toBe(true);
  });
});

/** The body excerpt a failure carries (`''` for codes that have none). */
function bodyOf(failure: TransportFailure): string {
  const detail = failure.detail;
  return 'body' in detail && typeof detail.body === 'string' ? detail.body : '';
}
