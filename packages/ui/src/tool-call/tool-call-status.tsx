import type { ToolCallStatus as Status } from '@toolstream/core';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useToolCallContext } from './tool-call-context.js';

/** What each call status reads as. */
export const TOOL_CALL_STATUS_LABELS: Readonly<Record<Status, string>> = {
  pending: 'Pending',
  streaming: 'Streaming',
  running: 'Running',
  complete: 'Complete',
  error: 'Failed',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  truncated: 'Cut off',
};

/** Props of {@link ToolCallStatus}. */
export interface ToolCallStatusProps extends HTMLAttributes<HTMLSpanElement> {
  /** Replaces some of the labels (for translations). */
  labels?: Partial<Record<Status, string>>;
}

/** The call's status as text, with `data-state` for styling (the stylesheet adds a dot). */
export function ToolCallStatus({ labels, className, ...props }: ToolCallStatusProps) {
  const { status } = useToolCallContext('ToolCallStatus').fields;
  return (
    <span
      data-slot="tool-call-status"
      data-state={status}
      className={cx('ts-tool-call__status', className)}
      {...props}
    >
      {labels?.[status] ?? TOOL_CALL_STATUS_LABELS[status]}
    </span>
  );
}
ToolCallStatus.displayName = 'ToolCallStatus';
