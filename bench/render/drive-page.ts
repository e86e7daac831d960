import { writeFile } from 'node:fs/promises';
import type { Browser, CDPSession } from 'playwright-core';
import { type ProfileLine, startCpuProfile, stopCpuProfile } from './cpu-profile.js';
import type { CdpTotals } from './report.js';
import type { BenchApi, PageResult, RunConfig } from './shared.js';
import { summarizeTrace, type TraceSummary } from './trace-summary.js';

/** What one page run gave: the page's figures, Chromium's counters, and the diagnostics asked for. */
export interface DrivenRun {
  result: PageResult;
  cdp: CdpTotals;
  cpuProfile: ProfileLine[] | null;
  trace: TraceSummary | null;
}

export interface DriveOptions {
  /** Sample the page's JavaScript (V8 CPU profiler) during the run. */
  cpuProfile?: boolean;
  /** Record a Chromium trace of the run and summarize the main thread. */
  trace?: boolean;
}

type BenchWindow = Window & { __bench: BenchApi };

/**
 * Chromium's cumulative main-thread counters (CDP `Performance.getMetrics`), in ms: `wall` from
 * a session timing in wall-clock time, `cpu` from one timing in the thread's CPU time (the
 * difference is time the thread was runnable but not running: other processes on the machine).
 */
async function totals(wall: CDPSession, cpu: CDPSession): Promise<CdpTotals> {
  const read = async (session: CDPSession) => {
    const { metrics } = await session.send('Performance.getMetrics');
    return (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? Number.NaN) * 1000;
  };
  const [w, c] = await Promise.all([read(wall), read(cpu)]);
  return {
    wallMs: w('Timestamp'),
    taskMs: w('TaskDuration'),
    scriptMs: w('ScriptDuration'),
    styleMs: w('RecalcStyleDuration'),
    layoutMs: w('LayoutDuration'),
    cpuTaskMs: c('TaskDuration'),
    cpuScriptMs: c('ScriptDuration'),
    cpuStyleMs: c('RecalcStyleDuration'),
    cpuLayoutMs: c('LayoutDuration'),
  };
}

/** Opens `url` in a fresh context, mounts the chat, streams and measures once. */
export async function drivePage(
  browser: Browser,
  url: string,
  config: RunConfig,
  options: DriveOptions = {},
): Promise<DrivenRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url);
    await page.waitForFunction(() => '__bench' in window);
    await page.evaluate((settings) => (window as unknown as BenchWindow).__bench.prepare(settings), config);
    const session = await context.newCDPSession(page);
    const cpuSession = await context.newCDPSession(page);
    await session.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cpuSession.send('Performance.enable', { timeDomain: 'threadTicks' });
    if (options.cpuProfile) await startCpuProfile(session);
    if (options.trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'blink'] });
    const before = await totals(session, cpuSession);
    const result = await page.evaluate(() => (window as unknown as BenchWindow).__bench.run());
    const after = await totals(session, cpuSession);
    const traceJson = options.trace ? (await browser.stopTracing()).toString('utf8') : null;
    // The whole trace, to open in DevTools (Performance → Load profile) or analyse by time.
    const traceOut = process.env.BENCH_RENDER_TRACE_OUT;
    if (traceJson !== null && traceOut !== undefined && traceOut !== '') await writeFile(traceOut, traceJson);
    const trace = traceJson === null ? null : summarizeTrace(traceJson);
    const cpuProfile = options.cpuProfile ? await stopCpuProfile(session) : null;
    result.problems.push(...errors.map((error) => `page error: ${error}`));
    const cdp = Object.fromEntries(
      Object.entries(after).map(([key, value]) => [key, value - before[key as keyof CdpTotals]]),
    ) as unknown as CdpTotals;
    return { result, cdp, cpuProfile, trace };
  } finally {
    await context.close();
  }
}
