import { findMessage } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';
import { memo, type ReactNode } from 'react';
import { AssistantMessage } from '../message/assistant-message.js';
import { UserMessage } from '../message/user-message.js';
import { TurnSummary } from './turn-summary.js';
import type { ThreadWindow } from './use-thread-window.js';

/**
 * Turns per block of stand-ins, and blocks per block of the level above. The turns stand in a
 * tree of blocks: a block none of whose turns is drawn is one element, skipped while off screen
 * (`content-visibility: auto`), and one memoized React element. Each frame an answer streams,
 * the browser lays out and checks for visibility the elements along the way from the thread to
 * that answer, and each element it has ever shown: in a tree that is a few dozen at any length
 * of conversation, where a flat row of blocks is one per block (at a thousand turns, a few
 * milliseconds a frame). A leaf block's turns are plain text, not skipped one by one: a fling
 * that passes a block lays it out whole (32 turns, well within a frame), and an element once
 * shown is never again free to check.
 */
const LEAF = 32;
const FAN = 8;

const MessageItem = memo(function MessageItem({
  messageId,
  actions,
  position,
  count,
}: {
  messageId: string;
  actions: boolean;
  /** Its place in the conversation (from 1), and the number of turns: for the feed's readers. */
  position: number;
  count: number;
}) {
  const role = useToolStreamState((state) => findMessage(state, messageId)?.role);
  // Focusable from script (Page Up / Page Down, see Thread), not a stop of the Tab order.
  const article = { tabIndex: -1, 'aria-posinset': position, 'aria-setsize': count };
  if (role === 'user') return <UserMessage messageId={messageId} editable={actions} {...article} />;
  if (role === 'assistant') return <AssistantMessage messageId={messageId} actions={actions} {...article} />;
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
  // The top level: the smallest span of which FAN blocks hold the whole conversation. (A
  // conversation that grows past 256 or 2,048 turns so gets a level more: its blocks, keyed by
  // span, are built again once then.)
  let span = LEAF;
  while (span * FAN < ids.length) span *= FAN;
  return level(0, ids.length, span);

  /** The turns from `start` to `end`, in blocks of `span` turns. */
  function level(start: number, end: number, span: number): ReactNode[] {
    const out: ReactNode[] = [];
    for (const { from, to, key } of blocks(ids, start, end, span)) {
      let drawn = false;
      for (let index = from; index < to && !drawn; index++) drawn = turns.isDrawn(index);
      if (!drawn) {
        const heights: number[] = [];
        for (let index = from; index < to; index++) heights.push(turns.heightOf(index));
        out.push(
          <SummaryBlock
            key={key}
            ids={ids.slice(from, to)}
            heights={heights}
            span={span}
            live={indexWithin(last, from, to)}
          />,
        );
      } else {
        out.push(
          <div key={key} data-slot="thread-turns">
            {span === LEAF ? drawnBlock(from, to) : level(from, to, span / FAN)}
          </div>,
        );
      }
    }
    return out;
  }

  /** A leaf block some of whose turns are drawn: those in full, the others standing in alone. */
  function drawnBlock(from: number, to: number): ReactNode[] {
    const out: ReactNode[] = [];
    for (let index = from; index < to; index++) {
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
            <MessageItem messageId={id} actions={actions} position={index + 1} count={ids.length} />
          </div>
        ) : (
          <TurnSummary key={id} messageId={id} height={turns.heightOf(index)} live={index === last} />
        ),
      );
    }
    return out;
  }
}

interface SummaryBlockProps {
  /** Its turns' ids. */
  ids: readonly string[];
  /** Their heights, in order. */
  heights: readonly number[];
  /** Turns per block at this level: LEAF, or LEAF × FAN, … */
  span: number;
  /** The index among them of the conversation's last turn (the one that may still change), or -1. */
  live: number;
}

/** A block of turns none of which is drawn: at its height, skipped while off screen. */
const SummaryBlock = memo(
  function SummaryBlock({ ids, heights, span, live }: SummaryBlockProps) {
    const total = heights.reduce((sum, height) => sum + height, 0);
    const children: ReactNode[] = [];
    if (span === LEAF) {
      ids.forEach((id, i) => {
        children.push(<TurnSummary key={id} messageId={id} height={heights[i]!} live={i === live} />);
      });
    } else {
      for (const { from, to, key } of blocks(ids, 0, ids.length, span / FAN)) {
        children.push(
          <SummaryBlock
            key={key}
            ids={ids.slice(from, to)}
            heights={heights.slice(from, to)}
            span={span / FAN}
            live={indexWithin(live, from, to)}
          />,
        );
      }
    }
    return (
      <div data-slot="thread-turns" data-state="summary" style={{ height: total }}>
        {children}
      </div>
    );
  },
  // The same turns at the same heights (not the same arrays: they are made anew on each render
  // of the thread, which happens when other turns are drawn or a turn is added).
  (before, after) =>
    before.span === after.span &&
    before.live === after.live &&
    sameItems(before.ids, after.ids) &&
    sameItems(before.heights, after.heights),
);

/**
 * The blocks of `span` turns from `start` to `end` (`start` a multiple of `span`, so
 * a drawn block's inner level and a block standing in split their turns alike), each keyed by
 * its span and first turn.
 */
function* blocks(ids: readonly string[], start: number, end: number, span: number) {
  for (let from = start; from < end; from += span) {
    yield { from, to: Math.min(end, from + span), key: `${span}:${ids[from]}` };
  }
}

/** `index` counted from `from` when it lies in [from, to), else -1. */
const indexWithin = (index: number, from: number, to: number) =>
  index >= from && index < to ? index - from : -1;

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
