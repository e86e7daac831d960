import { findMessage } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import { memo, type ReactNode } from 'react';
import { AssistantMessage } from '../message/assistant-message.js';
import { UserMessage } from '../message/user-message.js';
import { TurnSummary } from './turn-summary.js';
import type { ThreadWindow } from './use-thread-window.js';

/**
 * Turns per block of stand-ins. A block none of whose turns is drawn is one element the browser
 * skips while it is off screen, and one React element: a thousand turns are some sixty blocks
 * to lay out, check for visibility and reconcile, not two thousand.
 */
const BLOCK = 32;

const MessageItem = memo(function MessageItem({
  messageId,
  actions,
}: {
  messageId: string;
  actions: boolean;
}) {
  const role = useToolStreamState((state) => findMessage(state, messageId)?.role);
  if (role === 'user') return <UserMessage messageId={messageId} editable={actions} />;
  if (role === 'assistant') return <AssistantMessage messageId={messageId} actions={actions} />;
  return null;
});

/** The thread's turns in order: drawn ones in full, the others standing in, in blocks. */
export function ThreadTurns({
  ids,
  turns,
  actions,
}: {
  ids: readonly string[];
  turns: ThreadWindow;
  actions: boolean;
}) {
  const last = ids.length - 1;
  if (turns.opening) {
    let height = 0;
    for (let index = 0; index <= last; index++) height += turns.heightOf(index);
    return <div data-slot="thread-turns" data-state="opening" style={{ height }} />;
  }
  const out: ReactNode[] = [];
  for (let start = 0; start < ids.length; start += BLOCK) {
    const end = Math.min(ids.length, start + BLOCK);
    let drawn = false;
    for (let index = start; index < end && !drawn; index++) drawn = turns.isDrawn(index);
    if (!drawn) {
      const heights: number[] = [];
      for (let index = start; index < end; index++) heights.push(turns.heightOf(index));
      out.push(
        <SummaryBlock key={`block:${ids[start]}`} ids={ids} start={start} heights={heights} last={last} />,
      );
      continue;
    }
    for (let index = start; index < end; index++) {
      const id = ids[index]!;
      out.push(
        turns.isDrawn(index) ? (
          <div
            key={id}
            ref={turns.measure}
            data-index={index}
            data-slot="thread-turn"
            className="ts-thread__turn"
          >
            <MessageItem messageId={id} actions={actions} />
          </div>
        ) : (
          <TurnSummary key={id} messageId={id} height={turns.heightOf(index)} live={index === last} />
        ),
      );
    }
  }
  return out;
}

interface SummaryBlockProps {
  ids: readonly string[];
  start: number;
  /** The heights of its turns, from `start` on. */
  heights: readonly number[];
  /** The index of the conversation's last turn (the one that may still change). */
  last: number;
}

const SummaryBlock = memo(
  function SummaryBlock({ ids, start, heights, last }: SummaryBlockProps) {
    const total = heights.reduce((sum, height) => sum + height, 0);
    return (
      <div data-slot="thread-turns" data-state="summary" style={{ height: total }}>
        {heights.map((height, i) => (
          <TurnSummary
            key={ids[start + i]}
            messageId={ids[start + i]!}
            height={height}
            live={start + i === last}
          />
        ))}
      </div>
    );
  },
  (before, after) =>
    before.ids === after.ids &&
    before.start === after.start &&
    before.last === after.last &&
    before.heights.length === after.heights.length &&
    before.heights.every((height, i) => height === after.heights[i]),
);
