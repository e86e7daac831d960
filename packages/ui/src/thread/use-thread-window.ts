import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type Range,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';

/** Options of {@link useThreadWindow}. */
export interface ThreadWindowOptions {
  /** The turns' ids, in order (a new array only when a turn is added or removed). */
  ids: readonly string[];
  /** The scrolling element, and the element inside it that holds the turns. */
  viewport: () => HTMLElement | null;
  content: () => HTMLElement | null;
  /** A guess at a turn's height (px) before it is drawn. */
  estimate: (id: string) => number;
  /** Whether the view follows new content (it is pinned to the bottom: the pin moves it). */
  following: () => boolean;
}

/** Which turns a thread draws, and how tall the others stand. */
export interface ThreadWindow {
  /** Whether the turn at `index` is drawn in full. */
  isDrawn(index: number): boolean;
  /** The height (px) of the turn at `index`: as measured when it was last drawn, else a guess. */
  heightOf(index: number): number;
  /** Ref of a drawn turn's element (with `data-index`): measured while it is drawn. */
  measure: ((element: HTMLElement | null) => void) | undefined;
  /** Keeps turn `id` drawn from now on: the reader clicked or typed in it. */
  keep(id: string): void;
  /** Keeps turn `id` drawn while it holds the focus (`null`: none does). */
  hold(id: string | null): void;
  /**
   * True from mounting with turns until they are first drawn, in a transition after the first
   * paint: the thread then stands as one empty block of the turns' height.
   */
  opening: boolean;
}

// Whether the engine can measure what it draws: without a ResizeObserver (old engines, jsdom)
// there is no knowing what is on screen, and every turn is drawn. On the server and while
// hydrating: not known yet, nothing drawn (the turns' words are there, see TurnSummary).
const noSubscription = () => () => {};
const canMeasure = () => typeof ResizeObserver === 'function';
const onServer = () => true;
const onClient = () => true;
const notOnClient = () => false;

/** Longest pause (ms) between two scroll events of one fling. */
const FLING_GAP_MS = 400;

/** Turns drawn beyond each edge of the view, so that a short scroll finds them ready. */
const OVERSCAN = 2;

/**
 * The window of a thread on its turns: the turns on screen (and a couple either side) are drawn
 * in full and measured; the others stand in at the height they had, or a guess, so the
 * scrollbar and the reader's place hold. A thousand turns cost what ten do.
 *
 * TanStack Virtual's core keeps the window: the range on screen, the measured sizes by turn, and
 * the view's place when a turn above it is drawn at another height than it stood at. The turns
 * stay in the page's flow (the ones not drawn stand at their height), so the browser places
 * them, and the thread re-renders only when the set of drawn turns changes — not as a streaming
 * turn grows, which is why this binds the core itself rather than through its React adapter
 * (which re-renders on every size change).
 */
export function useThreadWindow({
  ids,
  viewport,
  content,
  estimate,
  following,
}: ThreadWindowOptions): ThreadWindow {
  const measurable = useSyncExternalStore(noSubscription, canMeasure, onServer);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // A thread opened on a long conversation would draw it in one task: the turns on screen, and
  // every other turn's stand-in, on code the page has not run yet (a few hundred ms at a thousand
  // turns). It opens as one empty block instead, and draws in a transition after the first
  // paint, which React renders in slices between frames.
  // (Rendered on the server, or hydrating, the turns' words are already there: no opening.)
  const mountedOnClient = useSyncExternalStore(noSubscription, onClient, notOnClient);
  const [opening, setOpening] = useState(() => mountedOnClient && ids.length > 0);
  const openingNow = useRef(opening);
  openingNow.current = opening;
  useEffect(() => {
    if (openingNow.current) startTransition(() => setOpening(false));
  }, []);
  const kept = useRef(new Set<string>());
  const held = useRef<string | null>(null);
  const [padding, setPadding] = useState({ start: 0, end: 0 });
  const indexOf = useMemo(() => new Map(ids.map((id, index) => [id, index])), [ids]);
  // Stable callbacks: the core measures every turn again when its key function changes.
  const getItemKey = useCallback((index: number) => ids[index]!, [ids]);
  const estimateSize = useCallback((index: number) => estimate(ids[index]!), [ids, estimate]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (kept.current.size === 0 && held.current === null) return indexes;
      const all = new Set(indexes);
      for (const id of held.current === null ? kept.current : [...kept.current, held.current]) {
        const index = indexOf.get(id);
        if (index !== undefined) all.add(index);
      }
      return [...all].sort((a, b) => a - b);
    },
    [indexOf],
  );
  // A fling: the view moved more than a screen since the last scroll, twice running and the
  // same way (one jump, as Jump to latest makes, is drawn at once). Drawing each screen it passes
  // would cost more than a frame; the turns it passes stand in as their text, and those it stops
  // on are drawn when scrolling stops (the core tells). Only the reader's moves count: not the
  // core's calls with the view still (a turn measured), nor its own small moves that keep the
  // reader's place as a drawn turn settles — taken for a slow scroll, they would draw every
  // other screen of a fling.
  const lastScroll = useRef({ offset: 0, at: 0, jumped: 0, fling: false });
  const placeKeeping = useRef<number | null>(null);
  const flinging = (instance: Virtualizer<HTMLElement, HTMLElement>): boolean => {
    const offset = instance.scrollOffset ?? 0;
    const before = lastScroll.current;
    if (!instance.isScrolling) {
      lastScroll.current = { offset, at: before.at, jumped: 0, fling: false };
      return false;
    }
    const own = placeKeeping.current !== null && Math.abs(offset - placeKeeping.current) < 1;
    if (own) placeKeeping.current = null;
    if (offset === before.offset || own) {
      lastScroll.current = { ...before, offset };
      return before.fling;
    }
    const at = performance.now();
    const screen = instance.scrollRect?.height ?? Number.POSITIVE_INFINITY;
    // 1 or -1: a jump down or up; 0: a move within a screen.
    const jumped = Math.abs(offset - before.offset) > screen ? Math.sign(offset - before.offset) : 0;
    const fling = jumped !== 0 && jumped === before.jumped && at - before.at < FLING_GAP_MS;
    lastScroll.current = { offset, at, jumped, fling };
    return fling;
  };
  // Set while the core measures a turn from its ref, during React's commit: no flushSync there.
  const committing = useRef(false);
  const coreRef = useRef<Virtualizer<HTMLElement, HTMLElement> | null>(null);
  const drawnBefore = useRef<number[] | null>(null);
  const options: VirtualizerOptions<HTMLElement, HTMLElement> = {
    count: ids.length,
    getScrollElement: viewport,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    // A thread that follows new content opens at its end: the first window is the last turns,
    // not the first ones, drawn and dropped when the view is pinned to the bottom.
    initialOffset: () => {
      const core = coreRef.current;
      if (core === null || !following()) return 0;
      return Math.max(0, core.getTotalSize() - (viewport()?.clientHeight ?? 0));
    },
    paddingStart: padding.start,
    paddingEnd: padding.end,
    scrollToFn: (offset, scroll, instance) => {
      if (scroll.adjustments) placeKeeping.current = offset + scroll.adjustments;
      elementScroll(offset, scroll, instance);
    },
    observeElementRect,
    observeElementOffset,
    onChange: (instance, sync) => {
      if (openingNow.current || flinging(instance)) return;
      // Re-render only when other turns are to be drawn (the list is memoized by the core).
      const drawn = instance.getVirtualIndexes();
      if (drawn === drawnBefore.current) return;
      drawnBefore.current = drawn;
      // A scroll draws the turns it brings on screen before the frame is painted.
      if (sync && !committing.current) flushSync(rerender);
      else rerender();
    },
  };
  const followingRef = useRef(following);
  followingRef.current = following;
  const [virtualizer] = useState(() => {
    const core = new Virtualizer(options);
    coreRef.current = core;
    core.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
      keepsPlace(item, instance, followingRef.current());
    return core;
  });
  virtualizer.setOptions(options);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());

  // The thread's own padding, so the window's sums match the page (read once: it is the stylesheet's).
  useLayoutEffect(() => {
    const element = content();
    if (element === null) return;
    const style = getComputedStyle(element);
    setPadding({
      start: Number.parseFloat(style.paddingTop) || 0,
      end: Number.parseFloat(style.paddingBottom) || 0,
    });
  }, [content]);

  const measure = useCallback(
    (element: HTMLElement | null) => {
      committing.current = true;
      try {
        virtualizer.measureElement(element);
      } finally {
        committing.current = false;
      }
    },
    [virtualizer],
  );
  const indexes = virtualizer.getVirtualIndexes();
  drawnBefore.current = indexes;
  const drawn = measurable ? new Set(opening ? [] : indexes) : null;
  const sizes = virtualizer.measurementsCache;
  return {
    opening: measurable && opening,
    isDrawn: (index) => drawn === null || drawn.has(index),
    heightOf: (index) => sizes[index]?.size ?? estimateSize(index),
    measure: measurable ? measure : undefined,
    keep: (id) => {
      kept.current.add(id);
    },
    hold: (id) => {
      held.current = id;
    },
  };
}

/**
 * When a turn's measured height changes, whether to move the view by the difference so that
 * what the reader sees stays put: as the core decides by default (a turn drawn for the first
 * time whose top is above the view; a turn entirely above it, unless the reader is scrolling
 * up) — except while the view follows new content, where the pin to the bottom moves it (both
 * moving it would read as the reader scrolling).
 */
function keepsPlace(
  item: { key: unknown; start: number; end: number },
  instance: Virtualizer<HTMLElement, HTMLElement>,
  following: boolean,
): boolean {
  if (following) return false;
  const offset = instance.scrollOffset ?? 0;
  const firstMeasure = !instance.itemSizeCache.has(item.key as string);
  return firstMeasure ? item.start < offset : item.end <= offset && instance.scrollDirection !== 'backward';
}
