import { findMessage } from '@toolstream/core';
import { useMessageIds, useStreamStatus, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, memo, type ReactNode, useCallback, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { StreamAnnouncer } from '../live-region/stream-announcer.js';
import { AssistantMessage } from '../message/assistant-message.js';
import { UserMessage } from '../message/user-message.js';
import { useStickToBottom } from './use-stick-to-bottom.js';

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
  const { viewportRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom();
  const viewport = useRef<HTMLElement | null>(null);
  // A stable ref callback: an inline one is called again (null, then the element) on every
  // render, and each call queues a state update — an extra, empty commit per render.
  const setViewport = useCallback(
    (element: HTMLElement | null) => {
      viewport.current = element;
      viewportRef(element);
    },
    [viewportRef],
  );
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
        <div ref={contentRef} data-slot="thread-content" className="ts-thread__content">
          {empty ? (
            <div data-slot="thread-empty" className="ts-thread__empty">
              {emptyState ?? <DefaultEmptyState />}
            </div>
          ) : (
            ids.map((id) => <MessageItem key={id} messageId={id} actions={actions} />)
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
