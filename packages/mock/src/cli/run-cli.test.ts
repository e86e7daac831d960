import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scenario } from '../scenario/builder.js';
import { serializeScenario } from '../scenario/format.js';
import { builtinScenarios } from '../scenario/library.js';
import { parseScenario } from '../scenario/validate.js';
import type { MockServer } from '../server/create-server.js';
import { type CliIo, runCli } from './run-cli.js';

function memoryIo(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
  };
  return io;
}

const servers: MockServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolstream-mock-'));
  dirs.push(dir);
  return dir;
}

describe('toolstream-mock CLI', () => {
  it('serve prints the URL, the routes and every scenario, and serves your own folder too', async () => {
    const dir = await tempDir();
    const mine = scenario('my-own', 'A scenario from a user folder.').text('hello').done().build();
    await writeFile(join(dir, 'my-own.jsonl'), serializeScenario(mine));
    const io = memoryIo();
    const result = await runCli(['serve', '--port', '0', '--speed', '50', '--scenarios', dir], io);
    servers.push(result.server!);
    expect(result.code).toBe(0);
    const { url, endpoint } = result.server!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(io.out).toContain(`listening on ${url}`);
    expect(io.out).toContain(`POST   ${endpoint}`);
    for (const name of [...builtinScenarios().names(), 'my-own']) expect(io.out).toContain(`  ${name} `);
    const response = await fetch(`${endpoint}?scenario=my-own`);
    expect(await response.text()).toContain('hello');
  });

  it('serve --no-resume logs the cancel when a client goes away', async () => {
    const io = memoryIo();
    const result = await runCli(['serve', '--port', '0', '--no-resume'], io);
    servers.push(result.server!);
    expect(io.out).toContain('no resume');
    const controller = new AbortController();
    const response = await fetch(result.server!.endpoint, {
      method: 'POST',
      body: JSON.stringify({ message: 'x', scenario: 'long-run' }),
      signal: controller.signal,
    });
    expect(response.headers.get('x-run-id')).toBeNull();
    controller.abort();
    while (!io.out.includes('cancel long-run (client-closed)')) await new Promise((r) => setTimeout(r, 5));
    expect(io.out).toMatch(/\[run_[\w-]{22}\] cancel long-run \(client-closed\)/);
  });

  it('record writes a valid scenario file to stdout', async () => {
    const io = memoryIo();
    const served = await runCli(['serve', '--port', '0', '--speed', 'Infinity'], memoryIo());
    servers.push(served.server!);
    const result = await runCli(
      [
        'record',
        served.server!.endpoint,
        '--data',
        '{"message":"x","scenario":"single-call"}',
        '--header',
        'X-Trace: abc',
        '--name',
        'weather',
      ],
      io,
    );
    expect(result.code).toBe(0);
    const recorded = parseScenario(io.out, { expectedName: 'weather' });
    expect(recorded.steps).toHaveLength(builtinScenarios().get('single-call')!.steps.length);
    expect(io.err).toMatch(/^Recorded 14 frames \(chat-message-response, complete, run run_/);
  });

  it('validate prints file:line: field problems and fails; list prints the library', async () => {
    const dir = await tempDir();
    const file = join(dir, 'broken.jsonl');
    await writeFile(
      file,
      '{"type":"header","name":"broken","description":"x","protocol":"chat-message-response"}\n{"delay":-5,"data":"{}"}\n',
    );
    const io = memoryIo();
    expect((await runCli(['validate', file], io)).code).toBe(1);
    expect(io.err).toBe(`${file}:2: field "delay": must be a number of milliseconds ≥ 0 (got -5)\n`);
    const list = memoryIo();
    expect((await runCli(['list'], list)).code).toBe(0);
    expect(list.out.trimEnd().split('\n')).toHaveLength(builtinScenarios().names().length);
  });

  it('explains bad usage', async () => {
    const io = memoryIo();
    expect((await runCli(['serve', '--speed=0'], io)).code).toBe(1);
    expect(io.err).toContain('--speed must be a number > 0');
    expect((await runCli(['launch'], io)).code).toBe(1);
    expect(io.err).toContain('Unknown command "launch"');
  });
});
