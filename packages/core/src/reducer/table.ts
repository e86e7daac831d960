/**
 * Tables keyed by wire data (call ids, delegation ids, detail keys). A key is whatever the
 * stream sent — `__proto__`, `constructor`, `toString` included — so a table is an object with
 * no prototype: nothing is inherited, so a lookup finds only what was stored, and `table[key] = v`
 * creates an own property even for `__proto__` (there is no inherited setter to call). Plain
 * objects rather than `Map`s, so state stays JSON.
 */

/** A read-only table. */
export type Table<T> = Readonly<Record<string, T>>;

/** A new, empty table. */
export function emptyTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A table holding the own enumerable entries of `record` (a table from JSON, or a copy). */
export function toTable<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const table = emptyTable<T>();
  for (const key of Object.keys(record)) table[key] = record[key]!;
  return table;
}

/**
 * The entry stored under `key`, or `undefined`. Only own entries count, so this is safe on a
 * table that came from outside with a prototype (a state restored from JSON).
 */
export function lookup<T>(table: Table<T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Writes `value` under `key` in a plain object (one with `Object.prototype`) as an own entry:
 * `__proto__` is defined rather than assigned, so it cannot reach the setter that would replace
 * the object's prototype. For small records keyed by wire data (a call's `details`), which stay
 * plain objects with fast properties; large tables use {@link emptyTable}.
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
}
