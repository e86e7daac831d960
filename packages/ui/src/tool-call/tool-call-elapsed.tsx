import { type HTMLAttributes, useEffect, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { formatDuration, isoDuration } from '../internal/format.js';
import { subscribeToClock } from '../internal/use-now.js';
import { useToolCallContext } from './tool-call-context.js';

/** While a call runs its time is shown in whole seconds; `dateTime` says no more than the text. */
function runningFor(ms: number): number {
  return Math.floor(Math.max(0, ms) / 1000) * 1000;
}

/**
 * How long the call has taken: ticking once a second (one clock shared by every open call)
 * while it runs, exact to a tenth once it ended. The ticks write the text straight into the
 * element, and the component reads only the call's start, end and whether it is open: a running
 * clock never re-renders the call or adds a React commit to a frame, and a call whose output
 * streams does not re-render its clock.
 */
export function ToolCallElapsed({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { startedAt, completedAt, isOpen } = useToolCallContext('ToolCallElapsed').fields;
  const element = useRef<HTMLTimeElement>(null);
  const ms = completedAt !== null ? completedAt - startedAt : isOpen ? runningFor(Date.now() - startedAt) : 0;

  useEffect(() => {
    if (!isOpen) return;
    return subscribeToClock(1000, (now) => {
      const node = element.current;
      if (node === null) return;
      const elapsed = runningFor(now - startedAt);
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
