/**
 * `npm run start:instances -w @toolstream/demo`: the mock backend as two instances sharing one
 * Redis, behind a round-robin balancer — a run started on one instance is re-attached and
 * stopped on the other. Starts Debian's redis-server on a free port (nothing is saved), prints
 * the balancer's endpoint for the demo's Backend menu, and stops everything on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer, formatLogEntry } from '@toolstream/mock/node';
import { createRedisRunStore } from '@toolstream/server/redis';
import { createClient } from 'redis';
import { startRoundRobinProxy } from './round-robin-proxy.js';

const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'toolstream-demo-redis-'));
const redis = spawn(
  'redis-server',
  ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', ''],
  {
    stdio: 'ignore',
  },
);
await new Promise((resolve) => setTimeout(resolve, 300));
const url = `redis://127.0.0.1:${port}`;

const instances = await Promise.all(
  ['A', 'B'].map(async (name) => {
    const client = await createClient({ url }).connect();
    const store = createRedisRunStore({ client });
    const server = await createMockServer({
      store,
      speed: 1,
      logger: (entry) => console.log(`instance ${name}: ${formatLogEntry(entry)}`),
    });
    return {
      name,
      server,
      close: async () => {
        await server.close();
        await store.close();
        await client.close();
      },
    };
  }),
);
const proxy = await startRoundRobinProxy(instances.map((instance) => instance.server.url));
console.log(`Redis on ${url}; instances ${instances.map((i) => `${i.name} ${i.server.url}`).join(', ')}`);
console.log(`Balancer (alternates A, B): ${proxy.origin}/api/chat/stream`);
console.log('Open the demo (npm start), then Backend → Endpoint: the balancer’s URL → Connect.');

const stop = async () => {
  await proxy.close();
  for (const instance of instances) await instance.close();
  redis.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}
