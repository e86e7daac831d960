import { createToolStreamStore, reduceStream } from '@toolstream/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunLogEntry } from '../runs/run-registry.js';
import { scenarioToSse, servedSteps } from '../runs/sse-encode.js';
import { builtinScenarios } from '../scenario/library.js';
import { ManualClock } from '../test-utils/manual-clock.js';
import { decodeSse, expectedFrames, plainFrame, readBody, readFrames } from '../test-utils/sse.js';
import { createHandlers, type MockHandlersOptions } from './handlers.js';

const BASE = 'http://localhost/api/chat/stream';
const library = builtinScenarios();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function use(options: MockHandlersOptions = {}) {
  const log: RunLogEntry[] = [];
  const handlers = createHandlers({ logger: (entry) => log.push(entry), ...options });
  server.resetHandlers(...handlers);
  return { log, backend: handlers.backend };
}

const post = (body: unknown, init: RequestInit = {}, url = BASE) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...init,
  });

describe('createHandlers (MSW, node)', () => {
  it('streams the scenario named in the body, with the run convention headers', async () => {
    use({ speed: Number.POSITIVE_INFINITY });
    const response = await post({ message: 'hi', scenario: 'single-call' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-run-id')).toMatch(/^run_/);
    const { text, error } = await readBody(response.body);
    expect(error).toBeNull();
    expect(decodeSse(text).map(plainFrame)).toEqual(expectedFrames(library.get('single-call')!));
  });

  it('picks the scenario from the query, a keyword in the message, or the default', async () => {
    use({ speed: Number.POSITIVE_INFINITY, defaultScenario: 'typed-events' });
    const scenarioOf = async (response: Response) => {
      const { text } = await readBody(response.body);
      return text;
    };
    expect(await scenarioOf(await post({ message: 'x' }, {}, `${BASE}?scenario=guard-rejection`))).toBe(
      scenarioToSse(library.get('guard-rejection')!),
    );
    expect(await scenarioOf(await post({ message: 'Search Confluence for onboarding' }))).toBe(
      scenarioToSse(library.get('nested-delegation')!),
    );
    expect(await scenarioOf(await post({ message: 'hello' }))).toBe(
      scenarioToSse(library.get('typed-events')!),
    );
  });

  it('answers 404 with the available names for an unknown scenario, 400 for a bad body', async () => {
    use();
    const unknown = await post({ message: 'x', scenario: 'nope' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { available: string[] } }).error.available).toContain(
      'subagent-delegation',
    );
    const bad = await fetch(BASE, { method: 'POST', body: '[1,2]' });
    expect(bad.status).toBe(400);
  });

  it('waits speed-scaled delays between frames', async () => {
    const clock = new ManualClock();
    use({ clock, speed: 5 });
    const response = await post({ message: 'x', scenario: 'react-streamed' });
    const reading = readBody(response.body);
    clock.runAll();
    const { text } = await reading;
    const steps = servedSteps(library.get('react-streamed')!);
    expect(decodeSse(text)).toHaveLength(steps.length);
    // One wait per frame, each the scenario's delay divided by 5 (zero delays share a tick).
    const expected = steps.map((step) => step.delay / 5).filter((wait, i) => i === 0 || wait > 0);
    expect(clock.requested.slice(0, expected.length)).toEqual(expected);
  });

  it('adds the extra latency before the response starts', async () => {
    const clock = new ManualClock();
    use({ clock, latencyMs: 250 });
    const pending = post({ message: 'x', scenario: 'single-call' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.requested).toEqual([250]);
    clock.advance(250);
    const response = await pending;
    expect(response.status).toBe(200);
    clock.runAll();
    expect((await readBody(response.body)).error).toBeNull();
  });

  it('an abort with resume off cancels the run: timers stop, nothing more is written', async () => {
    const clock = new ManualClock();
    const { log } = use({ clock, resume: false });
    const controller = new AbortController();
    const response = await post(
      { message: 'x', scenario: 'subagent-delegation' },
      { signal: controller.signal },
    );
    expect(response.headers.get('x-run-id')).toBeNull();
    const reading = readFrames(response.body!, 2);
    clock.step();
    clock.step();
    const { reader } = await reading;
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'client-closed', frames: 2 });
    expect(clock.pending).toBe(0);
  });

  it('an abort with resume on detaches: the run goes on, then is dropped after the grace period', async () => {
    const clock = new ManualClock();
    const { log, backend } = use({ clock, graceMs: 500 });
    const controller = new AbortController();
    const response = await post({ message: 'x', scenario: 'long-run' }, { signal: controller.signal });
    const runId = response.headers.get('x-run-id')!;
    const reading = readFrames(response.body!, 1);
    clock.step();
    await reading;
    controller.abort();
    expect(log.at(-1)).toMatchObject({ type: 'detach', runId });
    clock.step();
    clock.step();
    expect(log.at(-1)?.type).toBe('detach');
    expect(backend.registry.get(runId)?.producedCount).toBe(3);
    clock.advance(500);
    expect(log.at(-1)).toMatchObject({ type: 'drop', runId });
    expect(backend.registry.get(runId)).toBeUndefined();
  });

  it('re-attaches with GET <base>/<runId> and Last-Event-ID: missed frames, then live ones, no duplicates', async () => {
    const clock = new ManualClock();
    use({ clock });
    const scenario = library.get('subagent-delegation')!;
    const controller = new AbortController();
    const response = await post(
      { message: 'x', scenario: scenario.header.name },
      { signal: controller.signal },
    );
    const runId = response.headers.get('x-run-id')!;
    const reading = readFrames(response.body!, 3);
    for (let i = 0; i < 3; i++) clock.step();
    const { frames: before } = await reading;
    controller.abort();
    for (let i = 0; i < 5; i++) clock.step(); // produced while detached
    const again = await fetch(`${BASE}/${runId}`, { headers: { 'last-event-id': before.at(-1)!.id! } });
    expect(again.headers.get('x-run-id')).toBe(runId);
    const rest = readBody(again.body);
    clock.runAll();
    const after = decodeSse((await rest).text);
    expect([...before, ...after].map(plainFrame)).toEqual(expectedFrames(scenario));
  });

  it('a scripted disconnect errors the body; the re-attach gets the rest', async () => {
    use({ speed: Number.POSITIVE_INFINITY });
    const scenario = library.get('mid-stream-disconnect')!;
    const response = await post({ message: 'x', scenario: scenario.header.name });
    const first = await readBody(response.body);
    expect(first.error).toBeInstanceOf(TypeError);
    const before = decodeSse(first.text);
    const again = await fetch(`${BASE}/${response.headers.get('x-run-id')}`, {
      headers: { 'last-event-id': before.at(-1)!.id! },
    });
    const after = decodeSse((await readBody(again.body)).text);
    expect([...before, ...after].map(plainFrame)).toEqual(expectedFrames(scenario));
  });

  it('DELETE cancels a run (204), then it is unknown (404)', async () => {
    const { log } = use({ speed: 1 });
    const response = await post({ message: 'x', scenario: 'long-run' });
    const runId = response.headers.get('x-run-id')!;
    expect((await fetch(`${BASE}/${runId}`, { method: 'DELETE' })).status).toBe(204);
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'delete', runId });
    expect((await readBody(response.body)).error).toBeNull();
    expect((await fetch(`${BASE}/${runId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${BASE}/${runId}`)).status).toBe(404);
  });

  it('a direct GET (EventSource style) resumes after Last-Event-ID', async () => {
    use({ speed: Number.POSITIVE_INFINITY });
    const response = await fetch(`${BASE}?scenario=single-call`, { headers: { 'last-event-id': '4' } });
    expect(response.headers.get('x-run-id')).toBeNull();
    const frames = decodeSse((await readBody(response.body)).text);
    expect(frames.map(plainFrame)).toEqual(expectedFrames(library.get('single-call')!).slice(4));
  });

  it('applies fault switches (drop-after, status with Retry-After)', async () => {
    use({ speed: Number.POSITIVE_INFINITY });
    const dropped = await post({ message: 'x', scenario: 'single-call' }, {}, `${BASE}?fault=drop-after:3`);
    const { text, error } = await readBody(dropped.body);
    expect(decodeSse(text)).toHaveLength(3);
    expect(error).toBeInstanceOf(TypeError);
    const limited = await post(
      { message: 'x' },
      { headers: { 'x-mock-fault': 'status:429', 'x-mock-retry-after': '2' } },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
  });

  it('fault-times limits a fault to the first requests, per createHandlers', async () => {
    use({ speed: Number.POSITIVE_INFINITY });
    const headers = { 'x-mock-fault': 'status:500', 'x-mock-fault-times': '1' };
    expect((await post({ message: 'x', scenario: 'single-call' }, { headers })).status).toBe(500);
    const second = await post({ message: 'x', scenario: 'single-call' }, { headers });
    expect(second.status).toBe(200);
    await readBody(second.body);
    // New handlers, new backend: the count starts again.
    use({ speed: Number.POSITIVE_INFINITY });
    expect((await post({ message: 'x', scenario: 'single-call' }, { headers })).status).toBe(500);
  });

  it('serves another base path on the given origin', async () => {
    use({ speed: Number.POSITIVE_INFINITY, basePath: '/v2/agent/', origin: 'https://api.example.com' });
    const response = await post(
      { message: 'x', scenario: 'single-call' },
      {},
      'https://api.example.com/v2/agent',
    );
    expect(response.status).toBe(200);
    const runId = response.headers.get('x-run-id')!;
    await readBody(response.body);
    expect((await fetch(`https://api.example.com/v2/agent/${runId}`)).status).toBe(200);
  });

  it('serves the core store: the reduced text equals the scenario text, also across a scripted drop', async () => {
    use({ speed: Number.POSITIVE_INFINITY, retryMs: 5 });
    for (const name of ['nested-delegation', 'mid-stream-disconnect']) {
      const store = createToolStreamStore({ endpoint: BASE, schedule: 'sync' });
      await store.send({ message: 'go', body: { scenario: name } });
      const expected = await reduceStream(scenarioToSse(library.get(name)!));
      const state = store.getState();
      expect(state.status, name).toBe('done');
      const message = state.messages.at(-1)!;
      const text =
        message.role === 'assistant'
          ? message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
          : '';
      expect(text, name).toBe(expected.text);
    }
  });
});
