/**
 * `npm run bench:render`: streams a delegation run (50 calls at once, 2,000 chunks/s) into
 * `<Chat>` in headless Chromium and reports commits, renders of an unchanged call, long tasks
 * and chunk-to-paint latency. See README.md beside this file for the method.
 *
 * Env: BENCH_RENDER_RUNS (production-build runs, judged against the targets; default 3),
 * BENCH_RENDER_PROFILING_RUNS (runs on React's profiling build, for render durations; default 1),
 * BENCH_RENDER_DIAGNOSE (one more, instrumented run that says where the time goes: default 1,
 * 0 to skip), BENCH_RENDER_DURATION_MS (5000),
 * BENCH_RENDER_RATE (2000), BENCH_RENDER_CONCURRENCY (50), BENCH_RENDER_PREWARM (1; 0 mounts
 * `<Chat prewarm={false}>`, so the first burst runs on cold code), BENCH_RENDER_IDLE_MS (1000: time
 * from mounting the chat to the first chunk); what-ifs, to try a change without
 * editing the packages: BENCH_RENDER_CSS (CSS added to the page); raw data of the
 * diagnose run, to open in DevTools or analyse by time: BENCH_RENDER_PROFILE_OUT=<file>.cpuprofile,
 * BENCH_RENDER_TRACE_OUT=<file>.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.js';
import { buildPage } from './build-page.js';
import { drivePage } from './drive-page.js';
import {
  type Build,
  type Diagnosis,
  printDiagnosis,
  printReport,
  type RunRecord,
  summarize,
} from './report.js';
import type { RunConfig } from './shared.js';
import { readModuleMap } from './source-modules.js';
import { serveStatic } from './static-server.js';

const OUT_FILE = join(import.meta.dirname, '..', '.out', 'render.json');

const envNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, got ${raw}`);
  return value;
};

const config: RunConfig = {
  rate: envNumber('BENCH_RENDER_RATE', 2000),
  durationMs: envNumber('BENCH_RENDER_DURATION_MS', 5000),
  concurrency: envNumber('BENCH_RENDER_CONCURRENCY', 50),
  researchers: 5,
  markerEvery: 10,
  seed: 20_240_601,
  drainMs: 2000,
  census: false,
  extraCss: process.env.BENCH_RENDER_CSS ?? '',
  prewarm: envNumber('BENCH_RENDER_PREWARM', 1) > 0,
  idleBeforeRunMs: envNumber('BENCH_RENDER_IDLE_MS', 1000),
};
const productionRuns = envNumber('BENCH_RENDER_RUNS', 3);
const profilingRuns = envNumber('BENCH_RENDER_PROFILING_RUNS', 1);
const diagnose = envNumber('BENCH_RENDER_DIAGNOSE', 1) > 0;

const log = (message: string) => process.stderr.write(`${message}\n`);

async function main() {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'toolstream-bench-render-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const server = await serveStatic(dir);
  try {
    log('building the page…');
    await buildPage(join(dir, 'production'), false);
    if (profilingRuns > 0) await buildPage(join(dir, 'profiling'), true);
    if (diagnose) await buildPage(join(dir, 'diagnose'), false, false);
    const plan: Build[] = [
      ...Array.from({ length: productionRuns }, () => 'production' as const),
      ...Array.from({ length: profilingRuns }, () => 'profiling' as const),
    ];
    const runs: RunRecord[] = [];
    for (const [index, build] of plan.entries()) {
      log(`run ${index + 1}/${plan.length} (${build} build)…`);
      const loadBefore = loadavg()[0]!;
      const { result, cdp } = await drivePage(browser, `${server.url}/${build}/`, config);
      runs.push({ build, result, cdp, loadBefore });
    }
    const summary = summarize(runs);
    printReport(config, runs, summary, cpus().length);

    let diagnosis: Diagnosis | null = null;
    if (diagnose) {
      log('diagnose run (unminified production build, CPU profile, trace, render census)…');
      const loadBefore = loadavg()[0]!;
      const run = await drivePage(
        browser,
        `${server.url}/diagnose/`,
        { ...config, census: true },
        { cpuProfile: true, trace: true },
      );
      const moduleOf = await readModuleMap(join(dir, 'diagnose', 'assets'));
      for (const line of run.cpuProfile ?? []) line.module = moduleOf(line.url, line.line);
      for (const line of run.trace?.forcedLayouts ?? []) line.module = moduleOf(line.url, line.line);
      diagnosis = { ...run, loadBefore };
      printDiagnosis(diagnosis);
    }

    await mkdir(join(OUT_FILE, '..'), { recursive: true });
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      chromium: browser.version(),
      cpus: cpus().length,
      config,
      summary,
      runs,
      diagnosis,
      totalSeconds: (Date.now() - started) / 1000,
    };
    await writeFile(OUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    log(`wrote ${OUT_FILE} (${report.totalSeconds.toFixed(0)} s in all)`);
    if (runs.some((run) => run.result.problems.length > 0)) process.exitCode = 1;
  } finally {
    await server.close();
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
