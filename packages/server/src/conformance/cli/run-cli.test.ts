import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createMockServer, type MockServer } from '@toolstream/mock/node';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES, type ConformanceReport } from '../index.js';
import { type CliIo, runCli, USAGE } from './run-cli.js';

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

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function mock(): Promise<MockServer> {
  const server = await createMockServer({ speed: 10 });
  closers.push(() => server.close());
  return server;
}

/** A backend that answers every request 500, remembering the headers it got. */
async function failingBackend(): Promise<{ endpoint: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"agent crashed"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`, seen };
}

describe('toolstream-conformance', { timeout: 30_000 }, () => {
  it('lists every check against a conforming backend and exits 0', async () => {
    const server = await mock();
    const io = memoryIo();
    const code = await runCli([server.endpoint, '--message', 'Hello', '--timeout', '20000'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toContain(`toolstream conformance: ${server.endpoint}\n`);
    // The cancelled run may finish before its DELETE on so short a scenario: pass or skip, never fail.
    for (const name of CHECK_NAMES) expect(io.out).toMatch(new RegExp(`^[✓–] ${name}: .+\\n {4}\\S`, 'm'));
    expect(io.out).not.toContain('✗');
    expect(io.out).toMatch(/\n14 checks: \d+ passed, 0 failed, \d+ skipped\. The backend conforms\.\n$/);
  });

  it('prints each failed check with its detail and exits 1, sending the headers given', async () => {
    const backend = await failingBackend();
    const io = memoryIo();
    const code = await runCli(
      [
        backend.endpoint,
        '--header',
        'Authorization: Bearer abc',
        '--header',
        'X-Tenant:acme',
        '--timeout',
        '2000',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.out).toContain(
      `✗ post-starts-run: POST <endpoint> answers 200 text/event-stream with X-Run-Id\n    POST ${backend.endpoint} {"message":"Hello! This is the toolstream conformance suite`,
    );
    expect(io.out).toContain('answered 500 application/json: {"error":"agent crashed"}');
    expect(io.out).toMatch(/^✗ unknown-run-get: .*\n {4}GET .* answered 500/m);
    expect(io.out).toMatch(/The backend does not conform\.\n$/);
    const nonPreflights = backend.seen.filter(
      (headers) => headers['access-control-request-method'] === undefined,
    );
    expect(nonPreflights.length).toBeGreaterThan(0);
    for (const headers of nonPreflights) {
      expect(headers.authorization).toBe('Bearer abc');
      expect(headers['x-tenant']).toBe('acme');
    }
  });

  it('prints the report as JSON with --json', async () => {
    const backend = await failingBackend();
    const io = memoryIo();
    const code = await runCli(
      [backend.endpoint, '--json', '--timeout', '2000', '--body', '{"message":"Hi","agent":"a"}'],
      io,
    );
    expect(code).toBe(1);
    const report = JSON.parse(io.out) as ConformanceReport;
    expect(report.ok).toBe(false);
    expect(report.checks.map((check) => check.name)).toEqual([...CHECK_NAMES]);
    expect(report.checks[0]).toMatchObject({ name: 'post-starts-run', status: 'fail' });
    expect(report.checks[0]!.detail).toContain('{"message":"Hi","agent":"a"} answered 500');
  });

  it.each([
    [[], /give the endpoint URL/],
    [['http://a.test/chat', 'http://b.test/chat'], /give one endpoint URL \(got 2\)/],
    [['http://a.test/chat', '--nope'], /Unknown option '--nope'/],
    [['http://a.test/chat', '--message', 'a', '--body', '{}'], /--message or --body, not both/],
    [['http://a.test/chat', '--body', '{oops'], /--body must be JSON/],
    [
      ['http://a.test/chat', '--header', 'no colon'],
      /--header must look like "Name: value" \(got "no colon"\)/,
    ],
    [['http://a.test/chat', '--timeout', '0'], /--timeout must be a number of milliseconds > 0 \(got "0"\)/],
    [
      ['http://a.test/chat', '--timeout', 'soon'],
      /--timeout must be a number of milliseconds > 0 \(got "soon"\)/,
    ],
    [['/api/chat'], /The endpoint must be an absolute http\(s\) URL \(got "\/api\/chat"\)/],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const io = memoryIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.err).toMatch(message);
    expect(io.out).toBe('');
  });

  it('prints the usage with --help and exits 0', async () => {
    const io = memoryIo();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.out).toBe(USAGE);
  });

  it('runs as a command, and its process ends with the exit status', async () => {
    const backend = await failingBackend();
    const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--conditions=@toolstream/source', '--import', 'tsx', cli, backend.endpoint, '--timeout', '2000'],
        { timeout: 25_000 },
        (_error, stdout) => resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ post-starts-run');
  });
});
