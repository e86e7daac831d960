import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { recordStream } from '../recorder/record-stream.js';
import { SCENARIO_PROTOCOLS, type ScenarioProtocol } from '../scenario/format.js';
import { formatIssue, validateScenarioText } from '../scenario/validate.js';
import { createMockServer, type MockServer, type MockServerOptions } from '../server/create-server.js';
import { formatLogEntry } from '../server/format-log.js';
import { loadScenarioLibrary } from '../server/load-scenarios.js';

/** Where the CLI writes. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The outcome of a command; `serve` also hands back its running server. */
export interface CliResult {
  code: number;
  server?: MockServer;
}

export const USAGE = `Usage: toolstream-mock <command> [options]

Commands:
  serve                 Replay scenarios over HTTP (SSE) at /api/chat/stream
    --port N            Port (default 8787; 0 = any free port)
    --host H            Interface (default 127.0.0.1, loopback only)
    --scenarios DIR     Your own *.jsonl scenarios, added to the shipped ones
    --speed N           Speed factor: 2 plays twice as fast (default 1)
    --no-resume         No run ids: a closed connection cancels the run at once
    --grace MS          How long a finished run is kept for re-attaching (default 30000)
    --redis URL         Keep runs in Redis (redis://host:port): several servers on one
                        Redis serve, re-attach and cancel one another's runs
    --latency MS        Extra wait before each response starts (default 0)
    --retry MS          Send "retry: MS" to clients at the start of each stream
    --default NAME      Scenario for requests that name none (default subagent-delegation)
    --base-path PATH    Where runs start (default /api/chat/stream)
  record <url>          Record a live SSE stream as a scenario (JSON Lines on stdout)
    --method M          HTTP method (default GET, or POST with --data)
    --data JSON         Request body
    --header K:V        Request header (repeatable)
    --name NAME         Scenario name (default from the URL)
    --description TEXT  Scenario description
    --protocol P        chat-message-response | typed-events | a provider format
                        (openai-chat, anthropic, gemini, …; default: recognised)
  list                  List the scenarios (--scenarios DIR to include yours)
  validate <file...>    Check scenario files; prints file:line: field problems
  help                  This text
`;

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs one CLI command. Never calls `process.exit`; the caller decides what the code means. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<CliResult> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, io);
      case 'record':
        return await record(rest, io);
      case 'list':
        return await list(rest, io);
      case 'validate':
        return await validate(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return { code: command === undefined ? 1 : 0 };
      default:
        io.stderr(`Unknown command "${command}".\n\n${USAGE}`);
        return { code: 1 };
    }
  } catch (cause) {
    io.stderr(`toolstream-mock ${command}: ${cause instanceof Error ? cause.message : String(cause)}\n`);
    return { code: 1 };
  }
}

async function serve(argv: readonly string[], io: CliIo): Promise<CliResult> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      scenarios: { type: 'string' },
      speed: { type: 'string', default: '1' },
      'no-resume': { type: 'boolean', default: false },
      grace: { type: 'string' },
      latency: { type: 'string' },
      retry: { type: 'string' },
      default: { type: 'string' },
      'base-path': { type: 'string' },
      redis: { type: 'string' },
    },
    strict: true,
  });
  const options: MockServerOptions = {
    port: number('--port', values.port, { min: 0, integer: true }),
    host: values.host,
    speed: number('--speed', values.speed, { min: 0, exclusive: true }),
    resume: !values['no-resume'],
    logger: (entry) => io.stdout(`${formatLogEntry(entry)}\n`),
  };
  if (values.scenarios !== undefined) options.scenariosDir = values.scenarios;
  if (values.grace !== undefined) options.graceMs = number('--grace', values.grace, { min: 0 });
  if (values.latency !== undefined) options.latencyMs = number('--latency', values.latency, { min: 0 });
  if (values.retry !== undefined) options.retryMs = number('--retry', values.retry, { min: 0 });
  if (values.default !== undefined) options.defaultScenario = values.default;
  if (values['base-path'] !== undefined) options.basePath = values['base-path'];

  let closeRedis: () => Promise<void> = async () => {};
  if (values.redis !== undefined) {
    const redis = await connectRedis(values.redis, options.graceMs);
    options.store = redis.store;
    closeRedis = redis.close;
  }
  const started = await createMockServer(options).catch(async (error: unknown) => {
    await closeRedis();
    throw error;
  });
  const server = {
    ...started,
    close: async () => {
      await started.close();
      await closeRedis();
    },
  };
  const names = server.library.list();
  const width = Math.max(...names.map((s) => s.name.length));
  io.stdout(
    [
      `toolstream mock server listening on ${server.url}`,
      `  POST   ${server.endpoint}            {"message": "…", "scenario": "<name>"}  → SSE${options.resume ? ' + X-Run-Id' : ''}`,
      `  GET    ${server.endpoint}?scenario=<name>   (EventSource; Last-Event-ID resumes)`,
      ...(options.resume
        ? [
            `  GET    ${server.endpoint}/<runId>      re-attach (Last-Event-ID)`,
            `  DELETE ${server.endpoint}/<runId>      cancel`,
          ]
        : []),
      `  Faults: ?fault=drop-after:N | stall | stall-after:N | status:CODE[&retry-after=S] | content-type`,
      `  Speed ×${options.speed}${options.resume ? `, finished runs kept ${(options.graceMs ?? 30_000) / 1000} s` : ', no resume'}${values.redis === undefined ? ', runs in memory' : `, runs in Redis at ${values.redis}`}`,
      '',
      `Scenarios (${names.length}):`,
      ...names.map((s) => `  ${s.name.padEnd(width)}  ${s.description}`),
      '',
    ].join('\n'),
  );
  return { code: 0, server };
}

/**
 * A Redis store for `--redis`: the `redis` package is an optional peer, loaded only here.
 * Connection errors are reported, not thrown into the server (the client reconnects by itself).
 */
async function connectRedis(url: string, retentionMs: number | undefined) {
  let redis: typeof import('redis');
  try {
    redis = await import('redis');
  } catch {
    throw new Error('--redis needs the redis package: npm install redis');
  }
  const { createRedisRunStore } = await import('@toolstream/server/redis');
  const client = redis.createClient({ url });
  client.on('error', (error: unknown) =>
    process.stderr.write(
      `toolstream-mock: Redis: ${error instanceof Error ? error.message : String(error)}\n`,
    ),
  );
  await client.connect();
  const store = createRedisRunStore({
    client,
    ...(retentionMs === undefined ? {} : { retentionMs }),
  });
  return {
    store,
    close: async () => {
      await store.close();
      await client.close();
    },
  };
}

async function record(argv: readonly string[], io: CliIo): Promise<CliResult> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      method: { type: 'string' },
      data: { type: 'string' },
      header: { type: 'string', multiple: true, default: [] },
      name: { type: 'string' },
      description: { type: 'string' },
      protocol: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const url = positionals[0];
  if (url === undefined || positionals.length > 1)
    throw new Error(`record needs exactly one URL.\n\n${USAGE}`);
  const headers: Record<string, string> = {};
  for (const header of values.header) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new Error(`--header must look like "Name: value" (got "${header}").`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  if (values.protocol !== undefined && !SCENARIO_PROTOCOLS.includes(values.protocol as ScenarioProtocol)) {
    throw new Error(`--protocol must be one of ${SCENARIO_PROTOCOLS.join(', ')}.`);
  }
  const recording = await recordStream(url, {
    ...(values.method === undefined ? {} : { method: values.method }),
    ...(values.data === undefined ? {} : { body: values.data }),
    headers,
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.description === undefined ? {} : { description: values.description }),
    ...(values.protocol === undefined ? {} : { protocol: values.protocol as ScenarioProtocol }),
  });
  io.stdout(recording.text);
  const frames = recording.scenario.steps.length;
  io.stderr(
    `Recorded ${frames} frame${frames === 1 ? '' : 's'} (${recording.scenario.header.protocol}, ${recording.ending}${recording.runId ? `, run ${recording.runId}` : ''}).\n`,
  );
  return { code: recording.ending === 'complete' ? 0 : 2 };
}

async function list(argv: readonly string[], io: CliIo): Promise<CliResult> {
  const { values } = parseArgs({ args: [...argv], options: { scenarios: { type: 'string' } }, strict: true });
  const library = await loadScenarioLibrary(values.scenarios === undefined ? {} : { dir: values.scenarios });
  for (const summary of library.list()) {
    io.stdout(`${summary.name}\t${summary.protocol}\t${summary.description}\n`);
  }
  return { code: 0 };
}

async function validate(argv: readonly string[], io: CliIo): Promise<CliResult> {
  const { positionals } = parseArgs({ args: [...argv], options: {}, allowPositionals: true, strict: true });
  if (positionals.length === 0) throw new Error('validate needs at least one file.');
  let failed = 0;
  for (const file of positionals) {
    const text = await readFile(file, 'utf8');
    const result = validateScenarioText(text, { file, expectedName: basename(file, '.jsonl') });
    if (result.ok) io.stdout(`${file}: ok (${result.scenario.steps.length} lines)\n`);
    else {
      failed++;
      for (const issue of result.issues) io.stderr(`${formatIssue(issue)}\n`);
    }
  }
  return { code: failed === 0 ? 0 : 1 };
}

function number(
  flag: string,
  text: string,
  limits: { min: number; exclusive?: boolean; integer?: boolean },
): number {
  const value = text === 'Infinity' ? Number.POSITIVE_INFINITY : Number(text);
  const low = limits.exclusive ? value <= limits.min : value < limits.min;
  if (text.trim() === '' || Number.isNaN(value) || low || (limits.integer && !Number.isInteger(value))) {
    const bound = `${limits.exclusive ? '>' : '≥'} ${limits.min}`;
    throw new Error(`${flag} must be a${limits.integer ? 'n integer' : ' number'} ${bound} (got "${text}").`);
  }
  return value;
}
