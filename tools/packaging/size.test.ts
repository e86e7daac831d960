import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO } from './packages.js';

const run = promisify(execFile);

interface SizeResult {
  name: string;
  size: number;
  sizeLimit?: number;
  passed: boolean;
}

/**
 * The size budgets of `.size-limit.js`, measured by size-limit on the packed packages' builds
 * (the global setup packed them, which built dist/). A budget exceeded fails here, in CI.
 */
describe('size budgets (gzipped)', () => {
  it('every budget holds', async () => {
    const result = await run('npx', ['size-limit', '--json'], {
      cwd: REPO,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string }) => error);
    const sizes = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as SizeResult[];
    console.log(
      sizes
        .map(
          (entry) =>
            `${entry.name}: ${(entry.size / 1000).toFixed(2)} kB of ${(entry.sizeLimit ?? 0) / 1000} kB`,
        )
        .join('\n'),
    );
    // The budgets, each measured (a renamed or dropped one fails here).
    expect(sizes.map((entry) => entry.name.split(' ')[0])).toEqual([
      'createToolStreamStore',
      'useToolCallStream',
      '<ToolCall>',
      'attachDevtools',
      'widget.iife.js',
    ]);
    for (const entry of sizes) {
      // A missing file measures 0 and "passes": a budget only means something for a real build.
      expect(entry.size, entry.name).toBeGreaterThan(1000);
      expect(entry.size, entry.name).toBeLessThanOrEqual(entry.sizeLimit!);
      expect(entry.passed, entry.name).toBe(true);
    }
  });
});
