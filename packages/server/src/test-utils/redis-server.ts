import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';

/** A node-redis client as the tests make it (RESP3, node-redis 6's default). */
export type TestRedisClient = ReturnType<typeof newClient>;

function newClient(url: string) {
  return createClient({ url });
}

/** A `redis-server` of a test's own: loopback, its own port and folder, stopped by the test. */
export interface TestRedis {
  url: string;
  port: number;
  dir: string;
  /** Stops the server (SIGTERM; with persistence, it saves first). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (what persistence kept comes back). */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
  /** A connected client; closed by `dispose`. */
  client(): Promise<TestRedisClient>;
}

/** Debian's redis-server (`apt-get install redis-server`), or REDIS_SERVER. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/** Starts a redis-server for a test. `persistence`: an append-only file, fsynced on every write. */
export async function startTestRedis(options: { persistence?: boolean } = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'toolstream-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const clients: TestRedisClient[] = [];

  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(port),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        options.persistence ? 'yes' : 'no',
        '--appendfsync',
        'always',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await waitForPing(url);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    port,
    dir,
    stop,
    start,
    async dispose() {
      await Promise.all(clients.map((client) => client.close().catch(() => client.destroy())));
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    async client() {
      const client = newClient(url);
      client.on('error', () => {});
      await client.connect();
      clients.push(client);
      return client;
    },
  };
}

async function waitForPing(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      await client.close();
      return;
    } catch (error) {
      client.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
