/**
 * Runs every recorded provider stream of `../shared/real-streams` (read at run time; nothing of it
 * is copied into the project) through `reduceStream` with `protocols: allProtocols` and prints what
 * came out: the adapter `auto` chose, the status and outcome, how much text and reasoning, the
 * calls (provider-run ones marked `*`), the sources, the finish reason, the usage and any errors;
 * under it, each provider-run call (input → result) and each source (title, span). `--verbose`
 * adds the whole snapshot.
 *
 *   npm run real-streams -- [name-substring] [--verbose]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reduceStream, type StreamSnapshot, type ToolStreamState } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';

interface Recording {
  name: string;
  format: string;
  wire: string;
}

const dir = fileURLToPath(new URL('../../shared/real-streams/', import.meta.url));
const manifest = join(dir, 'manifest.json');
if (!existsSync(manifest)) {
  console.error(`No recordings at ${dir} (the directory is not part of the project).`);
  process.exit(1);
}
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.find((arg) => !arg.startsWith('--')) ?? '';
const recordings = (JSON.parse(readFileSync(manifest, 'utf8')) as Recording[]).filter((r) =>
  r.name.includes(only),
);

let withErrors = 0;
for (const recording of recordings) {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(bytes(join(dir, recording.wire)), {
    protocol: 'auto',
    protocols: allProtocols,
    onState: (s) => {
      state = s;
    },
  });
  const protocol = (state as ToolStreamState | null)?.run.protocol ?? null;
  if (snapshot.errors.length > 0) withErrors++;
  console.log(summary(recording, snapshot, protocol));
  for (const line of details(snapshot)) console.log(`    ${line}`);
  if (verbose) console.log(JSON.stringify(snapshot, null, 2));
}
console.log(`${recordings.length} recordings, ${withErrors} with errors`);

/** The recording's bytes as one chunk (binary formats must not go through a text decoder here). */
async function* bytes(path: string): AsyncIterable<Uint8Array> {
  yield new Uint8Array(readFileSync(path));
}

function summary(recording: Recording, s: StreamSnapshot, protocol: string | null): string {
  const calls = s.toolCalls
    .map((call) => {
      const mark = call.kind === 'provider' ? '*' : '';
      const open = call.is_complete ? '' : `(${call.status})`;
      return `${mark}${call.tool_name}${open}`;
    })
    .join(',');
  const provider = s.toolCalls.filter((call) => call.kind === 'provider').length;
  const usage =
    s.usage === null
      ? '-'
      : Object.entries(s.usage)
          .map(([key, value]) => `${key.replace('Tokens', '')}:${value}`)
          .join('/');
  const errors = s.errors.length > 0 ? ` errors=${s.errors.length}: ${s.errors[0]!.message}` : '';
  return [
    `${recording.name} [${recording.format}→${protocol ?? 'none'}]`,
    `status=${s.status} outcome=${s.outcome} finish=${s.finishReason ?? '-'}`,
    `text=${s.text.length} reasoning=${s.reasoning.length}`,
    `calls=${s.toolCalls.length}${calls === '' ? '' : ` (${calls})`}${provider > 0 ? ` provider=${provider}` : ''}`,
    `citations=${s.citations.length} usage=${usage}${errors}`,
  ].join(' ');
}

/** One line per provider-run call (its input and result) and per source. */
function details(s: StreamSnapshot): string[] {
  const clip = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max)}…` : text);
  const calls = s.toolCalls
    .filter((call) => call.kind === 'provider')
    .map(
      (call) =>
        `provider ${call.tool_name} ${call.status} ${clip(JSON.stringify(call.arguments))} → ${
          call.output === '' ? '(no output)' : `${call.output.length} chars: ${clip(call.output, 60)}`
        }`,
    );
  const sources = s.citations.map(
    (c) =>
      `source ${clip(c.source, 80)}${c.title ? ` "${clip(c.title, 40)}"` : ''}${
        c.span ? ` [${c.span.start}, ${c.span.end})` : ''
      }${c.quote ? ' +quote' : ''}`,
  );
  return [...calls, ...sources];
}
