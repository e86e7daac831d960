import type { TurnEndState } from '@toolstream/core';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { describeError } from '../internal/describe-error.js';
import { AlertIcon, RetryIcon, StopIcon } from '../internal/icons.js';

/** Props of {@link TurnEnd}. Other props go to its element. */
export interface TurnEndProps extends HTMLAttributes<HTMLDivElement> {
  /** How the turn ended (`AssistantMessage.end`). */
  end: TurnEndState | null;
  /** Offers Retry; given for the last answer only (an earlier turn cannot be re-run in place). */
  onRetry?: () => void;
  /** Whether this is the conversation's newest answer: only its failure is announced. */
  latest?: boolean;
}

/** What each way of ending says (a failure says what failed instead). */
const ENDINGS = {
  stopped: 'You stopped this answer.',
  interrupted: 'Interrupted: the connection closed before the answer was finished.',
  truncated: 'Cut off: the model reached its length limit.',
} as const;

/**
 * How a turn ended, on the turn, when it did not simply finish: a failure in plain words ("The
 * server returned an error (HTTP 500).", announced as an alert on the newest answer), or a mark
 * for an answer that was stopped, interrupted or cut off — with Retry where it can be run again.
 * A turn that ended waiting for answers says nothing here: its calls say what they wait for (and
 * `Chat`'s bar above the composer), and it goes on once they are answered.
 */
export function TurnEnd({ end, onRetry, latest = false, className, ...props }: TurnEndProps) {
  if (end === null || end.outcome === 'done' || end.outcome === 'awaiting-input') return null;
  const { outcome } = end;
  const failed = outcome === 'failed';
  const text =
    outcome === 'failed'
      ? end.error === null
        ? 'Something went wrong.'
        : describeError(end.error)
      : ENDINGS[outcome];
  return (
    <div
      role={failed && latest ? 'alert' : undefined}
      data-slot="turn-end"
      data-outcome={end.outcome}
      data-code={end.error?.code}
      className={cx('ts-turn-end', className)}
      {...props}
    >
      {end.outcome === 'stopped' ? <StopIcon /> : <AlertIcon />}
      <p data-slot="turn-end-message">{text}</p>
      {onRetry !== undefined && (
        <button type="button" data-slot="turn-end-retry" className="ts-button" onClick={onRetry}>
          <RetryIcon />
          Retry
        </button>
      )}
    </div>
  );
}
TurnEnd.displayName = 'TurnEnd';
