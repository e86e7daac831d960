import type { ToolStreamError } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import type { RunStatus } from './state.js';

/** A run begins: the user's message (if any) and an empty assistant message are appended. */
export interface RunStartAction {
  type: 'run-start';
  assistantMessageId: string;
  userMessage: { id: string; text: string } | null;
  protocol: string | null;
}

/** The run's status changed (connecting, streaming, reconnecting…). */
export interface StatusAction {
  type: 'status';
  status: RunStatus;
}

/** The server named the run (`X-Run-Id`), or the adapter settled on a protocol. */
export interface RunInfoAction {
  type: 'run-info';
  runId?: string | null;
  protocol?: string | null;
}

/**
 * The run ended. Open calls are closed with a status that says why (`interrupted`, `stopped`,
 * `error`); a fatal error is recorded.
 */
export interface RunEndAction {
  type: 'run-end';
  status: 'done' | 'error' | 'aborted' | 'idle';
  error: ToolStreamError | null;
}

/** Records a non-fatal error that is not tied to a frame (a failed cancel request…). */
export interface ErrorAction {
  type: 'error';
  error: ToolStreamError;
}

/** Everything the reducer folds: stream events plus the store's own lifecycle actions. */
export type ToolStreamAction =
  | StreamEvent
  | RunStartAction
  | StatusAction
  | RunInfoAction
  | RunEndAction
  | ErrorAction;
