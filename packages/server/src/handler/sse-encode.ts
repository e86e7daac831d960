import type { StoredFrame } from '../store/run-store.js';

/**
 * One stored frame as SSE text, its sequence number as its `id`. Each line of `data` becomes
 * its own `data:` line (the client joins them with `\n`), always after `data: ` so that a piece
 * starting with a space keeps it.
 */
export function encodeFrame(frame: StoredFrame): string {
  let text = `id: ${frame.seq}\n`;
  if (frame.event !== undefined) text += `event: ${frame.event}\n`;
  for (const line of frame.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The first bytes of a stream when there is no `retry:` to send: a comment, which clients skip. */
export const OPENING_COMMENT = ':\n\n';

/** A comment that keeps proxies and the client's idle timer from closing a quiet stream. */
export const KEEP_ALIVE = ': keep-alive\n\n';

/** The `retry:` field: the client's base reconnection delay. */
export function encodeRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.round(ms))}\n\n`;
}
