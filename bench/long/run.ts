/**
 * `npm run bench:long`: a conversation of N turns loaded into `<Chat store>` in headless
 * Chromium, beside the same turns as plain React and as plain DOM (the floor): load to the last
 * turn painted, longest task, JS heap, DOM nodes, keystroke latency, frames of a jump-scroll,
 * and the cost of streaming a new answer into it (see bench/README.md). Production builds; each
 * run a fresh page. Env: BENCH_LONG_N (10,100,300,1000), BENCH_LONG_RUNS (3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/chromium.js';
import { buildPage } from '../render/build-page.js';
import { serveStatic } from '../render/static-server.js';
import { formatLongReport, type RunFigures } from './report.js';
import type { ContenderName, LongBenchApi } from './shared.js';

const sizes = (process.env.BENCH_LONG_N ?? '10,100,300,1000').split(',').map(Number);
const runs = Number(process.env.BENCH_LONG_RUNS || 3);
const KEYS = 40;
const SCROLL_FRAMES = 42;
const STREAM_CHUNKS = 240;
const STREAM_RATE = 60;
const BASELINES = [1, 2];
const log = (message: string) => process.stderr.write(`${message}\n`);
type LongWindow = Window & { __long: LongBenchApi };

async function measure(
  browser: Browser,
  url: string,
  contender: ContenderName,
  n: number,
): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(`${url}/?contender=${contender}&n=${n}`);
    await page.waitForFunction(() => '__long' in window);
    const load = await page.evaluate(() => (window as unknown as LongWindow).__long.load());
    problems.push(...load.problems);
    await page.waitForTimeout(1000);
    const { heapMb, nodes } = await memory(page);
    await page.evaluate(() => (window as unknown as LongWindow).__long.recordKeys());
    await page.keyboard.type('where did the rollout of the billing webhook'.slice(0, KEYS), { delay: 60 });
    await page.waitForTimeout(200);
    const keys = await page.evaluate(() => (window as unknown as LongWindow).__long.keystrokes());
    const scroll = await page.evaluate(
      (frames) => (window as unknown as LongWindow).__long.jumpScroll(frames),
      SCROLL_FRAMES,
    );
    if (!scroll.reachedFirst) problems.push('the first turn was not on screen after scrolling to the top');
    let stream = null;
    if (contender === 'kit') {
      await page.evaluate(() => (window as unknown as LongWindow).__long.toBottom());
      stream = await page.evaluate(
        ([chunks, rate]) => (window as unknown as LongWindow).__long.stream(chunks!, rate!),
        [STREAM_CHUNKS, STREAM_RATE],
      );
    }
    const tasks = await page.evaluate(() => (window as unknown as LongWindow).__long.longTasks());
    return {
      contender,
      n,
      loadMs: load.loadMs,
      heapMb,
      nodes,
      keys: keys.latencies,
      scroll,
      stream,
      tasks,
      problems,
    };
  } finally {
    await context.close();
  }
}

/** JS heap after a full collection, and the renderer's DOM nodes (Chromium's own counters). */
async function memory(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  return { heapMb: heap.usedSize / 2 ** 20, nodes: counters.nodes };
}

const dir = await mkdtemp(join(tmpdir(), 'toolstream-bench-long-'));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const server = await serveStatic(dir);
try {
  log('building the page…');
  await buildPage(dir, join(import.meta.dirname, 'page'));
  const results: RunFigures[] = [];
  const loads: string[] = [];
  const order: ContenderName[] = ['kit', 'react', 'dom'];
  // Round by round, every N in each: a slow patch of the machine (they last minutes here) then
  // falls on every N alike, rather than on the N whose runs it happened to meet. The kit alone at
  // 1 turn (the baseline for streaming) and at 2 (the first conversation that fills the
  // screen: what streaming costs with a screen of turns above it).
  for (let run = 0; run < runs; run++) {
    for (const n of [...BASELINES, ...sizes]) {
      // The first contender rotates from run to run: a slow patch of the machine hits each in turn.
      const contenders = BASELINES.includes(n)
        ? (['kit'] as const)
        : [...order.slice(run % 3), ...order.slice(0, run % 3)];
      for (const contender of contenders) {
        log(`N=${n} run ${run + 1}/${runs}: ${contender}…`);
        loads.push(loadavg()[0]!.toFixed(2));
        results.push(await measure(browser, server.url, contender, n));
      }
    }
  }
  console.log(
    `Long-conversation bench: N turns in <Chat store> beside plain React and plain DOM, medians of ${runs} runs ` +
      `(Chromium ${browser.version()}; ${cpus().length} CPUs; 1280×860; load average ${loads[0]}–${loads.at(-1)}, ` +
      `max ${Math.max(...loads.map(Number)).toFixed(2)})\n`,
  );
  console.log(formatLongReport(results, sizes));
  const problems = results.flatMap((r) => r.problems.map((p) => `N=${r.n} ${r.contender}: ${p}`));
  if (problems.length > 0) {
    console.log(
      `\nProblems (the figures of these runs are not valid):\n${[...new Set(problems)].join('\n')}`,
    );
    process.exitCode = 1;
  }
} finally {
  await server.close();
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
