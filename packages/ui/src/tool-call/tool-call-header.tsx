import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { useToolCallContext } from './tool-call-context.js';
import { ToolCallCopyButton } from './tool-call-copy-button.js';
import { ToolCallElapsed } from './tool-call-elapsed.js';
import { ToolCallStatus } from './tool-call-status.js';

/** The tool's name (the call's accessible name). */
export function ToolCallName({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { ids, fields } = useToolCallContext('ToolCallName');
  const { toolName } = fields;
  return (
    <span id={ids.name} data-slot="tool-call-name" className={cx('ts-tool-call__name', className)} {...props}>
      {toolName === '' ? 'Tool' : toolName}
    </span>
  );
}
ToolCallName.displayName = 'ToolCallName';

/** The sub-agent that made the call (or that a delegation hands over to), when known. */
export function ToolCallAgent({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { ids, fields } = useToolCallContext('ToolCallAgent');
  const { agent } = fields;
  if (agent === null) return null;
  return (
    <span
      id={ids.agent}
      data-slot="tool-call-agent"
      className={cx('ts-tool-call__agent', className)}
      {...props}
    >
      <span style={visuallyHidden}>agent</span> {agent}
    </span>
  );
}
ToolCallAgent.displayName = 'ToolCallAgent';

/**
 * The call's header: name, agent, status, elapsed time and the copy button. Pass children to
 * replace that content.
 */
export function ToolCallHeader({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-slot="tool-call-header" className={cx('ts-tool-call__header', className)} {...props}>
      {children ?? (
        <>
          <ToolCallName />
          <ToolCallAgent />
          <ToolCallStatus />
          <ToolCallElapsed />
          <ToolCallCopyButton />
        </>
      )}
    </div>
  );
}
ToolCallHeader.displayName = 'ToolCallHeader';

/** The `summary` of `tool_call_details`, when the backend gave one. */
export function ToolCallSummary({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { summary } = useToolCallContext('ToolCallSummary').fields;
  if (summary === '') return null;
  return (
    <p data-slot="tool-call-summary" className={cx('ts-tool-call__summary', className)} {...props}>
      {summary}
    </p>
  );
}
ToolCallSummary.displayName = 'ToolCallSummary';
