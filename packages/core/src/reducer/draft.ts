import { type Table, toTable } from './table.js';

/**
 * Copy-on-write for one batch of updates. The first write to an object in a batch copies it;
 * later writes in the same batch mutate that copy. So a batch costs O(events + objects touched)
 * instead of O(events × state size), objects that were not touched keep their identity
 * (structural sharing), and the caller's state is never mutated.
 */
export class Draft {
  readonly #owned = new Set<object>();

  /** Returns a copy of `value` this batch may mutate (the same copy on every call). */
  own<T extends object>(value: T): T {
    if (this.#owned.has(value)) return value;
    const copy = (Array.isArray(value) ? value.slice() : { ...value }) as T;
    this.#owned.add(copy);
    return copy;
  }

  /**
   * Returns a copy of a table (see table.ts) this batch may mutate. The copy has no prototype
   * whatever the original had (a state restored from JSON has plain objects), so writing any key
   * into it, `__proto__` included, only ever creates an own entry.
   */
  ownTable<T>(table: Table<T>): Record<string, T> {
    if (this.#owned.has(table)) return table as Record<string, T>;
    const copy = toTable(table);
    this.#owned.add(copy);
    return copy;
  }

  /** Marks an object created in this batch as mutable without copying it. */
  adopt<T extends object>(value: T): T {
    this.#owned.add(value);
    return value;
  }
}
