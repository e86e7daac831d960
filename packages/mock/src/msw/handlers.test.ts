import { createToolStreamStore, reduceStream } from '@toolstream/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunLogEntry } from '../backend/mock-backend.js';
import { scenarioToSse, servedSteps } from '../backend/sse-encode.js';
import { builtinScenarios } from '../scenario/library.js';
import { ManualClock, settle } from '../test-utils/manual-clock.js';
import {
  decodeSse,
  expectedFrames,
  plainFrame,
  readBody,
  readFrames,
  waitForLog,
} from '../test-utils/sse.js';
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
    expect(response.headers.get('cache-control')).toMatch(/^no-cache/);
    expect(response.headers.get('x-run-id')).toMatch(/^run_/);
    const { text, error } = await readBody(response.body);
    expect(error).toBeNull();
    expect(decodeSse(text).map(plainFrame)).toEqual(expectedFrames(library.get('single-call')!));
  });

  it('picks the scenario from the query, a keyword in the message, or the default', async () => {
    use({ speed: Number.POSITIVE_INFINITY, defaultScenario: 'typed-events' });
    const framesOf = async (response: Response) =>
      decodeSse((await readBody(response.body)).text).map(plainFrame);
    const served = (name: string) => expectedFrames(library.get(name)!);
    expect(await framesOf(await post({ message: 'x' }, {}, `${BASE}?scenario=guard-rejection`))).toEqual(
      served('guard-rejection'),
    );
    expect(await framesOf(await post({ message: 'Search Confluence for onboarding' }))).toEqual(
      served('nested-delegation'),
    );
    expect(await framesOf(await post({ message: 'hello' }))).toEqual(served('typed-events'));
  });

  it('answers 400 naming the available scenarios for an unknown one, and for a bad body', async () => {
    use();
    const unknown = await post({ message: 'x', scenario: 'nope' });
    expect(unknown.status).toBe(400);
    const { error } = (await unknown.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Unknown scenario "nope"\. Available: .*subagent-delegation/);
    const bad = await fetch(BASE, { method: 'POST', body: '[1,2]' });
    expect(bad.status).toBe(400);
  });

  it('waits speed-scaled delays between frames', async () => {
    const clock = new ManualClock();
    use({ clock, speed: 5 });
    const response = await post({ message: 'x', scenario: 'react-streamed' });
    const reading = readBody(response.body);
    await clock.drain();
    const { text } = await reading;
    const scenario = library.get('react-streamed')!;
    expect(decodeSse(text).map(plainFrame)).toEqual(expectedFrames(scenario));
    // A first tick (the replay never starts in the request's own task), then one wait per frame,
    // each the scenario's delay divided by 5 (zero delays share a tick).
    const steps = servedSteps(scenario);
    const expected = steps.map((step) => step.delay / 5).filter((wait, i) => i === 0 || wait > 0);
    expect(clock.requested.slice(0, expected.length + 1)).toEqual([0, ...expected]);
  });

  it('adds the extra latency before the response starts', async () => {
    const clock = new ManualClock();
    use({ clock, latencyMs: 250 });
    const pending = post({ message: 'x', scenario: 'single-call' });
    await settle();
    expect(clock.requested).toEqual([250]);
    clock.advance(250);
    const response = await pending;
    expect(response.status).toBe(200);
    const reading = readBody(response.body);
    await clock.drain();
    expect((await reading).error).toBeNull();
  });

  it('an abort with resume off cancels the run: its replay stops, nothing more is written', async () => {
    const clock = new ManualClock();
    const { log } = use({ clock, resume: false });
    const controller = new AbortController();
    const response = await post(
      { message: 'x', scenario: 'subagent-delegation' },
      { signal: controller.signal },
    );
    expect(response.headers.get('x-run-id')).toBeNull();
    const reading = readFrames(response.body!, 2);
    for (let i = 0; i < 3; i++) await clock.tick();
    const { reader } = await reading;
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await settle();
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'client-closed' });
    expect(clock.pending).toBe(0);
    expect(log.some((entry) => entry.type === 'finish')).toBe(false);
  });

  it('an abort with resume on leaves the run going: it finishes, is kept for graceMs, then is unknown', async () => {
    const { log } = use({ speed: 50, graceMs: 300 });
    const scenario = library.get('single-call')!;
    const controller = new AbortController();
    const response = await post(
      { message: 'x', scenario: scenario.header.name },
      { signal: controller.signal },
    );
    const runId = response.headers.get('x-run-id')!;
    await readFrames(response.body!, 1);
    controller.abort();
    await waitForLog(log, (entry) => entry.type === 'finish' && entry.runId === runId);
    const replay = await fetch(`${BASE}/${runId}`);
    expect(decodeSse((await readBody(replay.body)).text).map(plainFrame)).toEqual(expectedFrames(scenario));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(`${BASE}/${runId}`)).status).toBe(404);
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
    for (let i = 0; i < 4; i++) await clock.tick();
    const { frames: before } = await reading;
    controller.abort();
    for (let i = 0; i < 5; i++) await clock.tick(); // produced while nobody reads
    const again = await fetch(`${BASE}/${runId}`, { headers: { 'last-event-id': before.at(-1)!.id! } });
    expect(again.headers.get('x-run-id')).toBe(runId);
    const rest = readBody(again.body);
    await clock.drain();
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

  it('DELETE cancels a run (204): its readers get the cancel as an error, and it is kept for re-attaches', async () => {
    const { log } = use({ speed: 1 });
    const response = await post({ message: 'x', scenario: 'long-run' });
    const runId = response.headers.get('x-run-id')!;
    expect((await fetch(`${BASE}/${runId}`, { method: 'DELETE' })).status).toBe(204);
    expect(log.at(-1)).toMatchObject({ type: 'cancel', reason: 'delete', runId });
    const { text, error } = await readBody(response.body);
    expect(error).toBeNull();
    expect(decodeSse(text).at(-1)).toMatchObject({ event: 'error' });
    const replay = decodeSse((await readBody((await fetch(`${BASE}/${runId}`)).body)).text);
    expect(replay.at(-1)?.data).toContain('run-cancelled');
    expect((await fetch(`${BASE}/run_unknown`, { method: 'DELETE' })).status).toBe(404);
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
