import { memo } from 'react';
import { cx } from '../internal/cx.js';
import { TextLines } from '../internal/text-lines.js';
import type { TextRendererProps } from './text-renderer.js';

const Paragraph = memo(function Paragraph({ text }: { text: string }) {
  return (
    <p>
      <TextLines lines={text.split('\n')} />
    </p>
  );
});

/**
 * Text as it is: paragraphs at blank lines, line breaks kept, nothing interpreted. The default
 * {@link TextRenderer}. As text streams, only its last paragraph re-renders.
 */
export function PlainText({ children, streaming = false, className }: TextRendererProps) {
  const paragraphs = children.split(/\n{2,}/);
  return (
    <div
      data-slot="plain-text"
      data-streaming={streaming ? '' : undefined}
      className={cx('ts-text', className)}
    >
      {paragraphs.map((text, index) =>
        // Paragraphs only grow at the end: an index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        text === '' ? null : <Paragraph key={index} text={text} />,
      )}
    </div>
  );
}
PlainText.displayName = 'PlainText';
