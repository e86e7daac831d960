import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { PUBLISHED, readManifest } from './packages.js';

const run = promisify(execFile);
const packed = inject('packed');

/** attw's JSON report, the part read here. */
interface AttwReport {
  problems?: Record<string, { kind: string; entrypoint?: string; resolutionKind?: string }[]>;
  analysis?: { entrypoints?: Record<string, unknown> };
}

describe.each(PUBLISHED)('$name as packed', ({ folder }) => {
  it('passes publint (strict: warnings count as errors; suggestions too)', async () => {
    const { tarball } = packed[folder];
    const data = await readFile(tarball);
    const tarballBytes = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    const { messages, pkg } = await publint({ pack: { tarball: tarballBytes }, strict: true });
    expect(
      messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`),
    ).toEqual([]);
  });

  it('passes are-the-types-wrong for an ESM-only package (node16 ESM and bundler resolution)', async () => {
    const { tarball, dir } = packed[folder];
    // Entry points that are files rather than modules (`./styles.css`) have no types to check.
    const exports = readManifest(dir).exports as Record<string, unknown>;
    const notModules = Object.entries(exports)
      .filter(
        ([subpath, target]) => typeof target === 'string' && !/\.(js|json)$/.test(target) && subpath !== '.',
      )
      .map(([subpath]) => subpath);
    const exclude = notModules.length === 0 ? [] : ['--exclude-entrypoints', ...notModules];
    // `esm-only`: the packages ship ES modules only, so CommonJS `require` (node10, node16-cjs)
    // is not a way in; Node 20.19+ and bundlers are. attw exits non-zero on any problem.
    const result = await run(
      'npx',
      ['attw', tarball, '--profile', 'esm-only', '--format', 'json', ...exclude],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout: string; code: number }) => error);
    const report = JSON.parse(result.stdout) as AttwReport;
    const problems = Object.values(report.problems ?? {})
      .flat()
      .filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''));
    expect(problems).toEqual([]);
    expect(Object.keys(report.analysis?.entrypoints ?? {}).length).toBeGreaterThan(0);
    expect('code' in result ? result.code : 0).toBe(0);
  });
});
