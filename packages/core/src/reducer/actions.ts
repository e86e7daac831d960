import type { ToolStreamError } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import type { CallAnswer, RunStatus } from './state.js';

/**
 * Where a new turn's answer goes:
 * - `append`: after the conversation, with the user's message first when there is one (`send`,
 *   a run fed through `ingest`);
 * - `replace`: in place of the last answer, `answerId` (`retry()`; with `keepVersion`, the old
 *   answer is kept as an earlier version: `regenerate()`);
 * - `edit`: the user message `userMessageId` gets `text`, and everything after it is dropped;
 * - `continue`: the answer `answerId`, which ended waiting for input, goes on (a continuation
 *   request carried the answers): its parts and calls stay, and the new run writes into it.
 */
export type TurnPlacement =
  | { kind: 'append'; userMessage: { id: string; text: string } | null }
  | { kind: 'replace'; answerId: string; keepVersion: boolean }
  | { kind: 'edit'; userMessageId: string; text: string }
  | { kind: 'continue'; answerId: string };

/** A run begins: its assistant message is placed (see {@link TurnPlacement}). */
export interface RunStartAction {
  type: 'run-start';
  assistantMessageId: string;
  placement: TurnPlacement;
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
 * The run ended: `done` (the stream closed), `error`, `aborted` (stopped by the client) or `idle`
 * (detached: the run goes on elsewhere, its turn stays open). Open calls are closed with a
 * status that says why, and the turn gets its {@link TurnEndState}.
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

/** A call that waits gets its answer (once: a second answer is ignored). */
export interface AnswerAction {
  type: 'answer';
  messageId: string;
  callId: string;
  answer: CallAnswer;
}

/** These calls' answers went to the server in a continuation request. */
export interface AnswersSentAction {
  type: 'answers-sent';
  messageId: string;
  callIds: readonly string[];
}

/**
 * The turn `messageId`, which waits for input, is given up (`stop()`): its waiting calls are
 * stopped, and so is the turn.
 */
export interface StopWaitingAction {
  type: 'stop-waiting';
  messageId: string;
}

/** Calls of `toolName` are approved without asking for the rest of the conversation. */
export interface AllowToolAction {
  type: 'allow-tool';
  toolName: string;
}

/** Everything the reducer folds: stream events plus the store's own lifecycle actions. */
export type ToolStreamAction =
  | StreamEvent
  | RunStartAction
  | StatusAction
  | RunInfoAction
  | RunEndAction
  | ErrorAction
  | AnswerAction
  | AnswersSentAction
  | StopWaitingAction
  | AllowToolAction;
