import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { useOpened } from '../internal/use-opened.js';
import { useToolCallContext } from './tool-call-context.js';
import { ToolCallDetails } from './tool-call-details.js';
import { ToolCallInput } from './tool-call-input.js';
import { ToolCallOutput } from './tool-call-output.js';
import { useToolRenderer } from './tool-renderers.js';

/**
 * What expanding a call shows: its input, its output and any other details — or, for a tool
 * with its own renderer, that renderer alone (it is the tool's UI). Built when the call first
 * opens (a call that streams opens by itself), then hidden while the call is folded: folding a
 * call costs nothing and unfolding it shows what is already rendered. Pass children to replace it.
 */
export function ToolCallContent({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { ids, open, fields } = useToolCallContext('ToolCallContent');
  const opened = useOpened(open);
  const hasRenderer = useToolRenderer(fields.toolName) !== undefined;
  return (
    <div
      id={ids.content}
      data-slot="tool-call-content"
      data-state={open ? 'open' : 'closed'}
      hidden={!open}
      className={cx('ts-tool-call__content', className)}
      {...props}
    >
      {opened &&
        (children ??
          (hasRenderer ? (
            <ToolCallOutput />
          ) : (
            <>
              <ToolCallInput />
              <ToolCallOutput />
              <ToolCallDetails />
            </>
          )))}
    </div>
  );
}
ToolCallContent.displayName = 'ToolCallContent';
