import type { HTMLAttributes } from 'react';
import { AnswerScope } from '../internal/answer-scope.js';
import { cx } from '../internal/cx.js';
import { labelledBy, ToolCallContext, useToolCallContextValue } from './tool-call-context.js';

/** Props of {@link ToolCallRoot}. Other props go to the `<article>`. */
export interface ToolCallRootProps extends HTMLAttributes<HTMLElement> {
  /** The call to show (`call_id`). Nothing renders until the call appears in the store. */
  callId: string;
  /**
   * The answer the call belongs to (ids repeat across turns). Default: the enclosing
   * `AssistantMessage`'s, else the latest answer.
   */
  messageId?: string;
}

/**
 * The root of one tool call, for composing its parts yourself (`ToolCallHeader`,
 * `ToolCallOutput`, `ToolCallDetails`, `ToolCallCopyButton`…); {@link ToolCall} is the default
 * composition. Renders an `<article>` with `data-state` (the call's status), `data-kind`,
 * `data-tool` and `aria-busy` while the call is open. It re-renders when the call's name, status
 * or other shown fields change, not as its output grows: only the output does.
 */
export function ToolCallRoot({ messageId, ...props }: ToolCallRootProps) {
  return (
    <AnswerScope messageId={messageId}>
      <ScopedToolCallRoot {...props} />
    </AnswerScope>
  );
}
ToolCallRoot.displayName = 'ToolCallRoot';

function ScopedToolCallRoot({ callId, className, children, ...props }: Omit<ToolCallRootProps, 'messageId'>) {
  const value = useToolCallContextValue(callId, 'ToolCallRoot');
  if (value === null) return null;
  const { fields } = value;
  return (
    <ToolCallContext.Provider value={value}>
      <article
        data-slot="tool-call"
        data-state={fields.status}
        data-kind={fields.kind}
        data-tool={fields.toolName}
        aria-busy={fields.isOpen || undefined}
        aria-labelledby={labelledBy(value)}
        className={cx('ts-tool-call', className)}
        {...props}
      >
        {children}
      </article>
    </ToolCallContext.Provider>
  );
}
