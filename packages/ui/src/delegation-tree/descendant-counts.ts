import type { ToolCallStatus, ToolStreamState } from '@toolstream/core';
import { plural } from '../internal/format.js';

/** How many calls sit under a delegation (at any depth), in total and per status. */
export type DescendantCounts = { total: number } & Record<ToolCallStatus, number>;

/** The order statuses appear in a summary: what needs attention first. */
const SUMMARY_ORDER: readonly ToolCallStatus[] = [
  'streaming',
  'running',
  'pending',
  'error',
  'interrupted',
  'stopped',
  'complete',
];

/** Counts the calls nested under `callId`, at any depth (cycles in bad input are cut). */
export function descendantCounts(state: ToolStreamState, callId: string): DescendantCounts {
  const counts: DescendantCounts = {
    total: 0,
    pending: 0,
    streaming: 0,
    running: 0,
    complete: 0,
    error: 0,
    stopped: 0,
    interrupted: 0,
  };
  const seen = new Set<string>([callId]);
  const queue = [...(state.children[callId] ?? [])];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const call = state.calls[id];
    if (call === undefined) continue;
    counts.total++;
    counts[call.status]++;
    const children = state.children[id];
    if (children !== undefined) queue.push(...children);
  }
  return counts;
}

/** "3 calls · 2 complete · 1 streaming" (statuses with no calls are left out). */
export function summarizeCounts(
  counts: DescendantCounts,
  labels: Readonly<Record<ToolCallStatus, string>>,
): string {
  const parts = [plural(counts.total, 'call', 'calls')];
  for (const status of SUMMARY_ORDER) {
    if (counts[status] > 0) parts.push(`${counts[status]} ${labels[status].toLowerCase()}`);
  }
  return parts.join(' · ');
}
