import { quantile } from '../render/stats.js';
import type { ContenderName, LongTasks, ScrollResult, StreamResult } from './shared.js';

/** What one page run measured. */
export interface RunFigures {
  contender: ContenderName;
  n: number;
  loadMs: number;
  heapMb: number;
  nodes: number;
  keys: number[];
  scroll: ScrollResult;
  stream: StreamResult | null;
  tasks: LongTasks;
  problems: string[];
}

const median = (values: number[]) => quantile(values, 0.5);
const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '–');
const one = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const slow = (scroll: ScrollResult) => scroll.frameMs.filter((ms) => ms > 50).length;

/** Per update of a stream: its frame's main-thread time plus its share of the ingesting. */
function perUpdate(stream: StreamResult): number {
  return median(stream.frameMs) + stream.ingestMs / Math.max(1, stream.updates);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The issue's table (medians over the runs), then the other figures, then each run's loads. */
export function formatLongReport(results: readonly RunFigures[], sizes: readonly number[]): string {
  const of = (contender: ContenderName, n: number) =>
    results.filter((r) => r.contender === contender && r.n === n);
  const med = (contender: ContenderName, n: number, value: (r: RunFigures) => number) =>
    median(of(contender, n).map(value));
  const main = table(
    [
      'N',
      'kit load → last turn painted (ms)',
      'plain DOM (ms)',
      'plain React (ms)',
      'kit longest task (ms)',
      'kit JS heap (MB)',
      'kit DOM nodes',
      'keystroke p95 kit / React / DOM (ms)',
      'jump-scroll frames > 50 ms of 42, kit / React / DOM',
      'kit stream, ms per update',
    ],
    sizes.map((n) => [
      String(n),
      int(med('kit', n, (r) => r.loadMs)),
      int(med('dom', n, (r) => r.loadMs)),
      int(med('react', n, (r) => r.loadMs)),
      int(med('kit', n, (r) => r.tasks.longestMs)),
      one(med('kit', n, (r) => r.heapMb)),
      int(med('kit', n, (r) => r.nodes)),
      (['kit', 'react', 'dom'] as const)
        .map((c) => int(med(c, n, (r) => quantile(r.keys, 0.95))))
        .join(' / '),
      (['kit', 'react', 'dom'] as const).map((c) => int(med(c, n, (r) => slow(r.scroll)))).join(' / '),
      one(med('kit', n, (r) => (r.stream === null ? Number.NaN : perUpdate(r.stream)))),
    ]),
  );
  const others = table(
    [
      'N',
      'React: longest task / heap MB / DOM nodes',
      'DOM: longest task / heap MB / DOM nodes',
      'kit: longest jump-scroll frame (ms)',
      'kit stream: frame p50 / p95 (ms), updates',
    ],
    sizes.map((n) => [
      String(n),
      `${int(med('react', n, (r) => r.tasks.longestMs))} / ${one(med('react', n, (r) => r.heapMb))} / ${int(med('react', n, (r) => r.nodes))}`,
      `${int(med('dom', n, (r) => r.tasks.longestMs))} / ${one(med('dom', n, (r) => r.heapMb))} / ${int(med('dom', n, (r) => r.nodes))}`,
      int(med('kit', n, (r) => Math.max(...r.scroll.frameMs))),
      `${one(med('kit', n, (r) => median(r.stream?.frameMs ?? [])))} / ${one(med('kit', n, (r) => quantile(r.stream?.frameMs ?? [], 0.95)))}, ${int(med('kit', n, (r) => r.stream?.updates ?? 0))}`,
    ]),
  );
  const baseline = (n: number, what: string) => {
    const runs = of('kit', n).filter((r) => r.stream !== null);
    return runs.length === 0
      ? ''
      : `\nStreaming into ${what}: ${one(median(runs.map((r) => perUpdate(r.stream!))))} ms per update ` +
          `(frame p50 ${one(median(runs.map((r) => median(r.stream!.frameMs))))} ms).`;
  };
  const streamBaseline =
    baseline(1, 'a 1-turn conversation') +
    baseline(2, 'a 2-turn one (the first whose turns fill the screen)');
  const each = sizes
    .map(
      (n) =>
        `N=${n}: ` +
        (['kit', 'react', 'dom'] as const)
          .map(
            (c) =>
              `${c} ${of(c, n)
                .map((r) => int(r.loadMs))
                .join(', ')}`,
          )
          .join('; '),
    )
    .join('\n');
  // The kit's stream and longest task run by run: how far apart the runs behind a median are.
  const kitRuns = [1, 2, ...sizes]
    .filter((n) => of('kit', n).length > 0)
    .map(
      (n) =>
        `N=${n}: stream ${of('kit', n)
          .map((r) => (r.stream === null ? '–' : one(perUpdate(r.stream))))
          .join(', ')}; longest task ${of('kit', n)
          .map(
            (r) => `${int(r.tasks.longestMs)}${r.tasks.longestDuring ? ` (${r.tasks.longestDuring})` : ''}`,
          )
          .join(', ')}`,
    )
    .join('\n');
  return `${main}\n\n${others}\n${streamBaseline}\n\nLoads per run (ms):\n${each}\n\nThe kit per run (stream: ms per update; longest task: ms):\n${kitRuns}`;
}
