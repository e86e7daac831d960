import type { PendingAsks, PendingLookup } from '../input/pending-input.js';
import type { RunStore } from './run-store.js';

/** Options of {@link createMemoryPending}. */
export interface MemoryPendingOptions {
  /** How long a run's asks are kept for an answer. */
  ttlMs: number;
  /** Records kept at once; the oldest goes first. */
  max: number;
  now: () => number;
}

interface Entry {
  pending: PendingAsks;
  answered: boolean;
  expiresAt: number;
}

/**
 * The memory store's pending asks: a bounded map whose entries expire (checked when read, so no
 * timer is left behind). One process, so claiming is a plain check-and-set.
 */
export function createMemoryPending(
  options: MemoryPendingOptions,
): Pick<RunStore, 'savePending' | 'getPending' | 'claimPending'> {
  // Insertion order is age: the first entry is the oldest.
  const entries = new Map<string, Entry>();

  const live = (runId: string): Entry | null => {
    const entry = entries.get(runId);
    if (entry === undefined) return null;
    if (entry.expiresAt <= options.now()) {
      entries.delete(runId);
      return null;
    }
    return entry;
  };

  return {
    async savePending(pending) {
      entries.delete(pending.runId);
      // A copy: what the store keeps cannot change with the caller's objects.
      const kept = structuredClone(pending);
      entries.set(pending.runId, {
        pending: kept,
        answered: false,
        expiresAt: options.now() + options.ttlMs,
      });
      for (const [id, entry] of entries) {
        if (entries.size <= options.max && entry.expiresAt > options.now()) break;
        entries.delete(id);
      }
    },
    async getPending(runId): Promise<PendingLookup | null> {
      const entry = live(runId);
      return entry === null ? null : { pending: structuredClone(entry.pending), answered: entry.answered };
    },
    async claimPending(runId) {
      const entry = live(runId);
      if (entry === null || entry.answered) return false;
      entry.answered = true;
      return true;
    },
  };
}
