import { useMessage, useResolvedStore, useStreamStatus } from '@toolstream/react';
import {
  type FormEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  memo,
  useId,
  useRef,
  useState,
} from 'react';
import { useChatFocus } from '../internal/chat-focus.js';
import { cx } from '../internal/cx.js';
import { PencilIcon } from '../internal/icons.js';
import { TextLines } from '../internal/text-lines.js';
import { visuallyHidden } from '../internal/visually-hidden.js';

/** Props of {@link UserMessage}. Other props go to its `<article>`. */
export interface UserMessageProps extends HTMLAttributes<HTMLElement> {
  messageId: string;
  /** The message's accessible name; default "You". */
  label?: string;
  /**
   * Offer editing (`store.edit`: the message changes, later turns are dropped, and it is
   * answered again). Default `true`.
   */
  editable?: boolean;
}

/**
 * What the user sent, as plain text (line breaks kept; never markdown or HTML), with an Edit
 * button: the text becomes a field, and "Save & submit" answers the changed message again
 * (Enter submits, Shift+Enter starts a line, Escape cancels).
 */
export const UserMessage = memo(function UserMessage({
  messageId,
  label = 'You',
  editable = true,
  className,
  ...props
}: UserMessageProps) {
  const message = useMessage(messageId);
  const { isStreaming } = useStreamStatus();
  const store = useResolvedStore('UserMessage');
  const { focusComposer } = useChatFocus();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  if (message === undefined || message.role !== 'user') return null;
  const lines = message.text.split('\n');

  const cancel = () => {
    setEditing(false);
    // Back to where the reader was: the button, once it is rendered again.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const submit = (text: string) => {
    if (text.trim() === '') return;
    setEditing(false);
    void store.edit(messageId, text);
    focusComposer();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(new FormData(event.currentTarget).get('message')?.toString() ?? '');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // not a Stop for the chat around it
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(event.currentTarget.value);
    }
  };

  return (
    <article
      data-slot="user-message"
      data-state={editing ? 'editing' : 'idle'}
      aria-label={label}
      className={cx('ts-message', 'ts-message--user', className)}
      {...props}
    >
      {editing ? (
        <form data-slot="user-message-edit" className="ts-message__edit" onSubmit={onSubmit}>
          <label htmlFor={fieldId} style={visuallyHidden}>
            Edit message
          </label>
          <textarea
            id={fieldId}
            name="message"
            data-slot="user-message-edit-input"
            className="ts-message__edit-input"
            defaultValue={message.text}
            // biome-ignore lint/a11y/noAutofocus: the reader just asked to edit this text
            autoFocus
            rows={Math.min(8, lines.length + 1)}
            onKeyDown={onKeyDown}
          />
          <div className="ts-message__edit-actions">
            <button type="button" className="ts-button" onClick={cancel}>
              Cancel
            </button>
            <button type="submit" className="ts-button ts-button--primary">
              Save & submit
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="ts-message__text">
            <TextLines lines={lines} />
          </p>
          {editable && (
            <button
              ref={editButton}
              type="button"
              data-slot="user-message-edit-button"
              className="ts-icon-button ts-message__edit-button"
              aria-label="Edit message"
              title="Edit message"
              disabled={isStreaming}
              onClick={() => setEditing(true)}
            >
              <PencilIcon />
            </button>
          )}
        </>
      )}
    </article>
  );
});
UserMessage.displayName = 'UserMessage';
