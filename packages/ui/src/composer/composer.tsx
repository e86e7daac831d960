import { useResolvedStore, useStreamStatus } from '@toolstream/react';
import { type FormEvent, type FormHTMLAttributes, type KeyboardEvent, useId, useRef, useState } from 'react';
import { cx } from '../internal/cx.js';
import { visuallyHidden } from '../internal/visually-hidden.js';

/** Props of {@link Composer}. Other props go to its `<form>`. */
export interface ComposerProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** Sends the text. Default: the store's `send` (which needs an `endpoint`). */
  onSend?: (text: string) => void | Promise<void>;
  /** Stops the run. Default: the store's `stop`. */
  onStop?: () => void | Promise<void>;
  /** The textarea's label (visually hidden); default "Message". */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  sendLabel?: string;
  stopLabel?: string;
  /** Focus the textarea on mount. */
  autoFocus?: boolean;
}

/**
 * Where the user writes. Enter sends and Shift+Enter starts a new line; an Enter that confirms
 * an input method's composition (Japanese, Chinese…) does neither. Send is disabled while the
 * text is blank and becomes Stop while a run streams (Enter does not send then).
 */
export function Composer({
  onSend,
  onStop,
  label = 'Message',
  placeholder = 'Ask anything…',
  disabled = false,
  sendLabel = 'Send',
  stopLabel = 'Stop',
  autoFocus,
  className,
  ...props
}: ComposerProps) {
  const store = useResolvedStore('Composer');
  const { isStreaming } = useStreamStatus();
  const [text, setText] = useState('');
  const composing = useRef(false);
  const inputId = useId();
  const blank = text.trim() === '';

  const send = () => {
    if (blank || disabled || isStreaming) return;
    const message = text;
    setText('');
    void (onSend ?? ((value: string) => store.send(value)))(message);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: the key went to an input method (Safari reports isComposing late).
    if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      data-slot="composer"
      data-state={isStreaming ? 'streaming' : 'idle'}
      className={cx('ts-composer', className)}
      onSubmit={onSubmit}
      {...props}
    >
      <label htmlFor={inputId} style={visuallyHidden}>
        {label}
      </label>
      <textarea
        id={inputId}
        name="message"
        data-slot="composer-input"
        className="ts-composer__input"
        rows={1}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: the caller asks for it
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={() => {
          composing.current = false;
        }}
      />
      {isStreaming ? (
        <button
          type="button"
          data-slot="composer-stop"
          className="ts-composer__button ts-composer__button--stop"
          onClick={() => void (onStop ?? (() => store.stop()))()}
        >
          {stopLabel}
        </button>
      ) : (
        <button
          type="submit"
          data-slot="composer-send"
          className="ts-composer__button"
          disabled={blank || disabled}
        >
          {sendLabel}
        </button>
      )}
    </form>
  );
}
Composer.displayName = 'Composer';
