import { excerpt, type ServerError } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';
import type { Emit } from './adapter.js';
import { frameJson, isRecord } from './frame-json.js';

/**
 * `event: error` and `event: done` mean the same in every SSE protocol we read, so every
 * adapter handles them here. Returns whether the frame was one of them.
 */
export function handleLifecycleFrame(frame: SseFrame, emit: Emit): boolean {
  if (frame.event === 'done') {
    emit({ type: 'done' });
    return true;
  }
  if (frame.event === 'error') {
    emit({ type: 'server-error', error: serverError(errorMessage(frame)) });
    return true;
  }
  return false;
}

/** A fatal error the server reported inside the stream. */
export function serverError(message: string): ServerError {
  return { code: 'server', message, retryable: true, fatal: true };
}

/** The message of an error frame: plain text, or `message` / `error.message` / `error` of its JSON. */
export function errorMessage(frame: SseFrame): string {
  const json = frameJson(frame);
  if (isRecord(json)) {
    const nested = json.error;
    if (typeof json.message === 'string' && json.message !== '') return json.message;
    if (isRecord(nested) && typeof nested.message === 'string') return nested.message;
    if (typeof nested === 'string') return nested;
  }
  const text = frame.data.trim();
  return text === '' ? 'The server reported an error.' : excerpt(text);
}
