import type { ToolCallState, ToolStreamState } from '@toolstream/core';
import { isCallOpen } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import { type CSSProperties, type HTMLAttributes, useId } from 'react';
import { cx } from '../internal/cx.js';
import { formatDuration } from '../internal/format.js';
import { useNow } from '../internal/use-now.js';
import { TOOL_CALL_STATUS_LABELS } from '../tool-call/tool-call-status.js';
import { buildTimeline, type TimelineNode } from './timeline-rows.js';

/** Props of {@link ToolTimeline}. Other props go to its `<section>`. */
export interface ToolTimelineProps extends HTMLAttributes<HTMLElement> {
  /** Show this assistant message's calls. Default: the current (or last) run's. */
  messageId?: string;
  /** The heading; default "Tool timeline". */
  title?: string;
  /** Shown when there are no calls. */
  emptyState?: string;
}

/** The calls of answer `messageId`, or of the latest answer. */
function selectCalls(state: ToolStreamState, messageId: string | undefined): ToolCallState[] {
  const message = state.messages.findLast((m) =>
    messageId === undefined ? m.role === 'assistant' : m.id === messageId,
  );
  if (message?.role !== 'assistant') return [];
  return message.callOrder.map((id) => message.calls[id]!);
}

function Row({ node }: { node: TimelineNode }) {
  const { call } = node;
  const status = TOOL_CALL_STATUS_LABELS[call.status];
  const open = isCallOpen(call.status);
  const text = `starts at ${formatDuration(node.offsetMs)}, ${open ? 'running for' : 'took'} ${formatDuration(node.durationMs)}, ${status.toLowerCase()}`;
  const barStyle = {
    '--ts-bar-start': `${(node.start * 100).toFixed(3)}%`,
    '--ts-bar-size': `${(node.size * 100).toFixed(3)}%`,
  } as CSSProperties;
  return (
    <li data-slot="tool-timeline-item">
      <div
        data-slot="tool-timeline-row"
        data-state={call.status}
        data-kind={call.kind}
        className="ts-tool-timeline__row"
      >
        <span data-slot="tool-timeline-label" className="ts-tool-timeline__label">
          <span className="ts-tool-timeline__tool">{call.toolName || 'tool'}</span>
          {call.agent !== null && <span className="ts-tool-timeline__agent">{` · ${call.agent}`}</span>}
        </span>
        <span data-slot="tool-timeline-track" className="ts-tool-timeline__track" aria-hidden="true">
          <span
            data-slot="tool-timeline-bar"
            data-state={call.status}
            className="ts-tool-timeline__bar"
            style={barStyle}
          />
        </span>
        <span data-slot="tool-timeline-text" className="ts-tool-timeline__text">
          {text}
        </span>
      </div>
      {node.children.length > 0 && (
        <ol
          className="ts-tool-timeline__list"
          aria-label={`Calls by ${call.agent ?? (call.toolName || 'tool')}`}
        >
          {node.children.map((child) => (
            <Row key={child.call.id} node={child} />
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * A waterfall of a run's tool calls over time: one bar per call from its start to its end
 * (or now, live while it runs), nested by delegation and coloured by status (with the
 * stylesheet). Every bar has a text equivalent — tool, agent, start offset, duration, status —
 * in a nested list, so the timeline reads well without sight or CSS.
 */
export function ToolTimeline({
  messageId,
  title = 'Tool timeline',
  emptyState = 'No tool calls yet.',
  className,
  ...props
}: ToolTimelineProps) {
  const calls = useToolStreamState((state) => selectCalls(state, messageId), { shallow: true });
  const live = calls.some((call) => isCallOpen(call.status));
  const now = useNow(live, 250);
  const timeline = buildTimeline(calls, now);
  const titleId = useId();
  return (
    <section
      data-slot="tool-timeline"
      data-state={calls.length === 0 ? 'empty' : timeline.live ? 'live' : 'complete'}
      aria-labelledby={titleId}
      className={cx('ts-tool-timeline', className)}
      {...props}
    >
      <p id={titleId} data-slot="tool-timeline-title" className="ts-tool-timeline__title">
        {title}
        {calls.length > 0 && (
          <span className="ts-tool-timeline__span">{` (${formatDuration(timeline.spanMs, !timeline.live)})`}</span>
        )}
      </p>
      {calls.length === 0 ? (
        <p data-slot="tool-timeline-empty" className="ts-tool-timeline__empty">
          {emptyState}
        </p>
      ) : (
        <ol className="ts-tool-timeline__list" aria-labelledby={titleId}>
          {timeline.roots.map((node) => (
            <Row key={node.call.id} node={node} />
          ))}
        </ol>
      )}
    </section>
  );
}
ToolTimeline.displayName = 'ToolTimeline';
