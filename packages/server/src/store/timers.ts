/**
 * A timer that does not keep a Node process alive by itself (a store's retention timers must not
 * hold a CLI or a test run open); plain `setTimeout` elsewhere.
 */
export function backgroundTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(callback, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
