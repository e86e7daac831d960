import { type ButtonHTMLAttributes, useEffect, useRef, useState } from 'react';
import { cx } from '../internal/cx.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { copyText } from './copy-text.js';
import { useToolCallContext } from './tool-call-context.js';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2000;

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
  const { call, output, ids } = useToolCallContext('ToolCallCopyButton');
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    const ok = await copyText(output);
    if (!ok) {
      const element = document.getElementById(ids.output);
      if (element !== null) window.getSelection?.()?.selectAllChildren(element);
    }
    setState(ok ? 'copied' : 'failed');
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
  };

  const feedback =
    state === 'copied'
      ? 'Copied'
      : state === 'failed'
        ? 'Could not copy: the output is selected instead'
        : '';
  return (
    <>
      <button
        type="button"
        data-slot="tool-call-copy"
        data-state={state}
        disabled={output === ''}
        aria-label={`${label} output of ${call.toolName || 'tool'}`}
        className={cx('ts-tool-call__copy', className)}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) void copy();
        }}
        {...props}
      >
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" style={visuallyHidden}>
        {feedback}
      </span>
    </>
  );
}
ToolCallCopyButton.displayName = 'ToolCallCopyButton';
