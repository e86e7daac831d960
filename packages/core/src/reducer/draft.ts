/**
 * Copy-on-write for one batch of updates. The first write to an object in a batch copies it;
 * later writes in the same batch mutate that copy. So a batch costs O(events + objects touched)
 * instead of O(events × state size), objects that were not touched keep their identity
 * (structural sharing), and the caller's state is never mutated.
 */
export class Draft {
  readonly #owned = new Set<object>();
  readonly #inPlace: boolean;

  /**
   * With `inPlace`, every object counts as owned: nothing is copied and the state is mutated
   * directly. Only for a state nobody else holds and whose intermediate versions nobody reads
   * (`reduceStream` building a snapshot from a fresh state).
   */
  constructor(options: { inPlace?: boolean } = {}) {
    this.#inPlace = options.inPlace === true;
  }

  /** Returns a copy of `value` this batch may mutate (the same copy on every call). */
  own<T extends object>(value: T): T {
    if (this.owns(value)) return value;
    const copy = (Array.isArray(value) ? value.slice() : { ...value }) as T;
    this.#owned.add(copy);
    return copy;
  }

  /** Whether this batch may mutate `value` as it is (it was copied or created in this batch). */
  owns(value: object): boolean {
    return this.#inPlace || this.#owned.has(value);
  }

  /** Marks an object created in this batch as mutable without copying it. */
  adopt<T extends object>(value: T): T {
    if (!this.#inPlace) this.#owned.add(value);
    return value;
  }
}
