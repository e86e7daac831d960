import { findMessage } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { describeError } from '../internal/describe-error.js';
import { useToolCallContext } from './tool-call-context.js';

/**
 * Why the call did not finish, on its own line under the row: the tool's failure message; for a
 * call the run's failure cut short, that failure; for a call cut off or interrupted, what
 * happened. Shown once — the output leaves out a message that only repeats it.
 */
export function ToolCallError({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { status, error } = useToolCallContext('ToolCallError').fields;
  let reason: string | null = null;
  if (error !== null && error !== '') reason = error;
  else if (status === 'truncated')
    reason = 'Cut off: the model reached its output limit while writing this call.';
  else if (status === 'interrupted') reason = 'Interrupted: the connection closed before the call finished.';
  if (reason === null && status !== 'error') return null;
  return (
    <p
      data-slot="tool-call-error"
      data-state={status}
      className={cx('ts-tool-call__error', className)}
      {...props}
    >
      {reason ?? <RunFailure />}
    </p>
  );
}
ToolCallError.displayName = 'ToolCallError';

/** For a call the run's failure ended: that failure, read from the turn (only such calls subscribe). */
function RunFailure() {
  const { messageId } = useToolCallContext('ToolCallError');
  const error = useToolStreamState((state) => {
    const message = findMessage(state, messageId);
    return message?.role === 'assistant' ? (message.end?.error ?? null) : null;
  });
  if (error === null) return 'Failed.';
  return `Did not finish: ${error.code === 'server' ? error.message : describeError(error)}`;
}
