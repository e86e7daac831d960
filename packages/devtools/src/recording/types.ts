import type { SseFrame, ToolStreamError } from '@toolstream/core';
import type { StreamEvent } from '@toolstream/core/adapters';
import type { ToolStreamAction } from '@toolstream/core/tap';

/** One frame as it arrived, with what the adapter made of it. */
export interface RecordedFrame {
  /** Its place among all frames of the recording. */
  readonly index: number;
  /** The turn it belongs to (index in `Recording.turns`). */
  readonly turn: number;
  /** The connection that brought it (see {@link RecordedConnection}), `null` when fed through `ingest*`. */
  readonly connection: number | null;
  /** When it was read (the store's clock, ms). */
  readonly at: number;
  readonly frame: SseFrame;
  /** An id already applied: dropped, not applied twice. */
  readonly duplicate: boolean;
  /** The normalized events the adapter made of it. */
  readonly events: readonly StreamEvent[];
}

/** One turn: a user message (or a stream fed in) and the answer it got. */
export interface RecordedTurn {
  readonly index: number;
  /** The answer's id in the store. */
  readonly messageId: string;
  /** The user's message, when the turn had one. */
  readonly userText: string | null;
  readonly startedAt: number;
  endedAt: number | null;
  /** How the run ended (`done`, `error`, `aborted`, `idle` when detached), `null` while it runs. */
  status: 'done' | 'error' | 'aborted' | 'idle' | null;
  error: ToolStreamError | null;
  /** The protocol `auto` chose (or the one named). */
  protocol: string | null;
  runId: string | null;
  /** It goes on with the answer of the turn before, whose calls waited for input (PROTOCOL.md §11). */
  readonly continues: boolean;
  /** Its frames: `frames.slice(firstFrame, endFrame)`. */
  readonly firstFrame: number;
  endFrame: number;
  /** Its connections, by number. */
  readonly connections: number[];
}

/** One HTTP connection of a run: its request, answer, end, and the bytes it brought. */
export interface RecordedConnection {
  readonly id: number;
  readonly turn: number;
  readonly request: {
    at: number;
    method: string;
    url: string;
    headers: Readonly<Record<string, string>>;
    body?: string;
  };
  open: { at: number; status: number; headers: Readonly<Record<string, string>> } | null;
  close: { at: number; reason: 'end' | 'aborted' | 'failed'; error?: ToolStreamError | undefined } | null;
  frames: number;
  duplicates: number;
  bytes: number;
  /** What it read, as it came (text for `ingestBytes(string)`). */
  readonly chunks: { at: number; chunk: Uint8Array | string }[];
}

/** The store's actions about calls that wait for input: answers, their sending, giving up, a tool allowed. */
export type InputAction = Extract<
  ToolStreamAction,
  { type: 'answer' | 'answers-sent' | 'stop-waiting' | 'allow-tool' }
>;

/** One line of the connection timeline. */
export type TimelineEntry = { at: number; turn: number } & (
  | {
      kind: 'turn-start';
      userText: string | null;
      /** The turn goes on with the answers to the calls its last run waited on (a continuation). */
      continues: boolean;
    }
  | {
      kind: 'request';
      connection: number;
      method: string;
      url: string;
      /** The `Last-Event-ID` a re-attach sent. */
      lastEventId: string | null;
    }
  | { kind: 'open'; connection: number; status: number; runId: string | null }
  | {
      kind: 'close';
      connection: number;
      reason: 'end' | 'aborted' | 'failed';
      error: ToolStreamError | null;
      frames: number;
      duplicates: number;
    }
  | { kind: 'wait'; ms: number; attempt: number; reason: 'reconnect' | 'refused' }
  | { kind: 'cancel'; runId: string; ok: boolean; message: string | null }
  | { kind: 'status'; status: string }
  /** The store's own answer to a call that waited, or the other input actions (PROTOCOL.md §11). */
  | { kind: 'input'; action: InputAction }
  | {
      kind: 'turn-end';
      status: 'done' | 'error' | 'aborted' | 'idle';
      error: ToolStreamError | null;
    }
);

/** An error, and the frame (or connection) it came from. */
export interface RecordedError {
  readonly at: number;
  readonly turn: number;
  readonly error: ToolStreamError;
  /** The frame that caused it, when a frame did. */
  readonly frame: number | null;
  readonly connection: number | null;
}

/** A change one frame made to the state, for people: where, and what it became. */
export interface StateChange {
  /** Where: `text`, `call s1 › result`, `run.status`… */
  readonly path: string;
  readonly kind: 'added' | 'changed' | 'appended';
  /** The value before (changed), short. */
  readonly before?: string;
  /** The new value, or what was appended, short. */
  readonly after: string;
}
