import { useResolvedStore, useStreamStatus } from '@toolstream/react';
import {
  type FormEvent,
  type FormHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../internal/cx.js';
import { SendIcon, StopIcon } from '../internal/icons.js';
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
  /** A ref to the textarea. */
  inputRef?: Ref<HTMLTextAreaElement>;
  /** A line under the field (a disclaimer, a hint); default none. */
  footer?: ReactNode;
}

/** Whether the focus is nowhere in particular (the page), or in `form`: then it may be moved back. */
function focusIsFree(form: HTMLFormElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (form?.contains(active) ?? false);
}

/**
 * Where the user writes. Enter sends and Shift+Enter starts a new line; an Enter that confirms
 * an input method's composition (Japanese, Chinese…) does neither. Send is disabled while the
 * text is blank and becomes Stop while a run streams (Enter does not send then; Escape stops).
 * When the run ends, or is stopped, the focus comes back to the field — unless the reader has
 * moved it somewhere else meanwhile.
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
  inputRef,
  footer,
  className,
  ...props
}: ComposerProps) {
  const store = useResolvedStore('Composer');
  const { isStreaming } = useStreamStatus();
  const [text, setText] = useState('');
  const composing = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const inputId = useId();
  const blank = text.trim() === '';

  const setInput = useCallback(
    (element: HTMLTextAreaElement | null) => {
      input.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );

  // The run ended: the Stop button the reader may have used is gone, and the next thing to do
  // is to write. Focus moves only if it is free (on the page, or still in this form).
  const wasStreaming = useRef(isStreaming);
  useEffect(() => {
    if (wasStreaming.current && !isStreaming && focusIsFree(form.current)) input.current?.focus();
    wasStreaming.current = isStreaming;
  }, [isStreaming]);

  const send = () => {
    if (blank || disabled || isStreaming) return;
    const message = text;
    setText('');
    void (onSend ?? ((value: string) => store.send(value)))(message);
  };
  const stop = () => {
    input.current?.focus();
    void (onStop ?? (() => store.stop()))();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && isStreaming) {
      event.preventDefault();
      event.stopPropagation();
      stop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: the key went to an input method (Safari reports isComposing late).
    if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      ref={form}
      data-slot="composer"
      data-state={isStreaming ? 'streaming' : 'idle'}
      className={cx('ts-composer', className)}
      onSubmit={onSubmit}
      {...props}
    >
      <div data-slot="composer-field" className="ts-composer__field">
        <label htmlFor={inputId} style={visuallyHidden}>
          {label}
        </label>
        <textarea
          ref={setInput}
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
            aria-label={stopLabel}
            title={`${stopLabel} (Esc)`}
            onClick={stop}
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            data-slot="composer-send"
            className="ts-composer__button"
            aria-label={sendLabel}
            title={sendLabel}
            disabled={blank || disabled}
          >
            <SendIcon />
          </button>
        )}
      </div>
      {footer !== undefined && (
        <p data-slot="composer-footer" className="ts-composer__footer">
          {footer}
        </p>
      )}
    </form>
  );
}
Composer.displayName = 'Composer';
