/** Joins class names, skipping empty ones (the components' `ts-*` class plus the caller's `className`). */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  let out = '';
  for (const name of names) {
    if (!name) continue;
    out = out === '' ? name : `${out} ${name}`;
  }
  return out;
}
