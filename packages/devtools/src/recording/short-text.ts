/** How much of a value a change or a list row shows. */
export const SHORT_LENGTH = 160;

/**
 * A value as one short line: strings as they are (cut), anything else as JSON (cut). State always
 * serializes (the core bounds what it keeps), but a hand-made value may not: that is said, not thrown.
 */
export function shortText(value: unknown, max = SHORT_LENGTH): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = '(a value that cannot be written as JSON)';
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
