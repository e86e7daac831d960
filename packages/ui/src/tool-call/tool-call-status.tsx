import type { CallStatus } from '@toolstream/core';
import type { HTMLAttributes, ReactElement } from 'react';
import { cx } from '../internal/cx.js';
import { AlertIcon, CheckIcon, CrossIcon, StopIcon } from '../internal/icons.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { useToolCallContext } from './tool-call-context.js';

/** What each call status reads as. */
export const TOOL_CALL_STATUS_LABELS: Readonly<Record<CallStatus, string>> = {
  pending: 'Starting',
  streaming: 'Running',
  running: 'Running',
  complete: 'Done',
  error: 'Failed',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  truncated: 'Cut off',
  'awaiting-input': 'Waiting for you',
  'awaiting-result': 'Running here',
  denied: 'Denied',
};

/** Props of {@link ToolCallStatus}. */
export interface ToolCallStatusProps extends HTMLAttributes<HTMLSpanElement> {
  /** Replaces some of the labels (for translations). */
  labels?: Partial<Record<CallStatus, string>>;
}

/**
 * The icons of settled calls, inline like the kit's other icons (an image in the stylesheet would
 * be a `data:` URL, which a page's Content-Security-Policy would have to allow). A call that waits
 * or streams has none: the stylesheet draws its ring or dot from `data-state`.
 */
const SETTLED_ICONS: Partial<Record<CallStatus, ReactElement>> = {
  complete: <CheckIcon />,
  error: <CrossIcon />,
  stopped: <StopIcon />,
  interrupted: <AlertIcon />,
  truncated: <AlertIcon />,
  denied: <CrossIcon />,
};

/** Statuses whose word is shown: those a reader must notice. The others' icon says enough. */
const SHOWN: ReadonlySet<CallStatus> = new Set([
  'awaiting-input',
  'error',
  'denied',
  'stopped',
  'interrupted',
  'truncated',
]);

/**
 * The call's status: an icon (a turning ring while it waits, a dot while it streams, a check when
 * done, a cross when it failed, a square when stopped, a warning when cut short) and a word, with
 * `data-state` for styling. The word is shown for a call that needs attention (failed, stopped,
 * interrupted, cut off); for one that runs or is done it is said to screen readers only — the
 * ring or dot and the ticking time, or the check, say it to the eye.
 */
export function ToolCallStatus({ labels, className, ...props }: ToolCallStatusProps) {
  const { status } = useToolCallContext('ToolCallStatus').fields;
  const text = labels?.[status] ?? TOOL_CALL_STATUS_LABELS[status];
  return (
    <span
      data-slot="tool-call-status"
      data-state={status}
      className={cx('ts-tool-call__status', className)}
      {...props}
    >
      <span data-slot="tool-call-icon" data-state={status} aria-hidden="true">
        {SETTLED_ICONS[status]}
      </span>
      <span data-slot="tool-call-status-text" style={SHOWN.has(status) ? undefined : visuallyHidden}>
        {text}
      </span>
    </span>
  );
}
ToolCallStatus.displayName = 'ToolCallStatus';
