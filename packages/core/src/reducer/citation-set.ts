import type { Citation } from '../protocol/events.js';

/**
 * Which sources a message's citation list already holds, so a new citation is checked in O(1)
 * rather than by scanning the list (40,000 citations would take seconds). State stays plain data:
 * the set lives here, keyed by the list it describes, and is trusted only while its size still
 * matches the list's length. The reducer asks for the set of the list it is writing in a batch
 * (its own copy) and adds each source it appends, so a batch builds the set once, as it copies the
 * list once.
 */
const sets = new WeakMap<readonly Citation[], Set<string>>();

/** The sources in `list`: a set the caller extends as it appends to `list`. */
export function sourcesOf(list: readonly Citation[]): Set<string> {
  let set = sets.get(list);
  if (set === undefined || set.size !== list.length) {
    set = new Set(list.map((citation) => citation.source));
    sets.set(list, set);
  }
  return set;
}

/**
 * Lets `copy`, a copy of `list` about to grow, take over `list`'s set instead of building its
 * own (the set then no longer matches `list`, which is rebuilt if it is ever written again).
 */
export function handOverSources(list: readonly Citation[], copy: readonly Citation[]): void {
  const set = sets.get(list);
  if (set !== undefined && set.size === list.length) sets.set(copy, set);
}
