import { parseArgs } from 'node:util';
import type { CheckResult, CheckStatus } from '../check.js';
import { type ConformanceOptions, DEFAULT_MESSAGE, runConformance } from '../run-conformance.js';

/** Where the CLI writes. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const USAGE = `Usage: toolstream-conformance <endpoint-url> [options]

Checks a backend against toolstream's run convention (PROTOCOL.md §2 and §5), over HTTP only:
it starts three runs with POST <endpoint-url>, reads and replays them with and without
Last-Event-ID, cuts one midway and re-attaches, cancels one with DELETE, asks for unknown
runs, and sends the CORS preflights a browser would.

Options:
  --message TEXT    The message each run is started with (POST body {"message": TEXT})
  --body JSON       The whole POST body instead, e.g. '{"message": "Hi", "agent": "support"}'
  --header "K: V"   A header for every request, e.g. "Authorization: Bearer …" (repeatable)
  --origin URL      The origin your web app calls from: CORS is then required for it
                    (without it, the CORS checks are skipped when the backend offers none)
  --timeout MS      The longest a run may take to end (default 60000)
  --json            Print the report as JSON instead of a list
  -h, --help        This text

The run that is cancelled must still be running when the DELETE arrives: if that check is
skipped, pass a --message that makes your agent work for a few seconds.

Exit status: 0 when no check failed, 1 when one did, 2 on bad usage.
`;

const MARKS: Record<CheckStatus, string> = { pass: '✓', fail: '✗', skip: '–' };

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Runs `toolstream-conformance` with `argv` (the arguments after the command's name) and returns
 * its exit status. Never calls `process.exit`; the caller decides what the status means.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let options: ConformanceOptions & { json: boolean };
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    options = parsed;
  } catch (error) {
    io.stderr(
      `toolstream-conformance: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    return 2;
  }

  let report: Awaited<ReturnType<typeof runConformance>>;
  let first = true;
  try {
    report = await runConformance({
      ...options,
      onCheck: (result) => {
        if (options.json) return;
        // Written with the first check, so that an endpoint refused at once prints no heading.
        if (first) io.stdout(`toolstream conformance: ${options.endpoint}\n\n`);
        first = false;
        io.stdout(formatCheck(result));
      },
    });
  } catch (error) {
    // runConformance throws only for options it cannot use (an endpoint that is not a URL).
    io.stderr(`toolstream-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout(`\n${summary(report.checks)}\n`);
  return report.ok ? 0 : 1;
}

/** The options of a command line; throws (with a message for people) when it is wrong. */
function parse(argv: readonly string[]): (ConformanceOptions & { json: boolean }) | 'help' {
  const { values, positionals } = parseOptions(argv);
  if (values.help) return 'help';
  if (positionals.length !== 1) {
    throw new Error(
      positionals.length === 0
        ? 'give the endpoint URL.'
        : `give one endpoint URL (got ${positionals.length}).`,
    );
  }
  if (values.message !== undefined && values.body !== undefined) {
    throw new Error('give --message or --body, not both.');
  }
  const options: ConformanceOptions & { json: boolean } = { endpoint: positionals[0]!, json: values.json };
  const body = values.body === undefined ? { message: values.message ?? DEFAULT_MESSAGE } : json(values.body);
  options.body = () => body;
  if (values.header.length > 0) options.headers = headers(values.header);
  if (values.origin !== undefined) options.origin = values.origin;
  if (values.timeout !== undefined) {
    const timeout = Number(values.timeout);
    if (values.timeout.trim() === '' || !Number.isFinite(timeout) || timeout <= 0) {
      throw new Error(`--timeout must be a number of milliseconds > 0 (got "${values.timeout}").`);
    }
    options.timeoutMs = timeout;
  }
  return options;
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      message: { type: 'string' },
      body: { type: 'string' },
      header: { type: 'string', multiple: true, default: [] },
      origin: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`--body must be JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

function headers(lines: readonly string[]): Record<string, string> {
  // Names are the user's text: kept off any prototype.
  const result: Record<string, string> = Object.create(null);
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`--header must look like "Name: value" (got "${line}").`);
    result[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return result;
}

/** `✓ name: title` and the detail below it. */
function formatCheck(result: CheckResult): string {
  return `${MARKS[result.status]} ${result.name}: ${result.title}\n    ${result.detail}\n`;
}

function summary(checks: readonly CheckResult[]): string {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  const failed = count('fail');
  return `${checks.length} checks: ${count('pass')} passed, ${failed} failed, ${count('skip')} skipped. ${failed === 0 ? 'The backend conforms.' : 'The backend does not conform.'}`;
}
