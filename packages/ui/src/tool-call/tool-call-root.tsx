import { isOpenStatus, type ToolCall } from '@toolstream/core';
import { useToolCallSelector } from '@toolstream/react';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { ToolCallContext, useToolCallContextValue } from './tool-call-context.js';

/** Props of {@link ToolCallRoot}. Other props go to the `<article>`. */
export interface ToolCallRootProps extends HTMLAttributes<HTMLElement> {
  /** The call to show (`call_id`). Nothing renders until the call appears in the store. */
  callId: string;
}

/** What a call's root element says about it: the fields it re-renders for. */
export interface ToolCallRootFields {
  status: ToolCall['status'];
  kind: ToolCall['kind'];
  toolName: string;
  hasAgent: boolean;
}

/**
 * The root's slice of a call (`undefined` until it appears). Selected shallowly, so a root does
 * not re-render as the call's output grows: only the parts that show the output do.
 */
export function useToolCallRootFields(callId: string): ToolCallRootFields | undefined {
  return useToolCallSelector(
    callId,
    (call) =>
      call === undefined
        ? undefined
        : { status: call.status, kind: call.kind, toolName: call.toolName, hasAgent: call.agent !== null },
    { shallow: true },
  );
}

/** `aria-labelledby` of a call's root: its name, and its agent when known. */
export function labelledBy(ids: { name: string; agent: string }, hasAgent: boolean): string {
  return hasAgent ? `${ids.name} ${ids.agent}` : ids.name;
}

/**
 * The root of one tool call, for composing its parts yourself (`ToolCallHeader`,
 * `ToolCallOutput`, `ToolCallDetails`, `ToolCallCopyButton`…); {@link ToolCall} is the default
 * composition. Renders an `<article>` with `data-state` (the call's status), `data-kind`,
 * `data-tool` and `aria-busy` while the call is open.
 */
export function ToolCallRoot({ callId, className, children, ...props }: ToolCallRootProps) {
  const value = useToolCallContextValue(callId, 'ToolCallRoot');
  const fields = useToolCallRootFields(callId);
  if (fields === undefined) return null;
  return (
    <ToolCallContext.Provider value={value}>
      <article
        data-slot="tool-call"
        data-state={fields.status}
        data-kind={fields.kind}
        data-tool={fields.toolName}
        aria-busy={isOpenStatus(fields.status) || undefined}
        aria-labelledby={labelledBy(value.ids, fields.hasAgent)}
        className={cx('ts-tool-call', className)}
        {...props}
      >
        {children}
      </article>
    </ToolCallContext.Provider>
  );
}
ToolCallRoot.displayName = 'ToolCallRoot';
