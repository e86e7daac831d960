import { useChildCalls, useToolCallSelector } from '@toolstream/react';
import { memo } from 'react';
import { AnswerScope, useAnswerId } from '../internal/answer-scope.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { DelegationTree } from './delegation-tree.js';

/** Props of {@link CallNode}. */
export interface CallNodeProps {
  callId: string;
  /** The answer the call belongs to. Default: the enclosing `AssistantMessage`'s, else the latest. */
  messageId?: string;
  className?: string;
}

/**
 * A call as it should appear in a thread: a {@link DelegationTree} for a delegation (or any
 * call with nested calls), else a {@link ToolCall}. Subscribes only to the call's kind and
 * child list, so it does not re-render as the call streams.
 */
export const CallNode = memo(function CallNode({ messageId, ...props }: CallNodeProps) {
  return (
    <AnswerScope messageId={messageId}>
      <ScopedCallNode {...props} />
    </AnswerScope>
  );
});
CallNode.displayName = 'CallNode';

function ScopedCallNode({ callId, className }: Omit<CallNodeProps, 'messageId'>) {
  const messageId = useAnswerId('CallNode');
  const kind = useToolCallSelector(messageId, callId, (call) => call?.kind);
  const children = useChildCalls(messageId, callId);
  if (kind === undefined) return null;
  return kind === 'delegation' || children.length > 0 ? (
    <DelegationTree callId={callId} className={className} />
  ) : (
    <ToolCall callId={callId} className={className} />
  );
}
