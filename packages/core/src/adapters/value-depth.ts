/**
 * How deep a value from the wire may nest where state keeps it (a call's details, its
 * arguments): at most this many arrays and objects inside one another. `JSON.parse` reads values
 * nested ten thousand deep, but `JSON.stringify` (and any renderer that recurses) cannot write
 * them, and the state must always serialize: exports, saved sessions and server snapshots write
 * it. A real tool's data nests a handful of levels; 64 leaves room for any of it.
 */
export const MAX_VALUE_DEPTH = 64;

/** What stands in for an array or object cut at {@link MAX_VALUE_DEPTH}. */
export const TOO_DEEP = '[nested too deep]';

/** Whether `value` nests more than `max` arrays and objects. Iterative: never recurses into wire data. */
export function nestsDeeper(value: unknown, max: number = MAX_VALUE_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: { value: object; depth: number }[] = [{ value, depth: 1 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.depth > max) return true;
    const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: top.depth + 1 });
    }
  }
  return false;
}

/**
 * A copy of `value` nesting at most `max` arrays and objects: each array or object that would be
 * nested deeper is replaced by {@link TOO_DEEP}. Keys keep their order and stay own data
 * properties (`__proto__` included, as `JSON.parse` makes it). Iterative.
 */
export function cutDeeper(value: unknown, max: number = MAX_VALUE_DEPTH): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const root: { copy: unknown } = { copy: undefined };
  const work: { source: object; depth: number; place: (copy: unknown) => void }[] = [
    { source: value, depth: 1, place: (copy) => (root.copy = copy) },
  ];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (item.depth > max) {
      item.place(TOO_DEEP);
      continue;
    }
    const depth = item.depth + 1;
    if (Array.isArray(item.source)) {
      const copy: unknown[] = item.source.slice();
      item.place(copy);
      copy.forEach((child, index) => {
        if (typeof child === 'object' && child !== null) {
          work.push({ source: child, depth, place: (c) => (copy[index] = c) });
        }
      });
      continue;
    }
    const copy: Record<string, unknown> = {};
    item.place(copy);
    for (const [key, child] of Object.entries(item.source)) {
      define(copy, key, child);
      if (typeof child === 'object' && child !== null) {
        work.push({ source: child, depth, place: (c) => define(copy, key, c) });
      }
    }
  }
  return root.copy;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
