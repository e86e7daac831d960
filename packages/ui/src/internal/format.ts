/**
 * Formats a duration for people. While a call is open the clock ticks once a second, so
 * `precise: false` shows whole seconds (a tenth that never updates would look stuck); a
 * finished call shows tenths.
 */
export function formatDuration(ms: number, precise = true): string {
  const safe = Math.max(0, ms);
  if (safe < 60_000) {
    const seconds = safe / 1000;
    return precise ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds)} s`;
  }
  const totalSeconds = Math.floor(safe / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes < 60) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** An ISO 8601 duration (`PT1.2S`) for `<time dateTime>`. */
export function isoDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  return `PT${Number(seconds.toFixed(3))}S`;
}

/** "1 call" / "3 calls". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * How long a call took, or has been running: to `completedAt`, else (while open) to `now` in
 * whole seconds, else nothing. The one formula for every place that shows a call's time — the
 * call's row and the timeline — so they always agree.
 */
export function callElapsed(
  startedAt: number,
  completedAt: number | null,
  isOpen: boolean,
  now: number,
): { ms: number; text: string } {
  if (completedAt !== null) {
    const ms = Math.max(0, completedAt - startedAt);
    return { ms, text: formatDuration(ms) };
  }
  if (!isOpen) return { ms: 0, text: '' };
  const ms = Math.floor(Math.max(0, now - startedAt) / 1000) * 1000;
  return { ms, text: formatDuration(ms, false) };
}
