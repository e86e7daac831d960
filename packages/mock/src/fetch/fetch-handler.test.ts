import { createToolStreamStore, reduceStream } from '@toolstream/core';
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenario/library.js';
import { decodeSse, expectedFrames, plainFrame, readBody } from '../test-utils/sse.js';
import { createFetchHandler } from './fetch-handler.js';

const BASE = 'http://localhost/api/chat/stream';
const library = builtinScenarios();

const post = (body: unknown, init: RequestInit = {}) =>
  new Request(BASE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });

describe('createFetchHandler (Request in, Response out: no msw, no server)', () => {
  it('streams the named scenario with the run convention headers', async () => {
    const handle = createFetchHandler({ speed: Number.POSITIVE_INFINITY });
    const response = await handle(post({ message: 'hi', scenario: 'single-call' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-run-id')).toMatch(/^run_/);
    const { text, error } = await readBody(response.body);
    expect(error).toBeNull();
    expect(decodeSse(text).map(plainFrame)).toEqual(expectedFrames(library.get('single-call')!));
  });

  it('answers what the core reduces to the scenario’s calls', async () => {
    const handle = createFetchHandler({ speed: Number.POSITIVE_INFINITY });
    const response = await handle(post({ message: 'x', scenario: 'parallel-calls' }));
    const snapshot = await reduceStream(response.body!);
    expect(snapshot.toolCalls.length).toBe(3);
    expect(snapshot.errors).toEqual([]);
  });

  it('serves a store as its fetch: send, then cancel a run with DELETE <base>/<runId>', async () => {
    const handle = createFetchHandler({ speed: 1 });
    const requests: string[] = [];
    const store = createToolStreamStore({
      endpoint: BASE,
      schedule: 'sync',
      fetch: (input, init) => {
        const request = new Request(input, init);
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return handle(request);
      },
    });
    const sent = store.send({ message: 'slow one', body: { scenario: 'timeout' } });
    await expect.poll(() => store.getState().status).toBe('streaming');
    store.stop();
    await sent;
    expect(store.getState().status).toBe('aborted');
    await expect
      .poll(() => requests.some((line) => /^DELETE \/api\/chat\/stream\/run_/.test(line)))
      .toBe(true);
    const runId = requests.at(-1)!.split('/').pop()!;
    await expect.poll(async () => (await handle.backend.server.store.get(runId))?.status).toBe('cancelled');
  });

  it('answers 404 with JSON for a path outside its base, 400 for an unknown scenario', async () => {
    const handle = createFetchHandler();
    const outside = await handle(new Request('http://localhost/elsewhere', { method: 'POST' }));
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ error: expect.any(Object) });
    const unknown = await handle(post({ message: 'x', scenario: 'no-such-scenario' }));
    expect(unknown.status).toBe(400);
  });
});
