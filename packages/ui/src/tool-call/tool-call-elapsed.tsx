import { type HTMLAttributes, useEffect, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { callElapsed, isoDuration } from '../internal/format.js';
import { tickTime, useClock } from '../internal/use-now.js';
import { useToolCallContext } from './tool-call-context.js';

/**
 * How long the call has taken: ticking once a second (one clock shared by every open call, and
 * by the timeline, which shows the same figure) while it runs, exact to a tenth once it ended.
 * The ticks write the text straight into the element, and the component reads only the call's
 * start, end and whether it is open: a running clock never re-renders the call or adds a React
 * commit to a frame, and a call whose output streams does not re-render its clock.
 */
export function ToolCallElapsed({ className, ...props }: HTMLAttributes<HTMLElement>) {
  const { startedAt, completedAt, isOpen } = useToolCallContext('ToolCallElapsed').fields;
  const clock = useClock();
  const element = useRef<HTMLTimeElement>(null);
  const { ms, text } = callElapsed(startedAt, completedAt, isOpen, tickTime(clock));

  useEffect(() => {
    if (!isOpen) return;
    return clock.subscribe(1000, () => {
      const node = element.current;
      if (node === null) return;
      const next = callElapsed(startedAt, null, true, tickTime(clock));
      node.textContent = next.text;
      node.dateTime = isoDuration(next.ms);
    });
  }, [isOpen, startedAt, clock]);

  if (text === '') return null;
  return (
    <time
      ref={element}
      data-slot="tool-call-elapsed"
      dateTime={isoDuration(ms)}
      className={cx('ts-tool-call__elapsed', className)}
      {...props}
    >
      {text}
    </time>
  );
}
ToolCallElapsed.displayName = 'ToolCallElapsed';
