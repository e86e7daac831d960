/**
 * Typed errors. Every error that reaches state is plain data with a `code` that says what
 * happened, a message for people, whether retrying can help and whether it ended the run; each
 * code carries the fields that apply to it (`status` for HTTP answers, `frame` for bad frames…).
 */

interface ErrorBase {
  message: string;
  /** Whether trying again (a new request, `retry()` or `resume()`) can succeed. */
  retryable: boolean;
  /** `true` when the error ended the run; protocol errors in single frames are not fatal. */
  fatal: boolean;
}

/** The connection failed or dropped and could not be resumed. */
export interface NetworkError extends ErrorBase {
  code: 'network';
}

/** The server answered with a non-2xx status. */
export interface HttpError extends ErrorBase {
  code: 'http';
  status: number;
  /** The first characters of the response body. */
  body: string;
}

/** The server answered 2xx, but not with an event stream. */
export interface ContentTypeError extends ErrorBase {
  code: 'content-type';
  status: number;
  body: string;
}

/** HTTP 429 after the allowed retries. */
export interface RateLimitedError extends ErrorBase {
  code: 'rate-limited';
  status: number;
  body: string;
  /** How long the server asked us to wait (`Retry-After`), when it said. */
  retryAfterMs?: number;
}

/** No bytes arrived for `idleTimeoutMs`, or the server answered HTTP 408 (then `status` is set). */
export interface TimeoutError extends ErrorBase {
  code: 'timeout';
  status?: number;
  body?: string;
}

/** A frame could not be understood. Never fatal: the stream goes on. */
export interface ProtocolError extends ErrorBase {
  code: 'protocol';
  /** The offending frame's data, truncated. */
  frame?: string;
  /** The tool call concerned, for call-level problems. */
  callId?: string;
}

/** The server reported an error inside the stream (an `error` event, a provider's error). */
export interface ServerError extends ErrorBase {
  code: 'server';
}

/** A tool reported a failure (not fatal: the run goes on). */
export interface ToolFailedError extends ErrorBase {
  code: 'tool-failed';
  callId: string;
}

/** Re-attaching to a named run failed for good (404/410, or no run to re-attach). */
export interface ResumeFailedError extends ErrorBase {
  code: 'resume-failed';
  status?: number;
  /** The first characters of the server's answer, when it gave one. */
  body?: string;
}

/**
 * An error as it is kept in state: a union discriminated by `code`, so
 * `if (error.code === 'http') error.status` type-checks.
 */
export type ToolStreamError =
  | NetworkError
  | HttpError
  | ContentTypeError
  | RateLimitedError
  | TimeoutError
  | ProtocolError
  | ServerError
  | ToolFailedError
  | ResumeFailedError;

/** Every `code` of a {@link ToolStreamError}. */
export type ToolStreamErrorCode = ToolStreamError['code'];

/** How much of a frame or body an error keeps. */
export const EXCERPT_LENGTH = 300;

/**
 * Cuts `text` to {@link EXCERPT_LENGTH} characters, marking the cut. The excerpt is a string of
 * its own: engines keep a slice (and often a short string cut from a longer one, such as a
 * frame's data cut from a network read) as a view of the whole, so an error that shows 300
 * characters of a 4 MB frame would keep all 4 MB alive for as long as the state keeps the error.
 */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const kept = text.length <= max ? text : `${text.slice(0, max)}…`;
  return kept.split('').join('');
}

/**
 * A failure inside the transport: an error that ends a connection attempt, or `aborted` when the
 * client itself ended it. Caught by the store and turned into state; never thrown into a UI.
 */
export class TransportFailure extends Error {
  readonly detail: ToolStreamError | { code: 'aborted'; message: string };
  /** Whether the response stream had opened before the failure (a drop, rather than a failed request). */
  opened = false;
  constructor(detail: ToolStreamError | { code: 'aborted'; message: string }) {
    super(detail.message);
    this.name = 'TransportFailure';
    this.detail = detail;
  }
}

/** Builds a non-fatal protocol error for a frame that could not be understood. */
export function protocolError(message: string, frame?: string, callId?: string): ProtocolError {
  const error: ProtocolError = { code: 'protocol', message, retryable: false, fatal: false };
  if (frame !== undefined) error.frame = excerpt(frame);
  if (callId !== undefined) error.callId = callId;
  return error;
}

/** A network error (the connection failed or dropped). */
export function networkError(message: string, fatal = true): NetworkError {
  return { code: 'network', message, retryable: true, fatal };
}

/**
 * A short, safe description of a wire value for an error message: strings quoted (and cut),
 * other values by their kind. Never recurses into the value, so a value nested ten thousand
 * deep cannot overflow the stack here.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(excerpt(value, 80));
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
