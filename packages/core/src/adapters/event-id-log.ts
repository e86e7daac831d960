/**
 * Which SSE ids a run has applied, so a replayed event (after a resume, or a server's overlap)
 * is not applied twice.
 *
 * Ids that are non-negative integers are taken as a sequence, as the run convention asks
 * (PROTOCOL.md §5: "unique and increasing within the run"; resuming "after" an id only means
 * something for ordered ids): one at or below the highest seen is a replay. That costs one
 * number per run instead of a set that grows with every event. Other ids are remembered one by
 * one.
 */
export class EventIdLog {
  #highest = -1;
  readonly #others = new Set<string>();

  /** Creates a log that already holds `ids` (a run re-attached after a reload…). */
  constructor(ids: Iterable<string> = []) {
    for (const id of ids) this.add(id);
  }

  /** Whether `id` was applied already. */
  has(id: string): boolean {
    const n = sequenceNumber(id);
    return n === null ? this.#others.has(id) : n <= this.#highest;
  }

  /** Records `id` as applied. */
  add(id: string): void {
    const n = sequenceNumber(id);
    if (n === null) this.#others.add(id);
    else if (n > this.#highest) this.#highest = n;
  }

  /** Records `id` unless it was applied already; returns whether it was new. */
  addIfNew(id: string): boolean {
    const n = sequenceNumber(id);
    if (n === null) {
      if (this.#others.has(id)) return false;
      this.#others.add(id);
      return true;
    }
    if (n <= this.#highest) return false;
    this.#highest = n;
    return true;
  }

  /** A copy, for a later session of the same run. */
  clone(): EventIdLog {
    const copy = new EventIdLog(this.#others);
    copy.#highest = this.#highest;
    return copy;
  }
}

/** The id as a sequence number, or `null` when it is not a plain non-negative integer. */
function sequenceNumber(id: string): number | null {
  const length = id.length;
  if (length === 0 || length > 15) return null; // beyond 15 digits doubles lose integers
  // "007" and "7" would be the same number but are different ids: only canonical forms count.
  if (length > 1 && id.charCodeAt(0) === 48) return null;
  // Read the digits in the same pass that checks them (`Number(id)` is a slow runtime call).
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return value;
}
