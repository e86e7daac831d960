import { useToolCall } from '@toolstream/react';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { ToolCallContext, useToolCallContextValue } from './tool-call-context.js';

/** Props of {@link ToolCallRoot}. Other props go to the `<article>`. */
export interface ToolCallRootProps extends HTMLAttributes<HTMLElement> {
  /** The call to show (`call_id`). Nothing renders until the call appears in the store. */
  callId: string;
}

/**
 * The root of one tool call, for composing its parts yourself (`ToolCallHeader`,
 * `ToolCallOutput`, `ToolCallDetails`, `ToolCallCopyButton`…); {@link ToolCall} is the default
 * composition. Renders an `<article>` with `data-state` (the call's status), `data-kind`,
 * `data-tool` and `aria-busy` while the call is open.
 */
export function ToolCallRoot({ callId, className, children, ...props }: ToolCallRootProps) {
  const call = useToolCall(callId);
  const value = useToolCallContextValue(call);
  if (value === null) return null;
  return (
    <ToolCallContext.Provider value={value}>
      <article
        data-slot="tool-call"
        data-state={value.call.status}
        data-kind={value.call.kind}
        data-tool={value.call.toolName}
        aria-busy={value.isOpen || undefined}
        aria-labelledby={value.labelledBy}
        className={cx('ts-tool-call', className)}
        {...props}
      >
        {children}
      </article>
    </ToolCallContext.Provider>
  );
}
ToolCallRoot.displayName = 'ToolCallRoot';
