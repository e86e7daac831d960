import {
  type AssistantMessageState,
  findMessage,
  isCallOpen,
  latestAnswer,
  type ToolStreamState,
} from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import { type CSSProperties, type HTMLAttributes, useId, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { callElapsed, formatDuration, plural } from '../internal/format.js';
import { useNow } from '../internal/use-now.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { callLabel } from '../tool-call/call-label.js';
import { TOOL_CALL_STATUS_LABELS } from '../tool-call/tool-call-status.js';
import { type ToolLabels, useToolLabels } from '../tool-call/tool-renderers.js';
import { buildTimeline, type TimelineEntry, type TimelineNode } from './timeline-rows.js';

/** Props of {@link ToolTimeline}. Other props go to its `<section>`. */
export interface ToolTimelineProps extends HTMLAttributes<HTMLElement> {
  /** Show this answer's calls. Default: the current (or last) turn's. */
  messageId?: string;
  /** The heading; default "Timeline". */
  title?: string;
  /** Shown when the turn has no calls. Default: what the turn is at ("No tool calls in this turn yet."). */
  emptyState?: string;
}

function answerOf(state: ToolStreamState, messageId: string | undefined): AssistantMessageState | undefined {
  if (messageId === undefined) return latestAnswer(state);
  const message = findMessage(state, messageId);
  return message?.role === 'assistant' ? message : undefined;
}

/**
 * The turn's calls as timeline entries. Entries of calls whose times and status did not change
 * keep their identity (a cache across updates), so the timeline re-renders when a call starts
 * or ends, not with every piece of output.
 */
function useEntries(messageId: string | undefined, labels: ToolLabels): readonly TimelineEntry[] {
  const cache = useRef<{ answer: string | null; entries: Map<string, TimelineEntry> }>({
    answer: null,
    entries: new Map(),
  });
  return useToolStreamState(
    (state) => {
      const answer = answerOf(state, messageId);
      if (answer === undefined) return [];
      if (cache.current.answer !== answer.id) cache.current = { answer: answer.id, entries: new Map() };
      const known = cache.current.entries;
      return answer.callOrder.map((id) => {
        const call = answer.calls[id]!;
        const label = callLabel(call, labels);
        const previous = known.get(id);
        if (
          previous !== undefined &&
          previous.status === call.status &&
          previous.completedAt === call.completedAt &&
          previous.label === label &&
          previous.parentId === call.parentId
        )
          return previous;
        const entry: TimelineEntry = {
          id,
          parentId: call.parentId,
          label,
          status: call.status,
          isOpen: isCallOpen(call.status),
          startedAt: call.startedAt,
          completedAt: call.completedAt,
        };
        known.set(id, entry);
        return entry;
      });
    },
    { shallow: true },
  );
}

function Row({ node, now }: { node: TimelineNode; now: number }) {
  const { entry } = node;
  const elapsed = callElapsed(entry.startedAt, entry.completedAt, entry.isOpen, now);
  const status = TOOL_CALL_STATUS_LABELS[entry.status].toLowerCase();
  // The row is drawn for the eye; this sentence is what it says, for screen readers.
  const sentence = `${entry.label}: starts at ${formatDuration(node.offsetMs)}, ${entry.isOpen ? 'running for' : 'took'} ${elapsed.text || formatDuration(0)}, ${status}.`;
  const style = {
    '--ts-bar-depth': node.depth,
    '--ts-bar-start': `${(node.start * 100).toFixed(3)}%`,
    '--ts-bar-size': `${(node.size * 100).toFixed(3)}%`,
  } as CSSProperties;
  return (
    <li data-slot="tool-timeline-item">
      <span style={visuallyHidden}>{sentence}</span>
      <div
        data-slot="tool-timeline-row"
        data-state={entry.status}
        data-depth={node.depth}
        className="ts-tool-timeline__row"
        style={style}
        aria-hidden="true"
      >
        <span data-slot="tool-timeline-label" className="ts-tool-timeline__label">
          {entry.label}
        </span>
        <span data-slot="tool-timeline-track" className="ts-tool-timeline__track">
          <span data-slot="tool-timeline-bar" data-state={entry.status} className="ts-tool-timeline__bar" />
        </span>
        <span data-slot="tool-timeline-duration" className="ts-tool-timeline__duration">
          {elapsed.text}
        </span>
      </div>
      {node.children.length > 0 && (
        <ol
          data-slot="tool-timeline-list"
          className="ts-tool-timeline__list"
          aria-label={`Work by ${entry.label}`}
        >
          {node.children.map((child) => (
            <Row key={child.entry.id} node={child} now={now} />
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * A waterfall of one turn's tool calls over time: one bar per call from its start to its end (or
 * now, live while it runs), nested by delegation with the names indented and every bar on one
 * shared time axis, a duration column (the same figure each call's row shows), coloured by
 * status with the stylesheet. Each row also reads as a sentence for screen readers ("Search
 * confluence: starts at 0.2 s, took 0.7 s, done."), in nested lists.
 */
export function ToolTimeline({
  messageId,
  title = 'Timeline',
  emptyState,
  className,
  ...props
}: ToolTimelineProps) {
  const labels = useToolLabels();
  const entries = useEntries(messageId, labels);
  const live = entries.some((entry) => entry.isOpen);
  const now = useNow(live, 1000);
  const timeline = buildTimeline(entries, now);
  const titleId = useId();
  const empty = entries.length === 0;
  const turn = useToolStreamState((state) => {
    const answer = answerOf(state, messageId);
    return answer === undefined ? 'none' : answer.end === null ? 'running' : 'ended';
  });
  const emptyText =
    emptyState ??
    (turn === 'none'
      ? 'Tool calls show here as the agent works.'
      : turn === 'running'
        ? 'No tool calls in this turn yet.'
        : 'No tool calls in this turn.');
  return (
    <section
      data-slot="tool-timeline"
      data-state={empty ? 'empty' : timeline.live ? 'live' : 'complete'}
      aria-labelledby={titleId}
      className={cx('ts-tool-timeline', className)}
      {...props}
    >
      <div data-slot="tool-timeline-header" className="ts-tool-timeline__header">
        <h3 id={titleId} data-slot="tool-timeline-title" className="ts-tool-timeline__title">
          {title}
        </h3>
        {!empty && (
          <span data-slot="tool-timeline-span" className="ts-tool-timeline__span">
            {`${plural(entries.length, 'call', 'calls')} · ${formatDuration(timeline.spanMs, !timeline.live)}`}
          </span>
        )}
      </div>
      {empty ? (
        <p data-slot="tool-timeline-empty" className="ts-tool-timeline__empty">
          {emptyText}
        </p>
      ) : (
        <>
          <div data-slot="tool-timeline-axis" className="ts-tool-timeline__axis" aria-hidden="true">
            <span />
            <span className="ts-tool-timeline__ticks">
              <span>0 s</span>
              <span>{formatDuration(timeline.spanMs / 2)}</span>
              <span>{formatDuration(timeline.spanMs)}</span>
            </span>
            <span />
          </div>
          <ol data-slot="tool-timeline-list" className="ts-tool-timeline__list" aria-labelledby={titleId}>
            {timeline.roots.map((node) => (
              <Row key={node.entry.id} node={node} now={now} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
ToolTimeline.displayName = 'ToolTimeline';
