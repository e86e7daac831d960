import { type HTMLAttributes, memo, type ReactNode, useMemo } from 'react';
import { cx } from './cx.js';

// Strings (a key when a colon follows), numbers, and the three literals of indented JSON.
const JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** Beyond this many characters code is shown plain: thousands of spans cost more than they help. */
const HIGHLIGHT_LIMIT = 40_000;

/** JSON text as runs of text and `<span data-token>` (key, string, number, literal). */
function highlightJson(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of code.matchAll(JSON_TOKEN)) {
    const at = match.index;
    if (at > last) out.push(code.slice(last, at));
    const [whole, string, colon, number, literal] = match;
    if (string !== undefined) {
      out.push(
        <span key={at} data-token={colon === undefined ? 'string' : 'key'}>
          {string}
        </span>,
      );
      if (colon !== undefined) out.push(colon);
    } else {
      out.push(
        <span key={at} data-token={number !== undefined ? 'number' : 'literal'}>
          {number ?? literal}
        </span>,
      );
    }
    last = at + whole.length;
  }
  if (last < code.length) out.push(code.slice(last));
  return out;
}

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps extends HTMLAttributes<HTMLPreElement> {
  code: string;
  /** `json` is highlighted (keys, strings, numbers, literals); anything else is shown as is. */
  language?: 'json' | 'text';
}

/** Monospaced, wrapped code; JSON highlighted with `data-token` spans the stylesheet colours. */
export const CodeBlock = memo(function CodeBlock({
  code,
  language = 'text',
  className,
  ...props
}: CodeBlockProps) {
  const content = useMemo(
    () => (language === 'json' && code.length <= HIGHLIGHT_LIMIT ? highlightJson(code) : code),
    [code, language],
  );
  return (
    <pre data-slot="code-block" data-language={language} className={cx('ts-code', className)} {...props}>
      <code>{content}</code>
    </pre>
  );
});

/** What a piece of text is, for showing it: JSON (with its indented form), code-like, or prose. */
export type TextShape = { kind: 'json'; pretty: string } | { kind: 'code' } | { kind: 'text' };

/**
 * Reads what `text` is. Text that starts like JSON is JSON once it parses — tried only when it
 * is complete, since half-streamed JSON never parses — and code-like until then.
 */
export function shapeOf(text: string, complete: boolean): TextShape {
  const start = text.trimStart().charAt(0);
  if (start !== '{' && start !== '[') return { kind: 'text' };
  if (!complete) return { kind: 'code' };
  try {
    return { kind: 'json', pretty: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { kind: 'code' };
  }
}

/** A value as indented JSON (a string stays as it is). */
export function prettyValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
