import type { RunLogEntry } from '../backend/mock-backend.js';

/** One log line for a run event: `[run_Xy…] cancel subagent-delegation (delete)`. */
export function formatLogEntry(entry: RunLogEntry): string {
  const scenario = entry.scenario === undefined ? '' : ` ${entry.scenario}`;
  const reason = entry.reason === undefined ? '' : ` (${entry.reason})`;
  return `[${entry.runId}] ${entry.type}${scenario}${reason}`;
}
