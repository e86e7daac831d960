import { compiler, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { type HTMLAttributes, memo, type ReactNode, useMemo, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { markdownOverrides } from './markdown-overrides.js';
import { extendSimpleBlock, type InlineRun, type SimpleBlockCache } from './simple-block.js';
import { type BlockSplit, extendSplit } from './split-blocks.js';

const BASE_OPTIONS: MarkdownToJSX.Options = {
  // Stream content is text, never HTML: raw tags render as the characters they are.
  disableParsingRawHTML: true,
  tagfilter: true,
  forceBlock: true,
  wrapper: null,
  overrides: markdownOverrides,
};

const STREAMING_OPTIONS: MarkdownToJSX.Options = { ...BASE_OPTIONS, optimizeForStreaming: true };

/** Props of {@link Markdown}. */
export interface MarkdownProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The markdown source (assistant text or tool output). */
  children: string;
  /**
   * Whether the text is still arriving: half-written inline syntax (`**bo`) is held back until
   * it closes, and the last block shows a caret (with the stylesheet).
   */
  streaming?: boolean;
}

const Block = memo(function MarkdownBlock({ text, streaming }: { text: string; streaming: boolean }) {
  // The block being streamed grows at its end: what was made of its last version is reused. A
  // cache (any earlier version is a valid start), so a render React discards cannot corrupt it.
  const cache = useRef<SimpleBlockCache | null>(null);
  const simple = extendSimpleBlock(cache.current, text);
  cache.current = { text, block: simple };
  if (simple === null) return <>{compiler(text, streaming ? STREAMING_OPTIONS : BASE_OPTIONS)}</>;
  return (
    <>
      {simple.paragraph !== null && <p>{inline(simple.paragraph)}</p>}
      {simple.items.length > 0 && (
        <ul>
          {simple.items.map((runs, index) => (
            // Items only ever grow at the end: an index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>{inline(runs)}</li>
          ))}
        </ul>
      )}
    </>
  );
});

/** Inline runs as React children: plain text, and `<strong>` for the insides of `**` pairs. */
function inline(runs: readonly InlineRun[]): ReactNode {
  if (runs.length === 1 && !runs[0]!.strong) return runs[0]!.text;
  return runs.map((run, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the runs of a line in order; they never move
    run.strong ? <strong key={index}>{run.text}</strong> : run.text,
  );
}

/**
 * Safe markdown for stream content (markdown-to-jsx): raw HTML is shown as text, links work
 * only for http(s) URLs and open in a new tab, images are never loaded (they become links or
 * their alt text), and half-finished markdown renders sensibly while it streams (an unclosed
 * code fence is code). Only the last block is re-parsed as text arrives.
 *
 * @example
 * ```tsx
 * <Markdown streaming={isStreaming}>{text}</Markdown>
 * ```
 */
export function Markdown({ children, streaming = false, className, ...props }: MarkdownProps) {
  // Streamed text only grows at its end: each update cuts only the last block again. The ref is
  // a cache (any earlier split is a valid start), so a render React discards cannot corrupt it.
  const split = useRef<BlockSplit | null>(null);
  const blocks = useMemo(() => {
    split.current = extendSplit(split.current, children);
    return split.current.blocks;
  }, [children]);
  const last = blocks.length - 1;
  return (
    <div
      data-slot="markdown"
      data-streaming={streaming ? '' : undefined}
      className={cx('ts-markdown', className)}
      {...props}
    >
      {blocks.map((block, index) => (
        // Blocks only ever grow at the end, so an index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Block key={index} text={block} streaming={streaming && index === last} />
      ))}
    </div>
  );
}
Markdown.displayName = 'Markdown';
