import { findMessage, type ToolCallStatus } from '@toolstream/core';
import { useChildCalls, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, memo, useContext } from 'react';
import { AnswerScope, useAnswerId } from '../internal/answer-scope.js';
import { cx } from '../internal/cx.js';
import { type DisclosureOptions, useDisclosure } from '../internal/use-disclosure.js';
import { labelledBy, ToolCallContext, useToolCallContextValue } from '../tool-call/tool-call-context.js';
import { ToolCallDetails } from '../tool-call/tool-call-details.js';
import { ToolCallHeader, ToolCallSummary } from '../tool-call/tool-call-header.js';
import { ToolCallError, ToolCallOutput } from '../tool-call/tool-call-output.js';
import { TOOL_CALL_STATUS_LABELS } from '../tool-call/tool-call-status.js';
import { CallNode } from './call-node.js';
import { DelegationDepthContext } from './depth-context.js';
import { descendantCounts, summarizeCounts } from './descendant-counts.js';

/** Props of {@link DelegationTree}. Other props go to its `<article>`. */
export interface DelegationTreeProps extends HTMLAttributes<HTMLElement>, DisclosureOptions {
  /** The delegation's call id. */
  callId: string;
  /** The answer the delegation belongs to. Default: the enclosing `AssistantMessage`'s, else the latest. */
  messageId?: string;
  /** Replaces some status words in the collapsed summary. */
  statusLabels?: Partial<Record<ToolCallStatus, string>>;
}

/**
 * A delegation to a sub-agent with that agent's own calls nested under it, to any depth.
 * Its header is a tool call's (name, agent, status, elapsed time); the nested calls sit in a
 * disclosure (open by default) that, closed, shows a summary such as
 * "3 calls · 1 streaming · 2 complete"; then comes the delegation's own streamed result.
 * Closed trees do not render (or re-render) their nested calls.
 */
export const DelegationTree = memo(function DelegationTree({ messageId, ...props }: DelegationTreeProps) {
  return (
    <AnswerScope messageId={messageId}>
      <ScopedDelegationTree {...props} />
    </AnswerScope>
  );
});
DelegationTree.displayName = 'DelegationTree';

function ScopedDelegationTree({
  callId,
  open,
  defaultOpen = true,
  onOpenChange,
  statusLabels,
  className,
  ...props
}: Omit<DelegationTreeProps, 'messageId'>) {
  const value = useToolCallContextValue(callId, 'DelegationTree');
  const messageId = useAnswerId('DelegationTree');
  const children = useChildCalls(messageId, callId);
  const depth = useContext(DelegationDepthContext);
  const disclosure = useDisclosure({ open, defaultOpen, onOpenChange });
  // Only a closed tree shows the counts: an open one neither walks its descendants on every
  // update nor re-renders when one of them changes status.
  const counts = useToolStreamState(
    (state) => {
      const message = disclosure.open ? undefined : findMessage(state, messageId);
      return message?.role === 'assistant' ? descendantCounts(message, callId) : null;
    },
    { shallow: true },
  );
  if (value === null) return null;
  const { fields } = value;
  const labels = { ...TOOL_CALL_STATUS_LABELS, ...statusLabels };
  const summary = counts === null ? '' : summarizeCounts(counts, labels);
  const who = fields.agent ?? (fields.toolName || 'the sub-agent');
  return (
    <ToolCallContext.Provider value={value}>
      <article
        data-slot="delegation-tree"
        data-state={fields.status}
        data-collapsed={disclosure.open ? undefined : ''}
        data-depth={depth}
        aria-busy={fields.isOpen || undefined}
        aria-labelledby={labelledBy(value)}
        className={cx('ts-tool-call', 'ts-delegation-tree', className)}
        {...props}
      >
        <ToolCallHeader />
        <ToolCallSummary />
        {children.length > 0 && (
          <div data-slot="delegation-tree-bar" className="ts-delegation-tree__bar">
            <button
              data-slot="delegation-tree-trigger"
              className="ts-disclosure-trigger"
              {...disclosure.triggerProps}
            >
              {`${disclosure.open ? 'Hide' : 'Show'} calls by ${who}`}
            </button>
            {!disclosure.open && (
              <span data-slot="delegation-tree-summary" className="ts-delegation-tree__summary">
                {summary}
              </span>
            )}
          </div>
        )}
        {children.length > 0 && (
          <ol
            data-slot="delegation-tree-children"
            aria-label={`Calls by ${who}`}
            className="ts-delegation-tree__children"
            {...disclosure.contentProps}
          >
            {disclosure.open && (
              <DelegationDepthContext.Provider value={depth + 1}>
                {children.map((id) => (
                  <li key={id} data-slot="delegation-tree-item">
                    <CallNode callId={id} />
                  </li>
                ))}
              </DelegationDepthContext.Provider>
            )}
          </ol>
        )}
        <ToolCallOutput />
        <ToolCallError />
        <ToolCallDetails />
      </article>
    </ToolCallContext.Provider>
  );
}
