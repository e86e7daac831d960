import { useMessage } from '@toolstream/react';
import { type HTMLAttributes, memo } from 'react';
import { cx } from '../internal/cx.js';

/** Props of {@link UserMessage}. Other props go to its `<article>`. */
export interface UserMessageProps extends HTMLAttributes<HTMLElement> {
  messageId: string;
  /** The message's accessible name; default "You". */
  label?: string;
}

/** What the user sent, as plain text (line breaks kept; never markdown or HTML). */
export const UserMessage = memo(function UserMessage({
  messageId,
  label = 'You',
  className,
  ...props
}: UserMessageProps) {
  const message = useMessage(messageId);
  if (message === undefined || message.role !== 'user') return null;
  const lines = message.text.split('\n');
  return (
    <article
      data-slot="user-message"
      aria-label={label}
      className={cx('ts-message', 'ts-message--user', className)}
      {...props}
    >
      <p className="ts-message__text">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
          <span key={index}>
            {index > 0 && <br />}
            {line}
          </span>
        ))}
      </p>
    </article>
  );
});
UserMessage.displayName = 'UserMessage';
