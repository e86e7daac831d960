import { memo } from 'react';
import { ToolCallDetails } from './tool-call-details.js';
import { ToolCallHeader, ToolCallSummary } from './tool-call-header.js';
import { ToolCallError, ToolCallOutput } from './tool-call-output.js';
import { ToolCallRoot, type ToolCallRootProps } from './tool-call-root.js';

/** Props of {@link ToolCall}: the call's id, plus any prop of its `<article>`. */
export type ToolCallProps = Omit<ToolCallRootProps, 'children'>;

/**
 * One tool call: name, sub-agent, status (a caret while streaming), elapsed time, the output
 * growing in place (markdown, or the tool's renderer), a failure message, a copy button and a
 * disclosure with the arguments and `tool_call_details`. Re-renders only when its own call
 * changes. Compose `ToolCallRoot` and its parts for another layout.
 *
 * @example
 * ```tsx
 * <ToolStreamProvider store={store}>
 *   <ToolCall callId="call_1" />
 * </ToolStreamProvider>
 * ```
 */
export const ToolCall = memo(function ToolCall(props: ToolCallProps) {
  return (
    <ToolCallRoot {...props}>
      <ToolCallHeader />
      <ToolCallSummary />
      <ToolCallOutput />
      <ToolCallError />
      <ToolCallDetails />
    </ToolCallRoot>
  );
});
ToolCall.displayName = 'ToolCall';
