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

/**
 * The message of an error frame: plain text, or `message` / `error` of its JSON. A provider's
 * `error` object keeps its type or code (`Failed to call a function. (invalid_request_error)`),
 * also when it comes first, before any format is known (PROTOCOL.md §9.1).
 */
export function errorMessage(frame: SseFrame): string {
  const json = frameJson(frame);
  if (isRecord(json)) {
    const nested = json.error;
    if (typeof json.message === 'string' && json.message !== '') return json.message;
    if ((isRecord(nested) && typeof nested.message === 'string') || typeof nested === 'string') {
      return wireErrorMessage(nested);
    }
  }
  const text = frame.data.trim();
  return text === '' ? 'The server reported an error.' : excerpt(text);
}

/** The message of an `error` value: a string, or an object with `message` (and `type` / `code`). */
export function wireErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (isRecord(error)) {
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'error';
    // The provider's type or code; a `type` of "error" (the event's own name) says nothing.
    const kind =
      [error.type, error.code, error.status].find(
        (k): k is string => typeof k === 'string' && k !== '' && k !== 'error',
      ) ?? '';
    return kind === '' || message.includes(kind) ? message : `${message} (${kind})`;
  }
  return 'The server reported an error.';
}
