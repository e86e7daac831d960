/**
 * Typed errors. Every error that reaches state has a `code` from {@link ToolStreamErrorCode}, says
 * whether retrying can help, and carries the HTTP status or the offending frame where one applies.
 */

/**
 * - `network`: the connection failed or dropped and could not be resumed.
 * - `http`: the server answered with a non-2xx status (see `status`, `body`).
 * - `content-type`: the server answered 2xx but not with `text/event-stream`.
 * - `rate-limited`: HTTP 429; `retryAfterMs` says when to try again.
 * - `timeout`: no bytes arrived for `idleTimeoutMs`, or HTTP 408.
 * - `protocol`: a frame could not be understood (invalid JSON, missing `call_id`, unknown
 *   `event_type`, a part after completion…). Never fatal: the stream goes on.
 * - `server`: the server reported an error in the stream (an `error` event).
 * - `aborted`: the run was stopped by the client.
 * - `tool-failed`: a tool reported a failure (non-fatal; see `callId`).
 * - `resume-failed`: re-attaching to a named run failed for good.
 */
export type ToolStreamErrorCode =
  | 'network'
  | 'http'
  | 'content-type'
  | 'rate-limited'
  | 'timeout'
  | 'protocol'
  | 'server'
  | 'aborted'
  | 'tool-failed'
  | 'resume-failed';

/** An error as it is kept in state: plain data, safe to serialize. */
export interface ToolStreamError {
  code: ToolStreamErrorCode;
  message: string;
  /** Whether trying again (a new request, or `resume()`) can succeed. */
  retryable: boolean;
  /** `true` when the error ended the run; protocol errors in single frames are not fatal. */
  fatal: boolean;
  /** HTTP status, for `http`, `rate-limited` and `timeout` (408). */
  status?: number;
  /** The first characters of the response body, for `http` and `content-type`. */
  body?: string;
  /** The offending frame's data, truncated, for `protocol`. */
  frame?: string;
  /** How long the server asked us to wait, for `rate-limited`. */
  retryAfterMs?: number;
  /** The tool call concerned, for `tool-failed` and call-level `protocol` errors. */
  callId?: string;
}

/** How much of a frame or body an error keeps. */
export const EXCERPT_LENGTH = 300;

/** Cuts `text` to {@link EXCERPT_LENGTH} characters, marking the cut. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** An `Error` that carries a {@link ToolStreamError}; thrown inside the transport, never into a UI. */
export class ToolStreamFailure extends Error {
  readonly detail: ToolStreamError;
  /** Whether the response stream had opened before the failure (a drop, rather than a failed request). */
  opened = false;
  constructor(detail: ToolStreamError) {
    super(detail.message);
    this.name = 'ToolStreamFailure';
    this.detail = detail;
  }
}

/** Builds a non-fatal protocol error for a frame that could not be understood. */
export function protocolError(message: string, frame?: string, callId?: string): ToolStreamError {
  const error: ToolStreamError = { code: 'protocol', message, retryable: false, fatal: false };
  if (frame !== undefined) error.frame = excerpt(frame);
  if (callId !== undefined) error.callId = callId;
  return error;
}

/** Type guard for {@link ToolStreamFailure}. */
export function isToolStreamFailure(value: unknown): value is ToolStreamFailure {
  return value instanceof ToolStreamFailure;
}
