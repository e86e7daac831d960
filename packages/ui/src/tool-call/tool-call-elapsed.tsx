import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { formatDuration, isoDuration } from '../internal/format.js';
import { useNow } from '../internal/use-now.js';
import { useToolCallContext } from './tool-call-context.js';

/**
 * How long the call has taken: ticking once a second (one clock shared by every open call)
 * while it runs, exact to a tenth once it ended. Its own component, so the tick re-renders
 * this text and not the call.
 */
export function ToolCallElapsed({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { call, isOpen } = useToolCallContext('ToolCallElapsed');
  const now = useNow(isOpen);
  const end = call.completedAt ?? (isOpen ? Math.max(now, call.startedAt) : call.startedAt);
  const ms = end - call.startedAt;
  return (
    <time
      data-slot="tool-call-elapsed"
      dateTime={isoDuration(ms)}
      className={cx('ts-tool-call__elapsed', className)}
      {...props}
    >
      {formatDuration(ms, !isOpen)}
    </time>
  );
}
ToolCallElapsed.displayName = 'ToolCallElapsed';
