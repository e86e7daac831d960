import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpTransport, createToolStreamStore, latestAnswer } from '@toolstream/core';
import express from 'express';
import { Hono } from 'hono';
import { type NodeHttp1Handler, serve } from 'srvx';
import { toNodeHandler } from 'srvx/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunHandler, type RunHandler } from '../src/index.js';
import { deferred, sleep } from './sse.js';

/**
 * The handler mounted as README shows it — Hono, Node through srvx, Express through srvx —
 * each served on loopback and driven by the real client: a whole turn, a re-attach after a
 * detach, and a stop that cancels the run on the server.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An agent whose second sentence waits until the test lets it go, and that notes its cancel. */
function agent() {
  const gate = deferred();
  const cancelled = deferred<unknown>();
  const handler = createRunHandler({
    async start({ writer, body, signal }) {
      signal.addEventListener('abort', () => cancelled.resolve(signal.reason), { once: true });
      writer.text(`You said: ${String(body.message)}. `);
      const call = writer.toolCall('lookup', { args: { q: String(body.message) } });
      call.result('found');
      await writer.flush();
      await Promise.race([gate.promise, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
      writer.text('Done.');
    },
  });
  cleanups.push(() => handler.close());
  return { handler, release: gate.resolve, cancelled: cancelled.promise };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const mounts: Record<string, (handler: RunHandler) => Promise<string>> = {
  async 'Node (srvx serve)'(handler) {
    const server = serve({
      port: 0,
      hostname: '127.0.0.1',
      silent: true,
      gracefulShutdown: false,
      fetch: handler,
    });
    await server.ready();
    cleanups.push(() => server.close(true));
    return new URL('/api/chat/stream', server.url).href;
  },
  async Hono(handler) {
    const app = new Hono();
    app.all('/api/chat/stream', (c) => handler(c.req.raw));
    app.all('/api/chat/stream/:runId', (c) => handler(c.req.raw));
    return `${await listen(createServer(toNodeHandler(app.fetch) as NodeHttp1Handler))}/api/chat/stream`;
  },
  async 'Express (srvx)'(handler) {
    const app = express();
    // Mounted on its full paths (not app.use, which strips the prefix from the URL).
    const node = toNodeHandler(handler) as NodeHttp1Handler;
    app.all(['/api/chat/stream', '/api/chat/stream/:runId'], (req, res) => {
      void node(req, res);
    });
    return `${await listen(createServer(app))}/api/chat/stream`;
  },
};

describe.each(Object.keys(mounts))('mounted in %s', (name) => {
  it('serves a turn, a re-attach after detach, and a stop that cancels on the server', async () => {
    const first = agent();
    const endpoint = await mounts[name]!(first.handler);
    const store = createToolStreamStore({ endpoint });
    cleanups.push(async () => store.release());

    // A whole turn.
    const turn = store.send('hello');
    await waitFor(() => latestAnswer(store.getState())?.calls.call_1?.status === 'complete');
    first.release();
    await turn;
    const answer = latestAnswer(store.getState())!;
    expect(answer.end?.outcome).toBe('done');
    expect(
      answer.parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join(''),
    ).toBe('You said: hello. Done.');

    // Detach mid-run, re-attach with Last-Event-ID.
    const second = agent();
    const endpoint2 = await mounts[name]!(second.handler);
    const store2 = createToolStreamStore({ transport: createHttpTransport({ endpoint: endpoint2 }) });
    cleanups.push(async () => store2.release());
    void store2.send('again');
    await waitFor(() => latestAnswer(store2.getState())?.calls.call_1?.status === 'complete');
    const token = store2.detach();
    expect(token?.runId).toMatch(/^run_/);
    second.release();
    await sleep(50);
    await store2.resume(token!);
    expect(latestAnswer(store2.getState())?.end?.outcome).toBe('done');
    expect(store2.getState().errors).toEqual([]);

    // Stop: the client's DELETE reaches the producer.
    const third = agent();
    const endpoint3 = await mounts[name]!(third.handler);
    const store3 = createToolStreamStore({ endpoint: endpoint3 });
    cleanups.push(async () => store3.release());
    const stopped = store3.send('stop me');
    await waitFor(() => latestAnswer(store3.getState())?.calls.call_1?.status === 'complete');
    store3.stop();
    await stopped;
    expect(await third.cancelled).toMatchObject({ reason: 'cancelled' });
    expect(latestAnswer(store3.getState())?.end?.outcome).toBe('stopped');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(5);
  }
}
