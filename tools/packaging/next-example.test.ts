import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { reduceStream } from '@toolstream/core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import { PACK_DIR, REPO } from './packages.js';

const run = promisify(execFile);
const packed = inject('packed');

/**
 * apps/next-example as a user would have it: a copy of the app with the packed packages in its
 * own node_modules (Next, React and the packages' dependencies resolve from the repository's).
 * It is built with webpack and with Turbopack, and each build is served and used: the server
 * component page, the route handler, and both chat pages in Chromium.
 */
const APP = join(PACK_DIR, 'next-example');
const NEXT = join(REPO, 'node_modules/next/dist/bin/next');
// No telemetry, no update check: the build must not reach out.
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

let browser: Browser;

beforeAll(async () => {
  await rm(APP, { recursive: true, force: true });
  await cp(join(REPO, 'apps/next-example'), APP, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|\.next[^/\\]*|next-env\.d\.ts)$/.test(source),
  });
  for (const folder of ['core', 'react', 'ui', 'mock', 'server'] as const) {
    await mkdir(join(APP, 'node_modules/@toolstream'), { recursive: true });
    await cp(packed[folder].dir, join(APP, 'node_modules/@toolstream', folder), { recursive: true });
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/** Starts `next start` on the latest build; resolves once it answers. */
async function serve(): Promise<{ origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: APP,
      env: ENV,
      stdio: 'ignore',
    },
  );
  const stop = () =>
    new Promise<void>((stopped) => {
      if (child.exitCode !== null) return stopped();
      child.once('exit', () => stopped());
      child.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 200; attempt++) {
    const ready = await fetch(origin).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new Error('next start did not answer in 20 s');
}

/** Opens a page, collecting what must never happen there: script errors, console errors (hydration). */
async function open(origin: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  await page.goto(`${origin}${path}`);
  return { page, errors };
}

describe.each([
  { bundler: 'webpack', args: ['build', '--webpack'] },
  { bundler: 'Turbopack', args: ['build'] },
])('the Next.js example, built with $bundler', ({ bundler, args }) => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;

  afterAll(async () => {
    await server?.stop();
  });

  it('builds (type check included)', { timeout: 600_000 }, async () => {
    await rm(join(APP, '.next'), { recursive: true, force: true });
    const started = performance.now();
    const { stdout } = await run(process.execPath, [NEXT, ...args], {
      cwd: APP,
      env: ENV,
      maxBuffer: 64 << 20,
    });
    console.log(`next ${args.join(' ')}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(stdout).toContain(bundler === 'webpack' ? '(webpack)' : '(Turbopack)');
    expect(stdout).toMatch(/\/api\/chat\/stream\/\[\[\.\.\.run\]\]/);
    server = await serve();
  });

  it('renders the core on the server: a run reduced in a server component', async () => {
    const html = await (await fetch(`${server!.origin}/`)).text();
    const calls = html.slice(html.indexOf('data-testid="server-calls"')).split('</ul>')[0]!;
    expect(calls.match(/<li>/g)?.length ?? 0).toBeGreaterThan(1);
  });

  it('streams from the route handler, and stops a run with DELETE', async () => {
    const endpoint = `${server!.origin}/api/chat/stream`;
    const post = (scenario: string) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hi', scenario }),
      });
    const answer = await post('single-call');
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const snapshot = await reduceStream(answer.body!);
    expect(snapshot.toolCalls.map((call) => call.tool_name)).toEqual(['get_weather']);
    expect(snapshot.errors).toEqual([]);

    const slow = await post('timeout');
    const runId = slow.headers.get('x-run-id')!;
    expect(runId).toMatch(/^run_/);
    const stopped = await fetch(`${endpoint}/${runId}`, { method: 'DELETE' });
    expect(stopped.status).toBe(204);
    await slow.body?.cancel();
  });

  it('runs a chat on useToolCallStream (/hook)', { timeout: 60_000 }, async () => {
    const { page, errors } = await open(server!.origin, '/hook');
    await page.getByLabel('Message').fill('What is the weather in Oslo?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('outcome').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('outcome').textContent()).toBe('Ended: done');
    expect(await page.locator('.hook-call[data-tool="get_weather"]').getAttribute('data-status')).toBe(
      'complete',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the kit’s <Chat> (/chat)', { timeout: 60_000 }, async () => {
    const { page, errors } = await open(server!.origin, '/chat');
    const input = page.locator('[data-slot="composer-input"]');
    await input.fill('What is the weather in Oslo?');
    await input.press('Enter');
    const call = page.locator('[data-slot="tool-call"][data-tool="get_weather"]');
    await page.locator('[data-slot="tool-call"][data-tool="get_weather"][data-state="complete"]').waitFor({
      timeout: 30_000,
    });
    expect(await call.count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
