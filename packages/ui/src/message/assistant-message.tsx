import { useMessage } from '@toolstream/react';
import { type HTMLAttributes, memo } from 'react';
import { Citations } from '../citations/citations.js';
import { CallNode } from '../delegation-tree/call-node.js';
import { AnswerProvider } from '../internal/answer-scope.js';
import { cx } from '../internal/cx.js';
import { Markdown } from '../markdown/markdown.js';
import { Reasoning } from './reasoning.js';
import { useMessageStreaming } from './use-message-streaming.js';

/** Props of {@link AssistantMessage}. Other props go to its `<article>`. */
export interface AssistantMessageProps extends HTMLAttributes<HTMLElement> {
  messageId: string;
  /** The message's accessible name; default "Assistant". */
  label?: string;
}

/**
 * An assistant turn, its parts in arrival order: text (markdown), reasoning (a closed
 * "Thinking" disclosure) and top-level tool calls (delegations as {@link DelegationTree}s),
 * then its citations. While the run writes into it: `aria-busy`, a caret after the last text,
 * and "Working…" before anything arrived.
 */
export const AssistantMessage = memo(function AssistantMessage({
  messageId,
  label = 'Assistant',
  className,
  ...props
}: AssistantMessageProps) {
  const message = useMessage(messageId);
  const streaming = useMessageStreaming(messageId);
  if (message === undefined || message.role !== 'assistant') return null;
  const last = message.parts.length - 1;
  return (
    <AnswerProvider messageId={messageId}>
    <article
      data-slot="assistant-message"
      data-state={streaming ? 'streaming' : 'complete'}
      aria-label={label}
      aria-busy={streaming || undefined}
      className={cx('ts-message', 'ts-message--assistant', className)}
      {...props}
    >
      {message.parts.length === 0 && streaming && (
        <p data-slot="assistant-message-pending" className="ts-message__pending">
          Working…
        </p>
      )}
      {message.parts.map((part, index) => {
        switch (part.type) {
          case 'text':
            return (
              // Parts only grow at the end: the index is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Markdown key={index} streaming={streaming && index === last}>
                {part.text}
              </Markdown>
            );
          case 'reasoning':
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            return <Reasoning key={index} text={part.text} streaming={streaming && index === last} />;
          case 'tool-call':
            return <CallNode key={part.callId} callId={part.callId} />;
          default:
            return null;
        }
      })}
      <Citations citations={message.citations} />
    </article>
    </AnswerProvider>
  );
});
AssistantMessage.displayName = 'AssistantMessage';
