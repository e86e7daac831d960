import { describe, expect, it } from 'vitest';
import { TransportFailure } from '../errors.js';
import { type OpenStreamOptions, openStream, type StreamRequest } from './open-stream.js';

const request: StreamRequest = { url: 'http://stream.test/s', method: 'POST', headers: {}, body: '{}' };
const encoder = new TextEncoder();

/** A stream response whose body the test feeds; like many fetch stand-ins, it ignores the signal. */
function controlledResponse(init: ResponseInit = { headers: { 'content-type': 'text/event-stream' } }) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(body, init),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    wasCancelled: () => cancelled,
  };
}

function options(
  overrides: Partial<OpenStreamOptions> & Pick<OpenStreamOptions, 'fetch'>,
): OpenStreamOptions {
  return {
    signal: new AbortController().signal,
    idleTimeoutMs: 5000,
    onOpen: () => {},
    onChunk: () => true,
    ...overrides,
  };
}

async function failureOf(promise: Promise<void>): Promise<TransportFailure> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(TransportFailure);
  return outcome as TransportFailure;
}

describe('openStream', () => {
  it('delivers every chunk and resolves at the end of the body', async () => {
    const stream = controlledResponse();
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    let opened = 0;
    const done = openStream(
      request,
      options({
        fetch: async () => stream.response,
        onOpen: () => opened++,
        onChunk: (chunk) => {
          chunks.push(decoder.decode(chunk));
          return true;
        },
      }),
    );
    stream.push('data: a\n\n');
    stream.push('data: b\n\n');
    stream.close();
    await done;
    expect(opened).toBe(1);
    expect(chunks.join('')).toBe('data: a\n\ndata: b\n\n');
  });

  it('sends method, headers, body and no-store caching', async () => {
    let seen: RequestInit | undefined;
    const stream = controlledResponse();
    stream.close();
    await openStream(
      { url: 'http://stream.test/s', method: 'POST', headers: { 'x-a': '1' }, body: '{"message":"hi"}' },
      options({
        fetch: async (_url, init) => {
          seen = init;
          return stream.response;
        },
      }),
    );
    expect(seen).toMatchObject({
      method: 'POST',
      headers: { 'x-a': '1' },
      body: '{"message":"hi"}',
      cache: 'no-store',
    });
  });

  it('stops reading and cancels the body when onChunk returns false', async () => {
    const stream = controlledResponse();
    let calls = 0;
    const done = openStream(
      request,
      options({
        fetch: async () => stream.response,
        onChunk: () => {
          calls++;
          return false;
        },
      }),
    );
    stream.push('event: done\ndata:\n\n');
    await done;
    expect(calls).toBe(1);
    expect(stream.wasCancelled()).toBe(true);
  });

  it('rejects as aborted, opened, when the signal aborts mid-stream, even if the body ignores the signal', async () => {
    const stream = controlledResponse();
    const controller = new AbortController();
    const done = openStream(
      request,
      options({
        fetch: async () => stream.response,
        signal: controller.signal,
        onChunk: () => {
          controller.abort('stop');
          return true;
        },
      }),
    );
    stream.push('data: a\n\n');
    const failure = await failureOf(done);
    expect(failure.detail.code).toBe('aborted');
    expect(failure.opened).toBe(true);
    expect(stream.wasCancelled()).toBe(true);
  });

  it('rejects as aborted, not opened, when aborted before the response', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    const failure = await failureOf(
      openStream(
        request,
        options({ fetch: () => new Promise<Response>(() => {}), signal: controller.signal }),
      ),
    );
    expect(failure.detail.code).toBe('aborted');
    expect(failure.opened).toBe(false);
  });

  it('times out after idleTimeoutMs of silence mid-stream, as a resumable drop', async () => {
    const stream = controlledResponse();
    const done = openStream(request, options({ fetch: async () => stream.response, idleTimeoutMs: 50 }));
    stream.push('data: a\n\n');
    const failure = await failureOf(done);
    expect(failure.detail).toMatchObject({ code: 'timeout', retryable: true, fatal: true });
    expect('status' in failure.detail).toBe(false);
    expect(failure.opened).toBe(true);
    expect(stream.wasCancelled()).toBe(true);
  });

  it('times out when the server never answers', async () => {
    const failure = await failureOf(
      openStream(request, options({ fetch: () => new Promise<Response>(() => {}), idleTimeoutMs: 50 })),
    );
    expect(failure.detail.code).toBe('timeout');
    expect(failure.opened).toBe(false);
  });

  it('counts keep-alive comments as activity', async () => {
    const stream = controlledResponse();
    const idleTimeoutMs = 400;
    let chunks = 0;
    const done = openStream(
      request,
      options({
        fetch: async () => stream.response,
        idleTimeoutMs,
        onChunk: () => {
          chunks++;
          return true;
        },
      }),
    );
    // Comments every tenth of the timeout, for longer than the timeout in all.
    const comments = 12;
    for (let i = 0; i < comments; i++) {
      stream.push(': keep-alive\n\n');
      await new Promise((resolve) => setTimeout(resolve, idleTimeoutMs / 10));
    }
    stream.close();
    await done;
    expect(chunks).toBe(comments);
  });

  it('reports a network failure before the response as not opened', async () => {
    const failure = await failureOf(
      openStream(
        request,
        options({
          fetch: async () => {
            throw new TypeError('fetch failed');
          },
        }),
      ),
    );
    expect(failure.detail).toMatchObject({ code: 'network', retryable: true });
    expect(failure.detail.message).toContain('fetch failed');
    expect(failure.opened).toBe(false);
  });

  it('reports a body that errors mid-stream as an opened network drop', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const done = openStream(
      request,
      options({
        fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
        onChunk: () => {
          controller.error(new TypeError('terminated'));
          return true;
        },
      }),
    );
    controller.enqueue(encoder.encode('data: a\n\n'));
    const failure = await failureOf(done);
    expect(failure.detail.code).toBe('network');
    expect(failure.detail.message).toContain('dropped');
    expect(failure.opened).toBe(true);
  });

  it('turns a non-stream response into a failure with status and body, without opening', async () => {
    let opened = false;
    const failure = await failureOf(
      openStream(
        request,
        options({
          fetch: async () =>
            new Response('{"error":"nope"}', {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          onOpen: () => {
            opened = true;
          },
        }),
      ),
    );
    expect(failure.detail).toMatchObject({ code: 'content-type', status: 200, body: '{"error":"nope"}' });
    expect(failure.opened).toBe(false);
    expect(opened).toBe(false);
  });
});
