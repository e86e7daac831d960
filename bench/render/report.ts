import type { PageResult } from './shared.js';
import { quantile } from './stats.js';

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The four targets, judged on every run, and frames per second beside them. */
const ROWS: {
  name: string;
  goal: string;
  value: (r: PageResult) => number;
  ok?: (r: PageResult) => boolean;
}[] = [
  {
    name: 'React commits per frame (max)',
    goal: '≤ 1',
    value: (r) => r.maxCommitsPerFrame,
    ok: (r) => r.maxCommitsPerFrame <= 1,
  },
  {
    name: 're-renders of unchanged calls',
    goal: '0',
    value: (r) => r.unchangedRenders,
    ok: (r) => r.unchangedRenders === 0,
  },
  { name: 'long tasks (> 50 ms)', goal: '0', value: (r) => r.longTasks, ok: (r) => r.longTasks === 0 },
  {
    name: 'chunk-to-paint p95 (ms)',
    goal: '< 50',
    value: (r) => r.chunkToPaint.p95,
    ok: (r) => r.problems.length === 0 && r.chunkToPaint.p95 < 50,
  },
  { name: '  chunk-to-paint p50 (ms)', goal: '', value: (r) => r.chunkToPaint.p50 },
  { name: '  chunk-to-paint max (ms)', goal: '', value: (r) => r.chunkToPaint.max },
  { name: '  longest task (ms)', goal: '', value: (r) => r.longestTaskMs },
  { name: 'frames per second', goal: '', value: (r) => r.framesPerSecond },
];

/** A markdown table: one row per figure, one column per run, then the median and whether it was met. */
export function formatReport(results: readonly PageResult[]): string {
  const header = ['figure', 'goal', ...results.map((_, i) => `#${i + 1}`), 'median', 'met'];
  const rows = ROWS.map((row) => {
    const values = results.map(row.value);
    const format = (value: number) => fixed(value, Number.isInteger(value) ? 0 : 1);
    const cells = values.map(format);
    const met = row.ok === undefined ? '' : results.length > 0 && results.every(row.ok) ? 'yes' : 'NO';
    return [row.name, row.goal, ...cells, format(quantile(values, 0.5)), met];
  });
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (i === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
