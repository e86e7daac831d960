/** What the scroll logic reads of the viewport. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** How far the viewport is from the bottom of its content, in pixels. */
export function distanceToBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): number {
  return Math.max(0, scrollHeight - scrollTop - clientHeight);
}

/**
 * Whether the view should keep following new content after a scroll event. At the bottom
 * (within a pixel: sub-pixel layouts), it follows. A move up means the reader wants to look at
 * something, however small the move. A move down keeps a view that follows following (it can
 * end short of the bottom only because the content grew before the event was handled); one
 * that does not follow follows again when it ends near the bottom (within `threshold`).
 */
export function nextStuck(
  previousScrollTop: number,
  metrics: ScrollMetrics,
  threshold: number,
  following: boolean,
): boolean {
  const distance = distanceToBottom(metrics);
  if (distance <= 1) return true;
  if (metrics.scrollTop < previousScrollTop - 1) return false;
  return following || distance <= threshold;
}
