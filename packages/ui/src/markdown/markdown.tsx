import { compiler, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { type HTMLAttributes, memo, useMemo } from 'react';
import { cx } from '../internal/cx.js';
import { markdownOverrides } from './markdown-overrides.js';
import { plainParagraph } from './plain-paragraph.js';
import { splitBlocks } from './split-blocks.js';

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
  const plain = plainParagraph(text);
  if (plain !== null) return <p>{plain}</p>;
  return <>{compiler(text, streaming ? STREAMING_OPTIONS : BASE_OPTIONS)}</>;
});

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
  const blocks = useMemo(() => splitBlocks(children), [children]);
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
