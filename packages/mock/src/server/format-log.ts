import type { RunLogEntry } from '../runs/run-registry.js';

/** One log line for a run event: `[run_1_ab12cd34] cancel subagent-delegation (delete) after 12 frames`. */
export function formatLogEntry(entry: RunLogEntry): string {
  const reason = entry.reason === undefined ? '' : ` (${entry.reason})`;
  const frames = entry.type === 'start' ? '' : ` after ${entry.frames} frame${entry.frames === 1 ? '' : 's'}`;
  return `[${entry.runId}] ${entry.type} ${entry.scenario}${reason}${frames}`;
}
