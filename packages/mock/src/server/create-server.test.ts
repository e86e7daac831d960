import { afterEach, describe, expect, it } from 'vitest';
import type { RunLogEntry } from '../backend/mock-backend.js';
import { builtinScenarios } from '../scenario/library.js';
import {
  decodeSse,
  expectedFrames,
  plainFrame,
  readBody,
  readFrames,
  waitForLog,
} from '../test-utils/sse.js';
import { createMockServer, type MockServer, type MockServerOptions } from './create-server.js';

const library = builtinScenarios();
let server: MockServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(options: MockServerOptions = {}) {
  const log: RunLogEntry[] = [];
  server = await createMockServer({
    speed: Number.POSITIVE_INFINITY,
    logger: (entry) => log.push(entry),
    ...options,
  });
  return { server, log };
}

const post = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(init.headers ?? {}) },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });

describe('createMockServer over loopback', () => {
  it('binds to 127.0.0.1 and streams a scenario with the run convention and CORS headers', async () => {
    const { server } = await start();
    expect(server.host).toBe('127.0.0.1');
    expect(server.endpoint).toBe(`http://127.0.0.1:${server.port}/api/chat/stream`);
    const response = await post(
      server.endpoint,
      { message: 'x', scenario: 'subagent-delegation' },
      {
        headers: { origin: 'http://localhost:5173' },
      },
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toMatch(/^no-cache/);
    expect(response.headers.get('x-run-id')).toMatch(/^run_/);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Run-Id, Retry-After');
    const frames = decodeSse((await readBody(response.body)).text);
    expect(frames.map(plainFrame)).toEqual(expectedFrames(library.get('subagent-delegation')!));
  });

  it('answers a CORS preflight, allowing Last-Event-ID and the methods of the run convention', async () => {
    const { server } = await start();
    const response = await fetch(`${server.endpoint}/run_1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6006',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'last-event-id, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6006');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    const allowed = response.headers.get('access-control-allow-headers')!.split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['last-event-id', 'content-type']));
  });

  it('re-attaches over the network: Last-Event-ID gives the rest once, without restarting the run', async () => {
    const { server, log } = await start({ speed: 4 });
    const scenario = library.get('single-call')!;
    const controller = new AbortController();
    const response = await post(
      server.endpoint,
      { message: 'x', scenario: 'single-call' },
      { signal: controller.signal },
    );
    const runId = response.headers.get('x-run-id')!;
    const { frames: before } = await readFrames(response.body!, 3);
    controller.abort();
    const again = await fetch(`${server.endpoint}/${runId}`, {
      headers: { 'last-event-id': before.at(-1)!.id! },
    });
    expect(again.status).toBe(200);
    const after = decodeSse((await readBody(again.body)).text);
    expect([...before, ...after].map(plainFrame)).toEqual(expectedFrames(scenario));
    expect(log.filter((entry) => entry.type === 'start')).toHaveLength(1);
  });

  it('a scripted disconnect breaks the connection; the run can be re-attached', async () => {
    const { server } = await start();
    const scenario = library.get('mid-stream-disconnect')!;
    const response = await post(server.endpoint, { message: 'x', scenario: scenario.header.name });
    const first = await readBody(response.body);
    expect(first.error).not.toBeNull();
    const before = decodeSse(first.text);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(expectedFrames(scenario).length);
    const again = await fetch(`${server.endpoint}/${response.headers.get('x-run-id')}`, {
      headers: { 'last-event-id': before.at(-1)!.id! },
    });
    const after = decodeSse((await readBody(again.body)).text);
    expect([...before, ...after].map(plainFrame)).toEqual(expectedFrames(scenario));
  });

  it('a closed connection leaves the run going; once finished it is kept for graceMs, then unknown', async () => {
    const { server, log } = await start({ speed: 50, graceMs: 300 });
    const controller = new AbortController();
    const response = await post(
      server.endpoint,
      { message: 'x', scenario: 'single-call' },
      { signal: controller.signal },
    );
    const runId = response.headers.get('x-run-id')!;
    await readFrames(response.body!, 1);
    controller.abort();
    await waitForLog(log, (entry) => entry.type === 'finish' && entry.runId === runId);
    expect(log.map((entry) => entry.type)).toEqual(['start', 'finish']);
    expect((await fetch(`${server.endpoint}/${runId}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(`${server.endpoint}/${runId}`)).status).toBe(404);
  });

  it('with resume off: no X-Run-Id, and a closed connection cancels the run at once', async () => {
    const { server, log } = await start({ speed: 1, resume: false });
    const controller = new AbortController();
    const response = await post(
      server.endpoint,
      { message: 'x', scenario: 'long-run' },
      { signal: controller.signal },
    );
    expect(response.headers.get('x-run-id')).toBeNull();
    await readFrames(response.body!, 2);
    controller.abort();
    const cancelled = await waitForLog(log, (entry) => entry.type === 'cancel');
    expect(cancelled.reason).toBe('client-closed');
    expect(log.some((entry) => entry.type === 'finish')).toBe(false);
  });

  it('DELETE cancels a run (204, logged) and answers 404 for an unknown one', async () => {
    const { server, log } = await start({ speed: 1 });
    const response = await post(server.endpoint, { message: 'x', scenario: 'long-run' });
    const runId = response.headers.get('x-run-id')!;
    const deleted = await fetch(`${server.endpoint}/${runId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'delete', runId });
    const { text, error } = await readBody(response.body);
    expect(error).toBeNull();
    expect(decodeSse(text).at(-1)).toMatchObject({ event: 'error' });
    expect((await fetch(`${server.endpoint}/run_unknown`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 for other paths and 405 for other methods', async () => {
    const { server } = await start();
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    const put = await fetch(server.endpoint, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, OPTIONS');
  });

  describe('fault switches', () => {
    it('drop-after:N drops the connection after N frames', async () => {
      const { server } = await start();
      const response = await post(`${server.endpoint}?fault=drop-after:4`, {
        message: 'x',
        scenario: 'single-call',
      });
      const { text, error } = await readBody(response.body);
      expect(decodeSse(text)).toHaveLength(4);
      expect(error).not.toBeNull();
    });

    it('stall: the response opens and no frame is ever written', async () => {
      const { server, log } = await start({ speed: 20 });
      const response = await post(`${server.endpoint}?fault=stall`, {
        message: 'x',
        scenario: 'single-call',
      });
      expect(response.status).toBe(200);
      const finished = waitForLog(log, (entry) => entry.type === 'finish').then(
        () => 'run finished' as const,
      );
      const body = response.body!;
      const frame = readFrames(body, 1).then(({ frames }) =>
        frames.length > 0 ? ('a frame arrived' as const) : ('the body ended' as const),
      );
      expect(await Promise.race([frame, finished])).toBe('run finished');
      body.cancel().catch(() => {});
    });

    it('stall-after:N writes N frames and then nothing (header form)', async () => {
      const { server, log } = await start({ speed: 20 });
      const response = await post(
        server.endpoint,
        { message: 'x', scenario: 'single-call' },
        {
          headers: { 'x-mock-fault': 'stall-after:2' },
        },
      );
      const { frames, reader } = await readFrames(response.body!, 2);
      expect(frames).toHaveLength(2);
      const finished = waitForLog(log, (entry) => entry.type === 'finish').then(
        () => 'run finished' as const,
      );
      expect(await Promise.race([reader.read().then(() => 'bytes arrived' as const), finished])).toBe(
        'run finished',
      );
      reader.cancel().catch(() => {});
    });

    it('status:500 answers 500 with a JSON error and starts no run', async () => {
      const { server, log } = await start();
      const response = await post(`${server.endpoint}?fault=status:500`, { message: 'x' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: { message: 'Mock fault: HTTP 500.', code: 'mock_fault' },
      });
      expect(log).toEqual([]);
    });

    it('status:429 with retry-after answers 429 and Retry-After', async () => {
      const { server } = await start();
      const response = await post(
        `${server.endpoint}?fault=status:429&retry-after=1`,
        { message: 'x' },
        { headers: { origin: 'http://localhost:5173' } },
      );
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      // Retry-After is not CORS-safelisted: a browser on another origin reads it only when exposed.
      expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
    });

    it('content-type answers 200 with an HTML page instead of a stream', async () => {
      const { server } = await start();
      const html = await post(`${server.endpoint}?fault=content-type`, { message: 'x' });
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await html.text()).toContain('<title>Sign in</title>');
      const json = await post(`${server.endpoint}?fault=content-type:application/json`, { message: 'x' });
      expect(json.headers.get('content-type')).toBe('application/json');
    });

    it('fault-times=N: the fault hits only the first N requests with those switches', async () => {
      const { server, log } = await start();
      const url = `${server.endpoint}?fault=status:500&fault-times=2`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await post(url, { message: 'x', scenario: 'single-call' });
        statuses.push(response.status);
        await readBody(response.body);
      }
      expect(statuses).toEqual([500, 500, 200, 200]);
      expect(log.filter((entry) => entry.type === 'start')).toHaveLength(2);
      // Other switches have their own count, and the header form works too.
      const other = await post(
        server.endpoint,
        { message: 'x' },
        { headers: { 'x-mock-fault': 'status:503', 'x-mock-fault-times': '1' } },
      );
      expect(other.status).toBe(503);
    });

    it('fault-times=1 with drop-after: the POST drops, the re-attach (same query) does not', async () => {
      const { server, log } = await start();
      const scenario = library.get('single-call')!;
      const query = '?fault=drop-after:3&fault-times=1';
      const response = await post(`${server.endpoint}${query}`, { message: 'x', scenario: 'single-call' });
      const first = await readBody(response.body);
      expect(first.error).not.toBeNull();
      const before = decodeSse(first.text);
      expect(before).toHaveLength(3);
      const again = await fetch(`${server.endpoint}/${response.headers.get('x-run-id')}${query}`, {
        headers: { 'last-event-id': before.at(-1)!.id! },
      });
      const rest = await readBody(again.body);
      expect(rest.error).toBeNull();
      expect([...before, ...decodeSse(rest.text)].map(plainFrame)).toEqual(expectedFrames(scenario));
      expect(log.filter((entry) => entry.type === 'start')).toHaveLength(1);
    });

    it('a fault-times that is not a count is a 400', async () => {
      const { server } = await start();
      const response = await post(`${server.endpoint}?fault=status:500&fault-times=twice`, { message: 'x' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /fault-times "twice" needs a request count/,
      );
    });

    it('allows the X-Mock-Fault-Times header cross-origin (default preflight answer)', async () => {
      const { server } = await start();
      const response = await fetch(server.endpoint, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-method': 'POST' },
      });
      expect(response.headers.get('access-control-allow-headers')).toContain('x-mock-fault-times');
    });

    it('an unknown fault is a 400 that lists the known ones', async () => {
      const { server } = await start();
      const response = await post(`${server.endpoint}?fault=explode`, { message: 'x' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /Fault "explode" is not a fault switch\. Known faults: drop-after:N/,
      );
    });
  });
});
