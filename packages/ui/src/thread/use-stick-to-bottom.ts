import { useCallback, useEffect, useRef, useState } from 'react';
import { nextStuck } from './stick-to-bottom.js';

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Options of {@link useStickToBottom}. */
export interface StickToBottomOptions {
  /** How close to the bottom (px) a downward scroll must end to follow new content again. Default 48. */
  threshold?: number;
}

/** What {@link useStickToBottom} returns. */
export interface StickToBottom {
  /** Attach to the scrolling element. */
  viewportRef: (element: HTMLElement | null) => void;
  /** Attach to the element inside it whose growth should be followed. */
  contentRef: (element: HTMLElement | null) => void;
  /** Whether the view follows new content (false once the reader scrolled up). */
  isAtBottom: boolean;
  /** Scrolls to the bottom and follows new content again. */
  scrollToBottom: () => void;
}

/**
 * Keeps a scrolling view at the bottom while its content grows, unless the reader scrolled up;
 * scrolling back down (or `scrollToBottom`) resumes following. Growth is observed with a
 * ResizeObserver on the content element, so it works however the content changes (streamed
 * text, opened disclosures, late images) at one cheap check per frame; a MutationObserver
 * stands in where there is no ResizeObserver or no content element.
 */
export function useStickToBottom({ threshold = 48 }: StickToBottomOptions = {}): StickToBottom {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [content, setContent] = useState<HTMLElement | null>(null);
  const [isAtBottom, setIsAtBottom] = useState(true);
  const stuck = useRef(true);
  const lastScrollTop = useRef(0);

  const setStuck = useCallback((value: boolean) => {
    stuck.current = value;
    setIsAtBottom(value);
  }, []);

  // Set when a pin moved the view: the `scroll` event it causes is ours, not the reader's.
  const ownScrollPending = useRef(false);

  const pin = useCallback(() => {
    if (viewport === null) return;
    const before = viewport.scrollTop;
    viewport.scrollTop = viewport.scrollHeight;
    lastScrollTop.current = viewport.scrollTop;
    if (lastScrollTop.current !== before) ownScrollPending.current = true;
  }, [viewport]);

  useEffect(() => {
    if (viewport === null) return;
    lastScrollTop.current = viewport.scrollTop;
    const onScroll = () => {
      // Our own pin: nothing to decide, and reading the metrics now would force a layout (the
      // event comes at the start of the next frame, after the DOM changed again). A reader who
      // scrolled in that same frame is seen at their next scroll event; wheel, touch and keys
      // are seen at once anyway.
      if (ownScrollPending.current) {
        ownScrollPending.current = false;
        return;
      }
      const metrics = {
        scrollTop: viewport.scrollTop,
        scrollHeight: viewport.scrollHeight,
        clientHeight: viewport.clientHeight,
      };
      const follow = nextStuck(lastScrollTop.current, metrics, threshold, stuck.current);
      lastScrollTop.current = metrics.scrollTop;
      if (follow !== stuck.current) setStuck(follow);
    };
    // Intent to look up, seen before the scroll it causes: new content arriving in between must
    // not pull the view back down.
    // Only when the viewport itself scrolls: unstyled, the page scrolls instead, and a
    // "Jump to latest" that cannot jump would only confuse.
    const scrollable = () => viewport.scrollHeight > viewport.clientHeight + 1;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && stuck.current && scrollable()) setStuck(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (UP_KEYS.has(event.key) && event.target === viewport && stuck.current && scrollable())
        setStuck(false);
    };
    const onTouchMove = () => {
      if (stuck.current && scrollable()) setStuck(false);
    };
    // Capturing, so it runs before listeners that change the content on a scroll (a thread's
    // window draws the turns scrolled to): the layout it reads is still the one just scrolled.
    viewport.addEventListener('scroll', onScroll, { passive: true, capture: true });
    viewport.addEventListener('wheel', onWheel, { passive: true });
    viewport.addEventListener('touchmove', onTouchMove, { passive: true });
    viewport.addEventListener('keydown', onKeyDown);
    return () => {
      viewport.removeEventListener('scroll', onScroll, { capture: true });
      viewport.removeEventListener('wheel', onWheel);
      viewport.removeEventListener('touchmove', onTouchMove);
      viewport.removeEventListener('keydown', onKeyDown);
    };
  }, [viewport, threshold, setStuck]);

  useEffect(() => {
    if (viewport === null) return;
    const follow = () => {
      if (stuck.current) pin();
    };
    follow();
    const observers: Array<{ disconnect(): void }> = [];
    const resizable = typeof ResizeObserver === 'function';
    if (resizable) {
      // Resize observations arrive after layout, just before paint: reading scrollHeight there
      // costs nothing, and they come at most once a frame however many commits changed the DOM.
      const resize = new ResizeObserver(follow);
      resize.observe(viewport);
      if (content !== null) resize.observe(content);
      observers.push(resize);
    }
    // Content that grows is content whose box grows, so a resize observer on it sees every change
    // worth following. Mutations are watched only without one (old engines, jsdom) or without a
    // content element: a mutation callback runs before layout, so each one would force a layout.
    if (typeof MutationObserver === 'function' && (!resizable || content === null)) {
      const mutation = new MutationObserver(follow);
      mutation.observe(content ?? viewport, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
      observers.push(mutation);
    }
    return () => {
      for (const observer of observers) observer.disconnect();
    };
  }, [viewport, content, pin]);

  const scrollToBottom = useCallback(() => {
    setStuck(true);
    pin();
  }, [pin, setStuck]);

  return { viewportRef: setViewport, contentRef: setContent, isAtBottom, scrollToBottom };
}
