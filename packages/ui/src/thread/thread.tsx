import { useMessageIds, useResolvedStore, useStreamStatus, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, memo, type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { StreamAnnouncer } from '../live-region/stream-announcer.js';
import { AssistantMessage } from '../message/assistant-message.js';
import { UserMessage } from '../message/user-message.js';
import { createCallPacer } from './call-pacer.js';
import { CallPacingContext } from './call-pacing.js';
import { usePrewarm } from './prewarm.js';
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
  /**
   * At most this many new tool calls appear per animation frame; a larger burst shows over the
   * next frames, in arrival order, so mounting it never stalls the page. A burst starts with 2
   * per frame, doubling while frames keep their pace and halving when one runs long. Default 16;
   * `Infinity` shows every call the moment it arrives. Calls already there when the thread
   * mounts show at once.
   *
   * @example
   * ```tsx
   * <Thread newCallsPerFrame={Infinity} /> // tests that expect every call in the first render
   * ```
   */
  newCallsPerFrame?: number;
  /**
   * Warm up while the page is idle (default `true`): once per page, after the thread mounts,
   * render a small sample run unseen (in a closed shadow root, invisible, inert, hidden from
   * assistive technology) and remove it, so the first real run does not pay for the browser
   * compiling the render path. In the render benchmark (50 calls starting at once) it takes the
   * slowest frame of the first burst from 32–58 ms to 25–35 ms. Stops as soon as a run starts.
   * Skipped where the browser has no `requestIdleCallback`.
   */
  prewarm?: boolean;
}

/** See {@link ThreadProps.newCallsPerFrame}. */
const NEW_CALLS_PER_FRAME = 16;

const MessageItem = memo(function MessageItem({ messageId }: { messageId: string }) {
  const role = useToolStreamState((state) => state.messages.find((m) => m.id === messageId)?.role);
  if (role === 'user') return <UserMessage messageId={messageId} />;
  if (role === 'assistant') return <AssistantMessage messageId={messageId} />;
  return null;
});

/**
 * The conversation: every message in order, in a scrolling region that follows new content
 * while the answer streams — unless the reader scrolled up, in which case a "Jump to latest"
 * button appears. Shows `emptyState` before the first message, and announces the stream
 * politely to screen readers (see {@link StreamAnnouncer}).
 */
export function Thread({
  emptyState = 'No messages yet. Ask something to get started.',
  label = 'Conversation',
  announce = true,
  jumpLabel = 'Jump to latest',
  newCallsPerFrame = NEW_CALLS_PER_FRAME,
  prewarm = true,
  className,
  ...props
}: ThreadProps) {
  const ids = useMessageIds();
  const store = useResolvedStore('Thread');
  const pacer = useMemo(() => createCallPacer(store, newCallsPerFrame), [store, newCallsPerFrame]);
  // Listen from the start, not only once a message lists calls: the first burst of a run
  // arrives in the same publish as the message that lists it.
  useEffect(() => pacer.subscribe(() => {}), [pacer]);
  const { isStreaming } = useStreamStatus();
  const { viewportRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom();
  const viewport = useRef<HTMLElement | null>(null);
  usePrewarm(prewarm, store, viewport);
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
              {emptyState}
            </div>
          ) : (
            <CallPacingContext.Provider value={pacer}>
              {ids.map((id) => (
                <MessageItem key={id} messageId={id} />
              ))}
            </CallPacingContext.Provider>
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
