import { type HTMLAttributes, useEffect, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { formatDuration, isoDuration } from '../internal/format.js';
import { subscribeToClock } from '../internal/use-now.js';
import { useToolCallContext } from './tool-call-context.js';

/**
 * How long the call has taken: ticking once a second (one clock shared by every open call)
 * while it runs, exact to a tenth once it ended. The ticks write the text straight into the
 * element: a running clock never re-renders the call or adds a React commit to a frame.
 */
export function ToolCallElapsed({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { call, isOpen } = useToolCallContext('ToolCallElapsed');
  const element = useRef<HTMLTimeElement>(null);
  const { startedAt, completedAt } = call;
  const ms = (completedAt ?? (isOpen ? Math.max(Date.now(), startedAt) : startedAt)) - startedAt;

  useEffect(() => {
    if (!isOpen) return;
    return subscribeToClock(1000, (now) => {
      const node = element.current;
      if (node === null) return;
      const elapsed = Math.max(now, startedAt) - startedAt;
      node.textContent = formatDuration(elapsed, false);
      node.dateTime = isoDuration(elapsed);
    });
  }, [isOpen, startedAt]);

  return (
    <time
      ref={element}
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
