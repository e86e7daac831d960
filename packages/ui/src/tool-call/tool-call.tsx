import { memo } from 'react';
import { ToolCallApproval } from '../approval/tool-call-approval.js';
import { ToolCallContent } from './tool-call-content.js';
import { ToolCallError } from './tool-call-error.js';
import { ToolCallHeader } from './tool-call-header.js';
import { ToolCallRoot, type ToolCallRootProps } from './tool-call-root.js';

/** Props of {@link ToolCall}: the call's id, the disclosure options, plus any prop of its `<article>`. */
export type ToolCallProps = Omit<ToolCallRootProps, 'children'>;

/**
 * One tool call as a compact row: a status icon (turning while it runs), its name in words, a
 * preview of what it is about and how long it took; why it failed, on a line of its own; and,
 * for a call that asks for input, the request (Approve and Deny…) or how it was answered.
 * Expanding it shows the input (JSON indented and highlighted), the output formatted for what it
 * is in a bounded area with "Show more" and a copy button, and other details. It opens by itself
 * while its output streams and folds to one line when done; a tool with its own renderer
 * (`ToolRenderersProvider`) shows that renderer, always open. Re-renders only when its own call
 * changes. Compose `ToolCallRoot` and its parts for another layout.
 *
 * @example
 * ```tsx
 * <ToolStreamProvider store={store}>
 *   <ToolCall messageId={answerId} callId="call_1" />
 * </ToolStreamProvider>
 * ```
 */
export const ToolCall = memo(function ToolCall(props: ToolCallProps) {
  return (
    <ToolCallRoot {...props}>
      <ToolCallHeader />
      <ToolCallError />
      <ToolCallApproval />
      <ToolCallContent />
    </ToolCallRoot>
  );
});
ToolCall.displayName = 'ToolCall';
