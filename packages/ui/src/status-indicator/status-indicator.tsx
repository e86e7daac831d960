import type { RunStatus } from '@toolstream/core';
import { usePendingInput, useStreamStatus } from '@toolstream/react';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';

/** What each run status reads as (`idle` says nothing). */
export const RUN_STATUS_LABELS: Readonly<Record<RunStatus, string>> = {
  idle: '',
  connecting: 'Connecting…',
  streaming: 'Responding…',
  reconnecting: 'Reconnecting…',
  done: 'Done',
  error: 'Error',
  aborted: 'Stopped',
};

/** Props of {@link StatusIndicator}. */
export interface StatusIndicatorProps extends HTMLAttributes<HTMLDivElement> {
  /** Replaces some labels (for translations). */
  labels?: Partial<Record<RunStatus, string>>;
  /** What it says while the run has ended waiting for the person's answers; default "Waiting for you". */
  waitingLabel?: string;
}

/**
 * The run's status (connecting, responding, reconnecting, done, error, stopped) as a
 * `role="status"` line with `data-state` for styling; once a run has ended with calls waiting
 * for the person, "Waiting for you" (`data-state="awaiting-input"`).
 */
export function StatusIndicator({
  labels,
  waitingLabel = 'Waiting for you',
  className,
  ...props
}: StatusIndicatorProps) {
  const { status, isStreaming } = useStreamStatus();
  const pending = usePendingInput();
  const waiting = !isStreaming && pending.some((item) => item.kind !== 'client');
  const text = waiting ? waitingLabel : (labels?.[status] ?? RUN_STATUS_LABELS[status]);
  return (
    <div
      role="status"
      data-slot="status-indicator"
      data-state={waiting ? 'awaiting-input' : status}
      className={cx('ts-status-indicator', className)}
      {...props}
    >
      <span data-slot="status-indicator-dot" className="ts-status-indicator__dot" aria-hidden="true" />
      <span data-slot="status-indicator-label">{text}</span>
    </div>
  );
}
StatusIndicator.displayName = 'StatusIndicator';
