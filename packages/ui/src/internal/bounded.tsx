import { type ReactNode, useState } from 'react';

/** Estimated lines past which complete content is kept bounded, with "Show more". */
const LONG_LINES = 18;
/** Characters per line the estimate assumes for wrapped text. */
const LINE_CHARS = 90;

/**
 * Whether `text` is long enough to keep bounded: its lines, counting wrapped ones. Decided from
 * the text while rendering — never by measuring the page, which would take a second commit once
 * the browser laid it out — so content a little over the bound may show whole.
 */
export function isLong(text: string): boolean {
  let lines = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lines += Math.max(1, Math.ceil((end - start) / LINE_CHARS));
    if (lines > LONG_LINES) return true;
    start = end + 1;
  }
  return false;
}

/** Props of {@link Bounded}. */
interface BoundedProps {
  /** While content arrives the area shows its newest end. */
  streaming: boolean;
  /** Whether the complete content is long: then it scrolls within a bounded height, with "Show more". */
  long: boolean;
  /** Names the area when it scrolls (it then takes focus, so keyboards can scroll it). */
  label: string;
  children: ReactNode;
}

/**
 * Keeps long content to a bounded height: while it streams, a window on its newest lines
 * (`--ts-stream-height`); once complete and long, a scroll area (`--ts-output-height`) with
 * "Show more" to unfold it all.
 */
export function Bounded({ streaming, long, label, children }: BoundedProps) {
  const [expanded, setExpanded] = useState(false);
  const scrolls = long && !streaming && !expanded;
  return (
    <div
      data-slot="bounded"
      data-state={streaming ? 'streaming' : expanded ? 'expanded' : long ? 'bounded' : 'whole'}
      data-streaming={streaming ? '' : undefined}
      className="ts-bounded"
    >
      <div
        data-slot="bounded-viewport"
        className="ts-bounded__viewport"
        // A scrolling area must take focus so keyboard users can scroll it (WCAG 2.1.1).
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        {children}
      </div>
      {long && !streaming && (
        <button
          type="button"
          data-slot="bounded-toggle"
          className="ts-bounded__toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
