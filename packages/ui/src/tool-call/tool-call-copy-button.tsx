import { type ButtonHTMLAttributes, useEffect, useRef, useState } from 'react';
import { cx } from '../internal/cx.js';
import { CheckIcon, CopyIcon } from '../internal/icons.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { callResult } from './call-fields.js';
import { copyText } from './copy-text.js';
import { useToolCallContext } from './tool-call-context.js';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2000;
/** Between adding the live region and putting the message in it. */
const ANNOUNCE_DELAY_MS = 100;

function feedbackText(state: 'copied' | 'failed'): string {
  return state === 'copied' ? 'Copied' : 'Could not copy: the output is selected instead';
}

/** Props of {@link ToolCallCopyButton}. */
export interface ToolCallCopyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Button text; default "Copy". */
  label?: string;
}

/**
 * Copies the call's output. Says "Copied" for a moment (also to screen readers); where copying
 * is impossible it selects the output instead, so Ctrl+C / ⌘C works, and says so.
 */
export function ToolCallCopyButton({
  label = 'Copy',
  className,
  onClick,
  ...props
}: ToolCallCopyButtonProps) {
  // Not the output itself (the button would re-render with every piece of it): whether there is
  // any; the text is read when the button is pressed.
  const { ids, read, fields } = useToolCallContext('ToolCallCopyButton');
  const [state, setState] = useState<CopyState>('idle');
  // The live region that says what happened exists only once the button was used: a thread of a
  // hundred calls would otherwise carry a hundred empty live regions (and mount each one).
  const [announced, setAnnounced] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      if (announceTimer.current !== null) clearTimeout(announceTimer.current);
    },
    [],
  );

  const copy = async () => {
    const call = read();
    const ok = await copyText(call === undefined ? '' : callResult(call));
    if (!ok) {
      const element = document.getElementById(ids.output);
      if (element !== null) window.getSelection?.()?.selectAllChildren(element);
    }
    setState(ok ? 'copied' : 'failed');
    // A region added with its text already in it is not read by every screen reader: add it
    // empty (first use), then put the message in a moment later.
    setAnnounced((current) => current ?? '');
    if (announceTimer.current !== null) clearTimeout(announceTimer.current);
    announceTimer.current = setTimeout(
      () => setAnnounced(feedbackText(ok ? 'copied' : 'failed')),
      ANNOUNCE_DELAY_MS,
    );
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setState('idle');
      setAnnounced((current) => (current === null ? null : ''));
    }, FEEDBACK_MS);
  };

  return (
    <>
      <button
        type="button"
        data-slot="tool-call-copy"
        data-state={state}
        disabled={!fields.hasOutput}
        aria-label={`${label} output of ${fields.label}`}
        className={cx('ts-icon-button', className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) void copy();
        }}
        {...props}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span data-slot="tool-call-copy-text">{state === 'copied' ? 'Copied' : label}</span>
      </button>
      {announced !== null && (
        <span role="status" style={visuallyHidden}>
          {announced}
        </span>
      )}
    </>
  );
}
ToolCallCopyButton.displayName = 'ToolCallCopyButton';
