import { type CallStatus, findMessage } from '@toolstream/core';
import { useChildCalls, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, memo, useContext } from 'react';
import { CallList } from '../call-list/call-list.js';
import { AnswerScope, useAnswerId } from '../internal/answer-scope.js';
import { GroupItemContext } from '../internal/group-item.js';
import type { DisclosureOptions } from '../internal/use-disclosure.js';
import { useOpened } from '../internal/use-opened.js';
import { useToolCallContext } from '../tool-call/tool-call-context.js';
import { ToolCallElapsed } from '../tool-call/tool-call-elapsed.js';
import { ToolCallError } from '../tool-call/tool-call-error.js';
import { ToolCallName, ToolCallSummary } from '../tool-call/tool-call-header.js';
import { ToolCallOutput } from '../tool-call/tool-call-output.js';
import { CallRoot } from '../tool-call/tool-call-root.js';
import { TOOL_CALL_STATUS_LABELS, ToolCallStatus } from '../tool-call/tool-call-status.js';
import { descendantCounts, summarizeCounts } from './descendant-counts.js';

/** Props of {@link DelegationTree}. Other props go to its `<article>`. */
export interface DelegationTreeProps extends HTMLAttributes<HTMLElement>, DisclosureOptions {
  /** The delegation's call id. */
  callId: string;
  /** The answer the delegation belongs to. Default: the enclosing `AssistantMessage`'s, else the latest. */
  messageId?: string;
  /** Replaces some status words in the summary ("3 tools · 1 failed"). */
  statusLabels?: Partial<Record<CallStatus, string>>;
}

/**
 * A sub-agent's work: one line with the agent's name, its task, how many tools it used and how
 * long it took, over an indented activity section — its own calls (folded into groups once they
 * are done, nested sub-agents as sections of their own, to any depth) and its answer. The
 * section is open while the sub-agent works and folds when it is done, unless the reader chose;
 * `open`/`defaultOpen`/`onOpenChange` control it.
 */
export const DelegationTree = memo(function DelegationTree({ messageId, ...props }: DelegationTreeProps) {
  return (
    <AnswerScope messageId={messageId}>
      <ScopedDelegationTree {...props} />
    </AnswerScope>
  );
});
DelegationTree.displayName = 'DelegationTree';

function ScopedDelegationTree({ statusLabels, ...props }: Omit<DelegationTreeProps, 'messageId'>) {
  return (
    <CallRoot {...props} look="delegation-tree">
      <DelegationTrigger statusLabels={statusLabels} />
      <ToolCallError />
      <DelegationContent />
    </CallRoot>
  );
}

function DelegationTrigger({ statusLabels }: { statusLabels: DelegationTreeProps['statusLabels'] }) {
  const { ids, open, setOpen, callId } = useToolCallContext('DelegationTree');
  const inGroup = useContext(GroupItemContext);
  return (
    <button
      type="button"
      data-slot="delegation-tree-trigger"
      data-state={open ? 'open' : 'closed'}
      aria-expanded={open}
      aria-controls={ids.content}
      tabIndex={inGroup ? -1 : undefined}
      className="ts-delegation__trigger"
      onClick={() => setOpen(!open)}
    >
      <ToolCallName />
      <ToolCallSummary />
      <ToolCallStatus />
      <DelegationCounts callId={callId} statusLabels={statusLabels} />
      <ToolCallElapsed />
    </button>
  );
}

/** "3 tools · 1 failed": its own subscription, so a nested call finishing re-renders only this. */
function DelegationCounts({
  callId,
  statusLabels,
}: {
  callId: string;
  statusLabels: DelegationTreeProps['statusLabels'];
}) {
  const messageId = useAnswerId('DelegationTree');
  const counts = useToolStreamState(
    (state) => {
      const message = findMessage(state, messageId);
      return message?.role === 'assistant' ? descendantCounts(message, callId) : null;
    },
    { shallow: true },
  );
  if (counts === null || counts.total === 0) return null;
  return (
    <span data-slot="delegation-tree-summary" className="ts-delegation__counts">
      {summarizeCounts(counts, { ...TOOL_CALL_STATUS_LABELS, ...statusLabels })}
    </span>
  );
}

/** The section under the line: built when it first opens (a working sub-agent's is open). */
function DelegationContent() {
  const { ids, open } = useToolCallContext('DelegationTree');
  const opened = useOpened(open);
  return (
    <div
      id={ids.content}
      data-slot="delegation-tree-content"
      data-state={open ? 'open' : 'closed'}
      hidden={!open}
      className="ts-delegation__content"
    >
      {opened && <DelegationWork />}
    </div>
  );
}

function DelegationWork() {
  const { callId, messageId, fields } = useToolCallContext('DelegationTree');
  const children = useChildCalls(messageId, callId);
  return (
    <>
      {children.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a group of rows, not of form fields (a fieldset)
        <div role="group" aria-label={`Work by ${fields.label}`} data-slot="delegation-tree-children">
          <CallList callIds={children} />
        </div>
      )}
      {/* Before its result, a delegation's text is its task (in the line above), not an answer. */}
      {fields.hasResult && <ToolCallOutput title="Result" />}
    </>
  );
}
