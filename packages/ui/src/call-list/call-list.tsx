import { findMessage } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import { memo } from 'react';
import { DelegationTree } from '../delegation-tree/delegation-tree.js';
import { AnswerScope, useAnswerId } from '../internal/answer-scope.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { useToolRenderers } from '../tool-call/tool-renderers.js';
import { type CallShape, callShape } from './call-shape.js';
import { segmentCalls } from './segments.js';
import { ToolGroup } from './tool-group.js';

/** Props of {@link CallList}. */
export interface CallListProps {
  /** The calls, in order. */
  callIds: readonly string[];
  /** The answer they belong to. Default: the enclosing `AssistantMessage`'s, else the latest. */
  messageId?: string;
}

/**
 * Calls one after another, as a thread shows them: each a row (or a sub-agent's section), and
 * every run of two or more finished tool calls folded into one "Used 3 tools · 2.1 s" line. A
 * failed call, a sub-agent's work and a tool with its own renderer are never folded away.
 */
export const CallList = memo(
  function CallList({ callIds, messageId }: CallListProps) {
    return (
      <AnswerScope messageId={messageId}>
        <ScopedCallList callIds={callIds} />
      </AnswerScope>
    );
  },
  // A new array with the same ids (an answer re-renders as its text streams) changes nothing.
  (before, after) =>
    before.messageId === after.messageId &&
    before.callIds.length === after.callIds.length &&
    before.callIds.every((id, i) => id === after.callIds[i]),
);
CallList.displayName = 'CallList';

function ScopedCallList({ callIds }: { callIds: readonly string[] }) {
  const messageId = useAnswerId('CallList');
  const renderers = useToolRenderers();
  const shapes = useToolStreamState(
    (state) => {
      const message = findMessage(state, messageId);
      return callIds.map(
        (id): CallShape => (message?.role === 'assistant' ? callShape(message, id, renderers) : 'missing'),
      );
    },
    { shallow: true },
  );
  const segments = segmentCalls(
    callIds,
    shapes.map((shape) => shape === 'group'),
  );
  return (
    <div data-slot="call-list" className="ts-call-list">
      {segments.map((segment) =>
        segment.type === 'group' ? (
          <ToolGroup key={`group:${segment.ids[0]}`} callIds={segment.ids} />
        ) : (
          <CallItem key={segment.id} callId={segment.id} shape={shapes[segment.index]!} />
        ),
      )}
    </div>
  );
}

/** One call of the list: a section for a sub-agent's work, else a row. */
function CallItem({ callId, shape }: { callId: string; shape: CallShape }) {
  if (shape === 'missing') return null;
  return shape === 'tree' ? <DelegationTree callId={callId} /> : <ToolCall callId={callId} />;
}
