import type { AssistantMessageState, CallStatus } from '@toolstream/core';
import { plural } from '../internal/format.js';
import { descendants } from './descendants.js';

/** How many calls sit under a delegation (at any depth), in total and per status. */
export type DescendantCounts = { total: number } & Record<CallStatus, number>;

/** Statuses worth naming in a summary, in the order they need attention. */
const SUMMARY_ORDER: readonly CallStatus[] = [
  'awaiting-input',
  'error',
  'denied',
  'interrupted',
  'truncated',
];

/** Counts the calls of `message` nested under `callId`, at any depth (cycles in bad input are cut). */
export function descendantCounts(message: AssistantMessageState, callId: string): DescendantCounts {
  const counts: DescendantCounts = {
    total: 0,
    pending: 0,
    streaming: 0,
    running: 0,
    complete: 0,
    error: 0,
    stopped: 0,
    interrupted: 0,
    truncated: 0,
    'awaiting-input': 0,
    'awaiting-result': 0,
    denied: 0,
  };
  for (const call of descendants(message, callId)) {
    counts.total++;
    counts[call.status]++;
  }
  return counts;
}

/**
 * "3 tools", "3 tools · 1 failed": the total, then the calls that need attention (statuses with
 * no calls are left out).
 */
export function summarizeCounts(
  counts: DescendantCounts,
  labels: Readonly<Record<CallStatus, string>>,
): string {
  const parts = [plural(counts.total, 'tool', 'tools')];
  for (const status of SUMMARY_ORDER) {
    if (counts[status] > 0) parts.push(`${counts[status]} ${labels[status].toLowerCase()}`);
  }
  return parts.join(' · ');
}
