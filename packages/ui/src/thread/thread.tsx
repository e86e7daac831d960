import { findMessage } from '@toolstream/core';
import { useMessageIds, useResolvedStore, useStreamStatus } from '@toolstream/react';
import { type HTMLAttributes, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { type RevealCallDetail, revealCall, useRevealRequests } from '../internal/reveal-call.js';
import { StreamAnnouncer } from '../live-region/stream-announcer.js';
import { estimateTurnHeight } from './estimate-turn.js';
import { ThreadTurns } from './thread-turns.js';
import { useRevealSelection } from './use-reveal-selection.js';
import { useStickToBottom } from './use-stick-to-bottom.js';
import { useThreadWindow } from './use-thread-window.js';
import { turnElement, useTurnFeed } from './use-turn-feed.js';

/** Props of {@link Thread}. Other props go to its outer `<div>`. */
export interface ThreadProps extends HTMLAttributes<HTMLDivElement> {
  /** Shown while there are no messages. */
  emptyState?: ReactNode;
  /** The scrolling region's accessible name; default "Conversation". */
  label?: string;
  /** Include a polite live region announcing the stream (default `true`). */
  announce?: boolean;
  /** Text of the button shown when the reader scrolled up; default "Jump to latest". */
  jumpLabel?: string;
  /** Offer Retry, Regenerate and Edit on the messages (default `true`). */
  actions?: boolean;
}

/** What an empty thread says by default. */
function DefaultEmptyState() {
  return (
    <>
      <p className="ts-thread__empty-title">How can I help?</p>
      <p className="ts-thread__empty-hint">
        Ask a question: the agent's tools and sub-agents show up here as they work.
      </p>
    </>
  );
}

/**
 * The conversation: every message in order, in a scrolling region that follows new content
 * while the answer streams — unless the reader scrolled up, in which case a "Jump to latest"
 * button appears. Messages sit in a centred column (`--ts-content-width`) however wide the
 * thread is. Shows `emptyState` before the first message, and announces the stream politely to
 * screen readers (see {@link StreamAnnouncer}).
 *
 * Only the turns on screen (and a couple either side) are drawn in full: the others stand in as
 * their plain text at the height they had, which the browser skips while it is off screen and its
 * find in page searches; scrolling to one draws it. So a conversation of a thousand turns loads,
 * scrolls and streams like one of ten. The turns are an ARIA feed: Page Up and Page Down in a
 * turn move the focus to the turn before or after it, drawing it — the way a screen reader goes
 * through turns that stand in off screen, which browsers leave out of the accessibility tree. A
 * turn the reader clicked or typed in stays drawn, so what they opened or are editing stays as
 * they left it; one that holds the focus stays drawn while it does.
 */
export function Thread({
  emptyState,
  label = 'Conversation',
  announce = true,
  jumpLabel = 'Jump to latest',
  actions = true,
  className,
  ...props
}: ThreadProps) {
  const ids = useMessageIds();
  const { isStreaming } = useStreamStatus();
  const store = useResolvedStore('Thread');
  const { viewportRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom();
  const viewport = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const following = useRef(isAtBottom);
  following.current = isAtBottom;
  // Stable ref callbacks: an inline one is called again (null, then the element) on every
  // render, and each call queues a state update — an extra, empty commit per render.
  const setViewport = useCallback(
    (element: HTMLElement | null) => {
      viewport.current = element;
      viewportRef(element);
    },
    [viewportRef],
  );
  const setContent = useCallback(
    (element: HTMLDivElement | null) => {
      content.current = element;
      contentRef(element);
    },
    [contentRef],
  );
  // A conversation opens at its end, before the window first asks where the view is.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (element !== null) element.scrollTop = element.scrollHeight;
  }, []);
  const estimate = useCallback(
    (id: string) => estimateTurnHeight(findMessage(store.getState(), id)),
    [store],
  );
  const turns = useThreadWindow({
    ids,
    viewport: useCallback(() => viewport.current, []),
    content: useCallback(() => content.current, []),
    estimate,
    following: useCallback(() => following.current, []),
  });
  useRevealSelection(content);
  // A call revealed in a turn that stands in as text (off screen, so its calls are not mounted to
  // answer): keep the turn drawn, bring it into view, and ask again once it is drawn — once.
  const asked = useRef(new WeakSet<RevealCallDetail>());
  useRevealRequests((detail) => {
    const index = ids.indexOf(detail.messageId);
    if (index < 0 || turns.isDrawn(index) || asked.current.has(detail)) return;
    asked.current.add(detail);
    turns.keep(detail.messageId);
    turnElement(content.current, index)?.scrollIntoView({ block: 'center' });
    requestAnimationFrame(() => requestAnimationFrame(() => revealCall(detail)));
  });
  const feed = useTurnFeed(ids, turns, content);
  const empty = ids.length === 0;
  return (
    <div
      data-slot="thread"
      data-state={empty ? 'empty' : isStreaming ? 'streaming' : 'idle'}
      className={cx('ts-thread', className)}
      {...props}
    >
      <section
        ref={setViewport}
        data-slot="thread-viewport"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1)
        tabIndex={0}
        className="ts-thread__viewport"
      >
        <div
          ref={setContent}
          data-slot="thread-content"
          className="ts-thread__content"
          role={empty ? undefined : 'feed'}
          {...feed}
        >
          {empty ? (
            <div data-slot="thread-empty" className="ts-thread__empty">
              {emptyState ?? <DefaultEmptyState />}
            </div>
          ) : (
            <ThreadTurns ids={ids} turns={turns} actions={actions} />
          )}
        </div>
      </section>
      {!isAtBottom && !empty && (
        <button
          type="button"
          data-slot="thread-jump"
          className="ts-thread__jump"
          onClick={() => {
            scrollToBottom();
            viewport.current?.focus();
          }}
        >
          {jumpLabel}
        </button>
      )}
      {announce && <StreamAnnouncer />}
    </div>
  );
}
Thread.displayName = 'Thread';
