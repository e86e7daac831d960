import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { textEvents } from '../../test/transport/sse-events.js';
import {
  type SseServer,
  type SseServerOptions,
  STREAM_PATH,
  startSseServer,
} from '../../test/transport/sse-server.js';
import { until } from '../../test/transport/wait-for.js';
import type { TransportFailure } from '../errors.js';
import { createFrameDecoder } from '../reader/frame-decoder.js';
import { backoffDelay, type ReconnectOptions } from './backoff.js';
import { type RunStreamOptions, runStream } from './run-stream.js';

const parts = ['Once ', 'upon ', 'a ', 'time, ', 'the ', 'end.'];
const events = textEvents(parts);
const reconnect: ReconnectOptions = { maxAttempts: 4, initialDelayMs: 100, maxDelayMs: 10_000 };

let server: SseServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(options: Omit<SseServerOptions, 'events'> & { events?: SseServerOptions['events'] }) {
  server = await startSseServer({ events, ...options });
  return server;
}

/**
 * Drives runStream the way the store does, but records instead of reducing: the ids and texts
 * applied (no dedupe, so a wrong Last-Event-ID shows as a repeat), statuses, and every wait asked
 * for (the injected `wait` returns at once, so backoff costs no time).
 */
function harness(
  target: SseServer,
  overrides: Partial<RunStreamOptions> = {},
  /** Ids after which the server drops the (held) connection: a drop that surely follows them. */
  dropAfter: readonly string[] = [],
) {
  const changes = new EventEmitter();
  const ids: string[] = [];
  const texts: string[] = [];
  const statuses: string[] = [];
  const runIds: string[] = [];
  const delays: number[] = [];
  let serverRetryMs: number | null = null;
  const decoder = createFrameDecoder({
    onFrame(frame) {
      if (frame.id !== undefined) ids.push(frame.id);
      texts.push((JSON.parse(frame.data) as { message: string }).message);
      if (frame.id !== undefined && dropAfter.includes(frame.id)) target.drop();
      changes.emit('change');
    },
    onRetry(ms) {
      serverRetryMs = ms;
    },
  });
  const controller = new AbortController();
  const options: RunStreamOptions = {
    endpoint: target.endpoint,
    request: {
      url: target.endpoint,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'tell me a story' }),
    },
    headers: async () => ({ authorization: 'Bearer t' }),
    fetch: globalThis.fetch,
    signal: controller.signal,
    idleTimeoutMs: 5000,
    reconnect,
    lastEventId: () => ids.at(-1) ?? null,
    serverRetryMs: () => serverRetryMs,
    onStatus: (status) => statuses.push(status),
    onRunId: (runId) => runIds.push(runId),
    onResponse: () => decoder.reset(),
    onChunk(chunk) {
      decoder.feed(chunk);
      return true;
    },
    random: () => 1,
    wait: async (ms) => {
      delays.push(ms);
    },
    ...overrides,
  };
  return {
    options,
    controller,
    ids,
    texts,
    statuses,
    runIds,
    delays,
    run: () => runStream(options),
    seen: (id: string) =>
      until(
        () => ids.includes(id),
        (listener) => {
          changes.on('change', listener);
          return () => changes.off('change', listener);
        },
        `event ${id}`,
      ),
  };
}

async function failureOf(promise: Promise<void>): Promise<TransportFailure> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toMatchObject({ name: 'TransportFailure' });
  return outcome as TransportFailure;
}

const allIds = events.map((event) => event.id);

describe('runStream: resuming a named run', () => {
  it('re-attaches with GET <endpoint>/<runId> and Last-Event-ID after a drop, never re-POSTing', async () => {
    const target = await serve({ runId: 'run-7', connections: [{ kind: 'stream', send: 2, after: 'hold' }] });
    const h = harness(target);
    const running = h.run();
    await h.seen('e2');
    target.drop();
    await running;

    expect(h.ids).toEqual(allIds);
    expect(h.texts.join('')).toBe(parts.join(''));
    expect(h.runIds).toEqual(['run-7']);
    const requests = target.streamRequests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(requests[1]!.url).toBe(`${STREAM_PATH}/run-7`);
    expect(requests[1]!.lastEventId).toBe('e2');
    expect(requests[1]!.headers.authorization).toBe('Bearer t');
    expect(requests[1]!.headers.accept).toBe('text/event-stream');
    expect(h.statuses).toEqual(['connecting', 'streaming', 'reconnecting', 'reconnecting', 'streaming']);
  });

  it("waits with exponential backoff from the initial delay, then from the server's retry:", async () => {
    const refusals = [{ kind: 'refuse' }, { kind: 'status', status: 503 }, { kind: 'refuse' }] as const;
    const target = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 1, after: 'hold' }, ...refusals],
    });
    const h = harness(target, {}, ['e1']);
    await h.run();
    expect(h.ids).toEqual(allIds);
    // One wait per failed attempt in a row (no progress in between), random() = 1: the full delay.
    expect(h.delays).toEqual([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, reconnect, null, () => 1)));
    expect(target.streamRequests().filter((r) => r.method === 'POST')).toHaveLength(1);

    await target.close();
    const retrying = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 1, after: 'hold', retryMs: 30 }, ...refusals],
    });
    const withRetry = harness(retrying, {}, ['e1']);
    await withRetry.run();
    expect(withRetry.ids).toEqual(allIds);
    expect(withRetry.delays).toEqual(
      [1, 2, 3, 4].map((attempt) => backoffDelay(attempt, reconnect, 30, () => 1)),
    );
    expect(withRetry.delays[0]).toBe(30);
  });

  it('starts the backoff afresh after a connection that made progress', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [
        { kind: 'stream', send: 1, after: 'hold' },
        { kind: 'refuse' },
        { kind: 'stream', send: 1, after: 'hold' },
      ],
    });
    const h = harness(target, {}, ['e1', 'e2']);
    await h.run();
    expect(h.ids).toEqual(allIds);
    const first = backoffDelay(1, reconnect, null, () => 1);
    expect(h.delays).toEqual([first, backoffDelay(2, reconnect, null, () => 1), first]);
  });

  it('does not count bytes without a new event as progress', async () => {
    // Each re-attach answers, sends only `retry:`, and drops: without a new event id this must
    // not restart the backoff, or such a server would keep the client reconnecting for ever.
    const empty = { kind: 'stream', send: 0, after: 'drop', retryMs: 5 } as const;
    const target = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 2, after: 'hold' }, ...Array(10).fill(empty)],
    });
    const h = harness(target, { reconnect: { ...reconnect, maxAttempts: 2 } }, ['e2']);
    const failure = await failureOf(h.run());
    expect(failure.detail.message).toContain('Gave up after 2 reconnection attempts');
    expect(target.streamRequests()).toHaveLength(3);
    expect(h.ids).toEqual(['e1', 'e2']);
  });

  it('gives up when every connection drops after some bytes but before its first event id', async () => {
    // Nothing was applied yet (no Last-Event-ID): bytes alone must not refill the budget either.
    const empty = { kind: 'stream', send: 0, after: 'drop', retryMs: 5 } as const;
    const target = await serve({ runId: 'run-1', connections: Array(12).fill(empty) });
    const h = harness(target, { reconnect: { ...reconnect, maxAttempts: 3 } });
    const failure = await failureOf(h.run());
    expect(failure.detail.message).toContain('Gave up after 3 reconnection attempts');
    expect(target.streamRequests().map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
    expect(h.ids).toEqual([]);
  });

  it('gives up after maxAttempts with a clear network error', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [{ kind: 'stream', send: 1, after: 'drop' }, ...Array(10).fill({ kind: 'refuse' })],
    });
    const h = harness(target, { reconnect: { ...reconnect, maxAttempts: 2 } });
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'network', retryable: true, fatal: true });
    expect(failure.detail.message).toContain('Gave up after 2 reconnection attempts');
    expect(target.streamRequests()).toHaveLength(3);
    expect(h.delays).toHaveLength(2);
  });

  it('fails with resume-failed when the re-attach is answered 404 (the run is gone)', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [
        { kind: 'stream', send: 2, after: 'drop' },
        { kind: 'status', status: 404, body: 'run expired' },
      ],
    });
    const h = harness(target);
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({
      code: 'resume-failed',
      status: 404,
      retryable: false,
      body: 'run expired',
    });
    expect(failure.detail.message).toContain('run-1');
    expect(target.streamRequests().map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('fails with resume-failed when re-attaching an unknown run from a token', async () => {
    const target = await serve({ runId: 'run-1' });
    const h = harness(target, { request: null, resumeRunId: 'run-unknown' });
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'resume-failed', status: 404, retryable: false });
    expect(target.streamRequests().map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${STREAM_PATH}/run-unknown`,
    ]);
  });

  it('treats a drop as an error when reconnect is false', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 2, after: 'drop' }] });
    const h = harness(target, { reconnect: false });
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'network', retryable: true });
    expect(failure.opened).toBe(true);
    expect(target.streamRequests()).toHaveLength(1);
  });

  it('stops waiting for the next attempt as soon as the signal aborts', async () => {
    const target = await serve({ runId: 'run-1', connections: [{ kind: 'stream', send: 1, after: 'drop' }] });
    let waiting!: () => void;
    const waited = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const h = harness(target, {
      wait: (_ms, signal) =>
        new Promise((_, reject) => {
          waiting();
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    });
    const running = h.run();
    await waited;
    h.controller.abort('stop');
    const failure = await failureOf(running);
    expect(failure.detail.code).toBe('aborted');
    expect(target.streamRequests()).toHaveLength(1);
  });
});

describe('runStream: unnamed runs and GET streams', () => {
  it('never re-sends a POST whose run was not named: the drop is a retryable network error', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'stream', send: 2, after: 'drop' }] });
    const h = harness(target);
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'network', retryable: true, fatal: true });
    expect(failure.detail.message).toContain('X-Run-Id');
    expect(target.streamRequests()).toHaveLength(1);
    expect(h.delays).toEqual([]);
  });

  it('reconnects a GET stream to its own URL with Last-Event-ID', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'stream', send: 3, after: 'hold' }] });
    const url = `${target.endpoint}?message=hello`;
    const h = harness(target, { request: { url, method: 'GET', headers: { accept: 'text/event-stream' } } });
    const running = h.run();
    await h.seen('e3');
    target.drop();
    await running;
    expect(h.ids).toEqual(allIds);
    const requests = target.streamRequests();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${STREAM_PATH}?message=hello`,
      `GET ${STREAM_PATH}?message=hello`,
    ]);
    expect(requests[0]!.lastEventId).toBeNull();
    expect(requests[1]!.lastEventId).toBe('e3');
  });

  it('retries a re-attach answered 5xx, as a transient failure', async () => {
    const target = await serve({
      runId: 'run-1',
      connections: [
        { kind: 'stream', send: 2, after: 'drop' },
        { kind: 'status', status: 502 },
      ],
    });
    const h = harness(target);
    await h.run();
    expect(h.ids).toEqual(allIds);
    expect(target.streamRequests().map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
  });
});

describe('runStream: refused before starting (429, 408)', () => {
  it('sends the same POST again after Retry-After', async () => {
    const target = await serve({
      runId: null,
      connections: [{ kind: 'status', status: 429, headers: { 'retry-after': '2' }, body: 'slow down' }],
    });
    const h = harness(target);
    await h.run();
    expect(h.ids).toEqual(allIds);
    expect(h.delays).toEqual([2000]);
    const requests = target.streamRequests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(h.statuses).toEqual(['connecting', 'reconnecting', 'reconnecting', 'streaming']);
  });

  it('backs off after 408 without Retry-After', async () => {
    const target = await serve({ runId: null, connections: [{ kind: 'status', status: 408 }] });
    const h = harness(target);
    await h.run();
    expect(h.delays).toEqual([backoffDelay(1, reconnect, null, () => 1)]);
    expect(target.streamRequests().map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('gives up after maxRateLimitRetries with the rate-limited error', async () => {
    const refused = { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as const;
    const target = await serve({ runId: null, connections: Array(5).fill(refused) });
    const h = harness(target, { maxRateLimitRetries: 2 });
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({
      code: 'rate-limited',
      status: 429,
      retryAfterMs: 1000,
      retryable: true,
    });
    expect(target.streamRequests()).toHaveLength(3);
  });

  it('keeps the reconnection budget apart: a re-attach refused after drops without progress still resumes', async () => {
    // Two drops that brought no new id, then three 429s on the re-attach: the refusals have their
    // own budget (3), and the reconnections theirs (4 here), so the run completes.
    const refused = { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as const;
    const target = await serve({
      runId: 'run_budget',
      connections: [
        { kind: 'stream', send: 2, after: 'drop' },
        { kind: 'stream', send: 0, after: 'drop' },
        refused,
        refused,
        refused,
      ],
    });
    const h = harness(target);
    await h.run();
    expect(h.ids).toEqual(allIds);
    const requests = target.streamRequests();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET', 'GET', 'GET']);
    expect(requests.slice(1).every((r) => r.lastEventId === allIds[1])).toBe(true);
  });

  it('still gives up on a re-attach refused more times in a row than maxRateLimitRetries', async () => {
    const refused = { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as const;
    const target = await serve({
      runId: 'run_refused',
      connections: [{ kind: 'stream', send: 2, after: 'drop' }, refused, refused, refused, refused],
    });
    const h = harness(target);
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'rate-limited', status: 429 });
    expect(target.streamRequests()).toHaveLength(5);
  });

  it('does not retry other 4xx', async () => {
    const target = await serve({
      runId: null,
      connections: [{ kind: 'status', status: 403, body: 'forbidden' }],
    });
    const h = harness(target);
    const failure = await failureOf(h.run());
    expect(failure.detail).toMatchObject({ code: 'http', status: 403, retryable: false, body: 'forbidden' });
    expect(target.streamRequests()).toHaveLength(1);
    expect(h.delays).toEqual([]);
  });
});
