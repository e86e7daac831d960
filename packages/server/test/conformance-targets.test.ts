import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NodeHttp1Handler } from 'srvx';
import { toNodeHandler } from 'srvx/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, type RunPurpose, runConformance } from '../src/conformance/index.js';
import { createMemoryRunStore, createRunHandler, type RunHandler, type RunStore } from '../src/index.js';
import { createRedisRunStore } from '../src/redis/index.js';
import { startTestRedis, type TestRedis } from '../src/test-utils/redis-server.js';
import { sleep } from './sse.js';

/**
 * The conformance suite against `@toolstream/server` itself, on each store, over loopback HTTP:
 * what the package promises (PROTOCOL.md §2 and §5) checked the way a user checks their backend.
 */

/** An agent whose run is short for a plain message and long when asked to be cancelled. */
function agentHandler(store: RunStore): RunHandler {
  return createRunHandler({
    store,
    cors: { origin: true },
    async start({ body, writer, signal }) {
      const long = body.message === 'long';
      writer.text('Looking into it. ');
      const research = writer.delegate('research_agent', { task: String(body.message) });
      for (let i = 0; i < (long ? 200 : 6); i++) {
        if (signal.aborted) return;
        const call = research.toolCall('search', { args: { page: i } });
        call.result(`page ${i}`);
        await sleep(long ? 20 : 2);
      }
      research.result('Found it.');
      writer.text('Here is the answer.');
    },
  });
}

const body = (_i: number, purpose: RunPurpose) => ({ message: purpose === 'cancel' ? 'long' : 'hello' });

const servers: Server[] = [];
const handlers: RunHandler[] = [];
afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: RunHandler): Promise<string> {
  handlers.push(handler);
  const server = createServer(toNodeHandler((request: Request) => handler(request)) as NodeHttp1Handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat/stream`;
}

describe('the conformance suite against @toolstream/server', { timeout: 60_000 }, () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.dispose();
  });

  it('passes every check on the memory store', async () => {
    const report = await runConformance({
      endpoint: await serve(agentHandler(createMemoryRunStore())),
      body,
    });
    expect(report.checks.map((check) => [check.name, check.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'pass']),
    );
  });

  it('passes every check on the Redis store, with runs read back through another instance', async () => {
    const client = await redis.client();
    const store = createRedisRunStore({ client });
    const endpoint = await serve(agentHandler(store));
    const report = await runConformance({ endpoint, body });
    await store.close();
    expect(report.checks.map((check) => [check.name, check.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'pass']),
    );
  });

  it('passes every check when each request lands on one of two instances sharing Redis', async () => {
    const [first, second] = [await redis.client(), await redis.client()];
    const stores = [createRedisRunStore({ client: first }), createRedisRunStore({ client: second })];
    const endpoints = [await serve(agentHandler(stores[0]!)), await serve(agentHandler(stores[1]!))];
    // A load balancer that alternates: a run POSTed to one is replayed and cancelled on the other.
    let turn = 0;
    const report = await runConformance({
      endpoint: 'http://balanced.test/api/chat/stream',
      body,
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const target = new URL(endpoints[turn++ % 2]!);
        url.protocol = target.protocol;
        url.host = target.host;
        return fetch(url, init);
      },
    });
    for (const store of stores) await store.close();
    expect(report.checks.map((check) => [check.name, check.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'pass']),
    );
  });
});
