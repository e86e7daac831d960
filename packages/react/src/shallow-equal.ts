import { useRef } from 'react';
import { shallow } from 'zustand/vanilla/shallow';

/**
 * Whether two values are equal one level deep: the same value, or arrays / plain objects whose
 * items or own properties are the same values (`Object.is`). Maps, Sets and other objects are
 * compared by zustand's `shallow`.
 *
 * Why not zustand's for everything: it compares a plain object or an array by building a `Map`
 * of each side's entries. Selectors run for every subscribed component on every store update —
 * a thread with a hundred tool calls runs hundreds per frame — and that allocation was a
 * measurable share of a frame (`npm run bench:render`). This loops over the keys instead.
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(a);
  if (prototype !== Object.getPrototypeOf(b)) return false;
  if (prototype !== Object.prototype && prototype !== null) return shallow(a, b);
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    if (!Object.hasOwn(right, key) || !Object.is(left[key], right[key])) return false;
    keys++;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys--;
  return keys === 0;
}

/**
 * Wraps `selector` so that a result shallowly equal to the previous one ({@link shallowEqual}) is
 * replaced by the previous one: the component then sees an unchanged value and does not re-render.
 */
export function useShallowSelector<S, T>(selector: (state: S) => T): (state: S) => T {
  const previous = useRef<{ value: T } | null>(null);
  return (state) => {
    const next = selector(state);
    if (previous.current !== null && shallowEqual(previous.current.value, next))
      return previous.current.value;
    previous.current = { value: next };
    return next;
  };
}
