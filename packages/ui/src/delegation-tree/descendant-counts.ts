import type { AssistantMessageState, CallStatus } from '@toolstream/core';
import { plural } from '../internal/format.js';

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
  const seen = new Set<string>([callId]);
  const childrenOf = (id: string) => (Object.hasOwn(message.children, id) ? message.children[id]! : []);
  const queue = [...childrenOf(callId)];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const call = Object.hasOwn(message.calls, id) ? message.calls[id] : undefined;
    if (call === undefined) continue;
    counts.total++;
    counts[call.status]++;
    queue.push(...childrenOf(id));
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
