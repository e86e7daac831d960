import type { HeapUse } from './measure.js';
import type { WorkloadStats } from './workload.js';

/** The figures of one contender on one workload. */
export interface ContenderResult {
  key: string;
  label: string;
  /** Wall time of each timed run, in order. */
  runsMs: number[];
  medianMs: number;
  /** Megabytes (10^6 bytes) of SSE per second at the median time. */
  mbPerSecond: number;
  /** Median time over the floor's median time. */
  ratioToFloor: number;
  /** CPU time of each timed run. */
  runsCpuMs: number[];
  /** Median CPU time over the floor's median CPU time. */
  cpuRatioToFloor: number;
  heap: HeapUse | null;
  status: 'ok' | 'FAILED' | 'TRUNCATED';
  problems: string[];
  note: string | null;
}

/** The results for one workload. */
export interface WorkloadResult {
  name: string;
  bytes: number;
  pieces: number;
  cutsInsideCharacters: number;
  stats: WorkloadStats;
  results: ContenderResult[];
}

const MB = 1e6;

/** A plain-text table of one workload's results. */
export function formatWorkload(workload: WorkloadResult): string {
  const { stats } = workload;
  const lines = [
    `${workload.name}: ${(workload.bytes / MB).toFixed(2)} MB of SSE, ${stats.frames} frames, ` +
      `${stats.toolCallEntries} tool_calls entries, ${stats.calls} calls (${stats.delegations} delegations, ` +
      `${stats.nestedCalls} nested), ${stats.meanStreaming.toFixed(0)} results streaming at once on average ` +
      `(max ${stats.maxStreaming}); ${workload.pieces} pieces, ${workload.cutsInsideCharacters} cut inside a UTF-8 character`,
  ];
  const header = [
    'contender',
    'runs',
    'median ms',
    'min–max ms',
    'MB/s',
    '× floor',
    'cpu × floor',
    'peak heap MB',
    'final heap MB',
    'check',
  ];
  const rows = workload.results.map((result) => {
    const min = Math.min(...result.runsMs);
    const max = Math.max(...result.runsMs);
    const bound = result.status === 'TRUNCATED' ? '≥ ' : '';
    return [
      result.label,
      String(result.runsMs.length),
      bound + result.medianMs.toFixed(1),
      `${min.toFixed(1)}–${max.toFixed(1)}`,
      (result.status === 'TRUNCATED' ? '≤ ' : '') + result.mbPerSecond.toFixed(1),
      bound + result.ratioToFloor.toFixed(2),
      bound + result.cpuRatioToFloor.toFixed(2),
      result.heap === null ? '–' : (result.heap.peak / MB).toFixed(1),
      result.heap === null ? '–' : (result.heap.retained / MB).toFixed(1),
      result.status,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  lines.push(format(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(format));
  for (const result of workload.results) {
    if (result.note !== null) lines.push(`  ${result.key}: ${result.note}`);
    for (const problem of result.problems) lines.push(`  ${result.key} FAILED: ${problem}`);
  }
  return lines.join('\n');
}
