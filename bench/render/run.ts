/**
 * `npm run bench:render`: streams a delegation run (50 calls at once, 2,000 chunks/s for 5 s) into
 * `<Chat>` in headless Chromium and reports React commits per frame, re-renders of unchanged calls,
 * long tasks and chunk-to-paint (see bench/README.md). Each run is a fresh page of the same
 * production build. Env: BENCH_RENDER_RUNS (9), BENCH_RENDER_RATE (2000), BENCH_RENDER_DURATION_MS
 * (5000), BENCH_RENDER_CONCURRENCY (50).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.js';
import { buildPage } from './build-page.js';
import { formatReport } from './report.js';
import type { BenchApi, PageResult, RunConfig } from './shared.js';
import { serveStatic } from './static-server.js';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const config: RunConfig = {
  rate: env('BENCH_RENDER_RATE', 2000),
  durationMs: env('BENCH_RENDER_DURATION_MS', 5000),
  concurrency: env('BENCH_RENDER_CONCURRENCY', 50),
  researchers: 5,
  markerEvery: 10,
  seed: 20_240_601,
  idleMs: 1000,
  drainMs: 2000,
};
const runs = env('BENCH_RENDER_RUNS', 9);
const log = (message: string) => process.stderr.write(`${message}\n`);
type BenchWindow = Window & { __bench: BenchApi };

const dir = await mkdtemp(join(tmpdir(), 'toolstream-bench-render-'));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const server = await serveStatic(dir);
try {
  log('building the page…');
  await buildPage(dir);
  const results: PageResult[] = [];
  const loads: string[] = [];
  for (let i = 0; i < runs; i++) {
    log(`run ${i + 1}/${runs}…`);
    loads.push(loadavg()[0]!.toFixed(2));
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
      });
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => '__bench' in window);
      await page.evaluate((settings) => (window as unknown as BenchWindow).__bench.prepare(settings), config);
      const result = await page.evaluate(() => (window as unknown as BenchWindow).__bench.run());
      result.problems.push(...errors);
      results.push(result);
    } finally {
      await context.close();
    }
  }
  const first = results[0];
  console.log(
    `Render bench: <Chat> fed ${config.rate} chunks/s for ${config.durationMs / 1000} s, ${config.concurrency} calls ` +
      `streaming at once (${first?.chunks} chunks, ${first?.calls} calls; React ${first?.reactVersion}; Chromium ` +
      `${browser.version()}; ${cpus().length} CPUs; load average before each run ${loads.join(' ')})\n`,
  );
  console.log(formatReport(results));
  const tasks = results.map((result, i) => `#${i + 1} ${result.longTaskStarts.join(', ') || '–'}`);
  console.log(`\nLong tasks began at (ms from the first chunk): ${tasks.join('; ')}`);
  const problems = results.flatMap((result, i) => result.problems.map((problem) => `#${i + 1}: ${problem}`));
  if (problems.length > 0)
    console.log(`\nProblems (the figures of these runs are not valid):\n${problems.join('\n')}`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await server.close();
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
