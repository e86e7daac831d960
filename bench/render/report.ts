import type { ProfileLine } from './cpu-profile.js';
import type { PageResult, RunConfig, Spread } from './shared.js';
import { median } from './stats.js';
import type { TraceSummary } from './trace-summary.js';

/** Chromium's main-thread counters over a run (CDP `Performance.getMetrics` differences), ms. */
export interface CdpTotals {
  wallMs: number;
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  /** The same, in the main thread's CPU time. */
  cpuTaskMs: number;
  cpuScriptMs: number;
  cpuStyleMs: number;
  cpuLayoutMs: number;
}

export type Build = 'production' | 'profiling';

export interface RunRecord {
  build: Build;
  result: PageResult;
  cdp: CdpTotals;
  /** The machine's 1-minute load average as the run began (other work slows the page). */
  loadBefore: number;
}

/** The instrumented run: its figures are perturbed, only its proportions are read. */
export interface Diagnosis {
  result: PageResult;
  cdp: CdpTotals;
  cpuProfile: ProfileLine[] | null;
  trace: TraceSummary | null;
  loadBefore: number;
}

interface TargetCheck {
  name: string;
  goal: string;
  /** One value per production run. */
  values: string[];
  /** Met in every production run. */
  met: boolean;
}

export interface Summary {
  /** Judged on the production-build runs (what users ship). */
  targets: TargetCheck[];
  /** Medians over the production-build runs. */
  medians: Record<string, number>;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const p50p95 = (spread: Spread) => `${fixed(spread.p50)} / ${fixed(spread.p95)}`;
const p50p95max = (spread: Spread) => `${fixed(spread.p50)} / ${fixed(spread.p95)} / ${fixed(spread.max)}`;
const perSecond = (ms: number, run: { cdp: CdpTotals }) => fixed((ms * 1000) / run.cdp.wallMs, 0);

const TARGETS: {
  name: string;
  goal: string;
  value: (r: PageResult) => string;
  ok: (r: PageResult) => boolean;
}[] = [
  {
    name: 'commits per animation frame (max)',
    goal: '≤ 1',
    value: (r) => String(r.commits.maxPerFrame),
    ok: (r) => r.commits.maxPerFrame <= 1,
  },
  {
    name: 'renders of the unchanged ToolCall after its first paint',
    goal: '0',
    value: (r) => String(r.unchanged.rendersAfterFirstPaint),
    ok: (r) => r.unchanged.firstPaintAt !== null && r.unchanged.rendersAfterFirstPaint === 0,
  },
  {
    name: 'long tasks (> 50 ms)',
    goal: '0',
    value: (r) => String(r.longTasks.count),
    ok: (r) => r.longTasks.count === 0,
  },
  {
    name: 'chunk-to-paint p95 (ms)',
    goal: '< 50',
    value: (r) => fixed(r.chunkToPaint.fromIngest.p95),
    ok: (r) => r.chunkToPaint.unseen === 0 && r.chunkToPaint.fromIngest.p95 < 50,
  },
];

/** Whether each target was met in the production runs, and the medians worth quoting. */
export function summarize(runs: readonly RunRecord[]): Summary {
  const results = runs.filter((run) => run.build === 'production').map((run) => run.result);
  const med = (pick: (r: PageResult) => number) => median(results.map(pick));
  return {
    targets: TARGETS.map((target) => ({
      name: target.name,
      goal: target.goal,
      values: results.map(target.value),
      met: results.length > 0 && results.every(target.ok),
    })),
    medians: {
      commitsPerSecond: med((r) => r.commits.perSecond),
      framesPerSecond: med((r) => r.frames.perSecond),
      maxCommitsPerFrame: med((r) => r.commits.maxPerFrame),
      unchangedRendersAfterFirstPaint: med((r) => r.unchanged.rendersAfterFirstPaint),
      longTasks: med((r) => r.longTasks.count),
      chunkToPaintP50: med((r) => r.chunkToPaint.fromIngest.p50),
      chunkToPaintP95: med((r) => r.chunkToPaint.fromIngest.p95),
      frameBusyP50: med((r) => r.frames.busy.p50),
      frameBusyP95: med((r) => r.frames.busy.p95),
    },
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function metricRows(runs: readonly RunRecord[]): string[][] {
  const row = (name: string, value: (run: RunRecord) => string) => [name, ...runs.map(value)];
  return [
    row('React commits / s', (run) => fixed(run.result.commits.perSecond)),
    row('animation frames / s', (run) => fixed(run.result.frames.perSecond)),
    row(
      'commits per frame: max (frames with > 1)',
      (run) => `${run.result.commits.maxPerFrame} (${run.result.commits.framesWithMoreThanOne})`,
    ),
    row('commits not caused by the store', (run) =>
      String(run.result.commits.total - run.result.commits.fromStore),
    ),
    row('unchanged ToolCall renders after 1st paint', (run) =>
      String(run.result.unchanged.rendersAfterFirstPaint),
    ),
    row('  DOM mutations in it after 1st paint', (run) =>
      String(run.result.unchanged.domMutationsAfterFirstPaint),
    ),
    row(
      'tool output renders (call unchanged)',
      (run) => `${run.result.outputRenders.total} (${run.result.outputRenders.unchangedCall})`,
    ),
    row(
      'long tasks > 50 ms (max ms)',
      (run) => `${run.result.longTasks.count} (${fixed(run.result.longTasks.maxMs)})`,
    ),
    row('chunk→paint ms p50 / p95 / max', (run) => p50p95max(run.result.chunkToPaint.fromIngest)),
    row('  from due time p50 / p95', (run) => p50p95(run.result.chunkToPaint.fromDue)),
    row('  chunk→DOM p50 / p95', (run) => p50p95(run.result.chunkToPaint.toDom)),
    row(
      '  markers painted (unseen)',
      (run) => `${run.result.chunkToPaint.seen} (${run.result.chunkToPaint.unseen})`,
    ),
    row('frame interval ms p50 / p95 / max', (run) => p50p95max(run.result.frames.interval)),
    row('frame main-thread ms p50 / p95 / max', (run) => p50p95max(run.result.frames.busy)),
    row('  reduce (rAF → publish) p50 / p95', (run) => p50p95(run.result.breakdown.reduce)),
    row('  React (publish → commit) p50 / p95', (run) => p50p95(run.result.breakdown.react)),
    row('  after React (→ frame end) p50 / p95', (run) => p50p95(run.result.breakdown.afterReact)),
    row('React render ms/commit p50 / p95 (Profiler)', (run) =>
      run.result.profiler === null ? 'n/a' : p50p95(run.result.profiler.actualDuration),
    ),
    row(
      'main thread busy ms/s: wall (on CPU)',
      (run) => `${perSecond(run.cdp.taskMs, run)} (${perSecond(run.cdp.cpuTaskMs, run)})`,
    ),
    row(
      '  CPU ms/s: script / style / layout',
      (run) =>
        `${perSecond(run.cdp.cpuScriptMs, run)} / ${perSecond(run.cdp.cpuStyleMs, run)} / ${perSecond(run.cdp.cpuLayoutMs, run)}`,
    ),
    row('  ingest (parse + adapter) ms/s', (run) =>
      fixed((run.result.ingestMs * 1000) / run.result.windowMs, 0),
    ),
    row(
      'feeder lag ms p50 / p95 (chunks per tick)',
      (run) => `${p50p95(run.result.feederLag)} (${fixed(run.result.chunksPerTick.p50, 0)})`,
    ),
    row('DOM elements at the end', (run) => String(run.result.dom.nodes)),
    row('load average (1 min) before the run', (run) => fixed(run.loadBefore, 2)),
  ];
}

/** Prints the per-run table and the targets (stdout). */
export function printReport(
  config: RunConfig,
  runs: readonly RunRecord[],
  summary: Summary,
  cpus: number,
): void {
  const first = runs[0]?.result;
  const out: string[] = [];
  out.push(
    `Render bench: <Chat> fed ${config.rate} chunks/s for ${config.durationMs / 1000} s, ${config.concurrency} calls streaming at once` +
      (first
        ? ` (${first.workload.chunks} chunks, ${first.workload.calls} calls, ${first.workload.markers} timed markers; React ${first.reactVersion ?? '?'}; ${cpus} CPUs; ${config.prewarm ? 'idle warm-up on' : 'no warm-up: the burst runs on cold code'})`
        : ''),
  );
  if (config.extraCss !== '') out.push(`What-if, extra CSS: ${config.extraCss}`);
  out.push('');
  out.push(table(['metric', ...runs.map((run, index) => `#${index + 1} ${run.build}`)], metricRows(runs)));
  out.push('');
  const production = runs.flatMap((run, index) => (run.build === 'production' ? [`#${index + 1}`] : []));
  out.push(
    table(
      ['target (production runs)', 'goal', ...production, 'met'],
      summary.targets.map((target) => [
        target.name,
        target.goal,
        ...target.values,
        target.met ? 'yes' : 'NO',
      ]),
    ),
  );
  const problems = runs.flatMap((run, index) =>
    run.result.problems.map((problem) => `#${index + 1}: ${problem}`),
  );
  if (problems.length > 0) {
    out.push('');
    out.push('Problems:');
    for (const problem of problems) out.push(`- ${problem}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

/** Prints where the instrumented run's main-thread time went (stdout). */
export function printDiagnosis(diagnosis: Diagnosis): void {
  const { result, cdp } = diagnosis;
  const out: string[] = [
    '',
    'Where the time goes: one more run, instrumented (unminified production build, V8 CPU profile,',
    `Chromium trace, render census): slower than the runs above; read its proportions. Load ${fixed(diagnosis.loadBefore, 2)}.`,
    `Main thread busy ${fixed(cdp.taskMs, 0)} ms of ${fixed(cdp.wallMs, 0)} ms, on CPU ${fixed(cdp.cpuTaskMs, 0)} ms ` +
      `(script ${fixed(cdp.cpuScriptMs, 0)}, style ${fixed(cdp.cpuStyleMs, 0)}, layout ${fixed(cdp.cpuLayoutMs, 0)}); ` +
      `${result.frames.count} frames, ${result.commits.total} commits.`,
  ];
  if (diagnosis.trace !== null) {
    out.push('');
    out.push(
      table(
        ['rendering phase (trace, wall)', 'count', 'total ms', 'max ms'],
        diagnosis.trace.phases
          .slice(0, 10)
          .map((line) => [line.phase, String(line.count), fixed(line.totalMs), fixed(line.maxMs)]),
      ),
    );
    if (diagnosis.trace.forcedLayouts.length > 0) {
      out.push('');
      out.push(
        table(
          ['forced style + layout, by script', 'count', 'total ms'],
          diagnosis.trace.forcedLayouts
            .slice(0, 6)
            .map((line) => [
              `${line.forcedBy}${line.module ? ` (${line.module})` : ''}`,
              String(line.count),
              fixed(line.totalMs),
            ]),
        ),
      );
    }
  }
  if (diagnosis.cpuProfile !== null) {
    out.push('');
    out.push(
      table(
        ['JS self time (CPU profile; forced layout counts as its caller)', 'ms'],
        diagnosis.cpuProfile
          .filter((line) => line.functionName !== '(idle)')
          .slice(0, 15)
          .map((line) => [
            `${line.functionName}${line.module ? ` (${line.module})` : line.url === '' ? '' : ` (${line.url.split('/').pop()}:${line.line})`}`,
            fixed(line.selfMs),
          ]),
      ),
    );
  }
  if (result.census !== null) {
    const commits = Math.max(1, result.census.commits);
    out.push('');
    out.push(
      table(
        [`renders by component (${result.census.commits} commits)`, 'renders', 'per commit'],
        Object.entries(result.census.renders)
          .slice(0, 16)
          .map(([name, count]) => [name, String(count), fixed(count / commits)]),
      ),
    );
    if (result.census.otherCommits.length > 0) {
      out.push('');
      out.push('Commits the store did not cause, and what rendered in each:');
      for (const [when, ...names] of result.census.otherCommits)
        out.push(`- ${when} ${names.join(', ') || '(no component rendered)'}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
