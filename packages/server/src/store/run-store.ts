import type { PendingAsks, PendingLookup } from '../input/pending-input.js';

/**
 * The run store: where a run's frames live between the producer that writes them and the
 * connections that read them. Two implementations: in memory (one process) and on Redis Streams
 * (any number of instances). Everything about runs that must hold across instances — sequence
 * numbers, fencing a producer off once the run ended, replay, cancel, a producer's lease — is a
 * property of the store, so the handler and the producer are the same for both.
 */

/** Where a run is. `running` until it ends one of three ways. */
export type StoredRunStatus = 'running' | 'done' | 'failed' | 'cancelled';

/** A frame as a producer hands it to the store: one SSE event without its id. */
export interface FrameInput {
  /** The SSE `event:` field; absent means the default (`message`). */
  event?: string;
  /** The SSE `data:` field. */
  data: string;
}

/** A frame as stored: numbered by the run, from 1. The number is its SSE `id`. */
export interface StoredFrame extends FrameInput {
  seq: number;
  /** Set on the run's terminal frame (always its last): how the run ended. */
  end?: Exclude<StoredRunStatus, 'running'>;
}

/** What the store knows of a run. */
export interface RunRecord {
  id: string;
  status: StoredRunStatus;
  /** Who started it (the handler's `identify`), or `null`. */
  owner: string | null;
  /** Sequence number of the last frame written (0 before the first). */
  lastSeq: number;
  /**
   * Sequence number of the oldest frame still kept (`lastSeq + 1` when none is). Frames before it
   * were dropped to keep the run within its bounds: a re-attach after an older id answers 410.
   */
  firstSeq: number;
  createdAt: number;
  /** When it ended, or `null` while running. */
  endedAt: number | null;
}

/** A new run. */
export interface NewRun {
  id: string;
  owner: string | null;
  createdAt: number;
}

/** How a run ends: its status and the terminal frame every reader receives last. */
export interface RunEnding {
  status: Exclude<StoredRunStatus, 'running'>;
  frame: FrameInput;
}

/** The answer to an append: the last sequence number, or why the run takes no more frames. */
export type AppendResult = { ok: true; lastSeq: number } | { ok: false; status: StoredRunStatus | 'unknown' };

/**
 * The producer's hold on a run: it keeps the run alive (a lease, on stores shared by several
 * processes) and hears when the run ends by someone else's hand (a `DELETE` on any instance, a
 * limit, a lease taken as lost).
 */
export interface RunHold {
  /** Lets go of the run (the producer finished). */
  release(): void;
}

/** Options of {@link RunStore.read}. */
export interface ReadOptions {
  /** Stop reading (the client went away). */
  signal: AbortSignal;
}

/**
 * A store of runs. Its methods never throw for a run that does not exist (they answer `null`,
 * `false` or `unknown`); they throw {@link RunStoreError}s for what the handler must answer with
 * an HTTP status, and whatever the backing service throws (a lost Redis connection) otherwise.
 */
export interface RunStore {
  /** Registers a new run. Throws a `capacity` {@link RunStoreError} when the store holds as many running runs as it may. */
  create(run: NewRun): Promise<void>;
  /** What the store knows of a run, or `null` when it never existed or is no longer kept. */
  get(runId: string): Promise<RunRecord | null>;
  /**
   * Appends frames as the run's producer, numbering them. Appends nothing when the run no longer
   * runs (cancelled, ended, expired): the producer must stop — a zombie producer is fenced off.
   */
  append(runId: string, frames: readonly FrameInput[]): Promise<AppendResult>;
  /**
   * Ends a running run with its terminal frame, atomically with the status: `false` (and nothing
   * written) when it had already ended. Every reader receives the terminal frame and stops.
   */
  end(runId: string, ending: RunEnding): Promise<boolean>;
  /**
   * Reads the frames after `afterSeq`: those kept (replay), then live ones as they come, in order,
   * each once, up to and including the terminal frame. Yields batches. Throws a `gone`
   * {@link RunStoreError} when frames after `afterSeq` are no longer kept, and `unknown` when the
   * run is not kept at all (check with {@link get} first to answer before streaming). `afterSeq`
   * is at most the run's `lastSeq` (the handler answers 400 to a later `Last-Event-ID`).
   */
  read(runId: string, afterSeq: number, options: ReadOptions): AsyncIterable<StoredFrame[]>;
  /** The producer's hold: `onEnded` is called once when the run ends by another hand. */
  hold(runId: string, onEnded: (status: StoredRunStatus) => void): RunHold;
  /**
   * Keeps what a run asked for when it ended waiting (PROTOCOL.md §11), for much longer than the
   * run itself (a person may answer the next day). Written once per run, before its terminal frame.
   */
  savePending(pending: PendingAsks): Promise<void>;
  /** What a run asked for and whether a continuation took it already, or `null` (never asked, expired). */
  getPending(runId: string): Promise<PendingLookup | null>;
  /**
   * Marks a run's asks answered, atomically across every instance: `true` for the one
   * continuation that may go on, `false` when another took them first (or they are gone).
   */
  claimPending(runId: string): Promise<boolean>;
  /** Stops timers and connections the store made (not ones it was given). */
  close(): Promise<void>;
}

/** Why a store refused: the handler answers each with its own HTTP status. */
export type RunStoreErrorCode = 'capacity' | 'gone' | 'unknown';

/** A refusal the handler turns into an HTTP answer (503, 410, 404). */
export class RunStoreError extends Error {
  readonly code: RunStoreErrorCode;
  /** For `capacity`: how long to wait before trying again, in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(code: RunStoreErrorCode, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'RunStoreError';
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}
