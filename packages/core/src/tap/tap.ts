import type { ToolStreamError } from '../errors.js';
import type { StreamEvent } from '../protocol/events.js';
import type { SseFrame } from '../protocol/wire.js';
import type { ToolStreamAction } from '../reducer/actions.js';
import type { ToolStreamState } from '../reducer/state.js';

/**
 * What happened to one HTTP connection of a run, as the transport reports it (PROTOCOL.md §5):
 * - `request`: a request is sent: the first POST (or GET), a re-attach with `Last-Event-ID`, a
 *   request sent again after 429 / 408. Each begins a new connection number;
 * - `open`: the server answered with a stream (`status`, headers such as `X-Run-Id`);
 * - `close`: the connection ended: `end` (the body ended, or the stream said it was done),
 *   `aborted` (the client stopped or left it), `failed` (refused, dropped, timed out: `error`);
 * - `wait`: the transport waits before the next request (`reconnect` after a drop, `refused`
 *   after 429 / 408), attempt `attempt` of the run's budget;
 * - `cancel`: `DELETE <endpoint>/<runId>` was sent, and how it went.
 */
export type ConnectionEvent =
  | {
      type: 'request';
      method: string;
      url: string;
      /** The headers sent, as given (credentials included: redact before sharing them). */
      headers: Readonly<Record<string, string>>;
      body?: string;
    }
  | { type: 'open'; status: number; headers: Readonly<Record<string, string>> }
  | {
      type: 'close';
      reason: 'end' | 'aborted' | 'failed';
      error?: ToolStreamError | undefined;
    }
  | { type: 'wait'; ms: number; attempt: number; reason: 'reconnect' | 'refused' }
  | { type: 'cancel'; runId: string; ok: boolean; message?: string };

/**
 * One thing a store (or `reduceStream`) did, as a tap sees it, in order:
 * - `chunk`: bytes (or text) as they were read, before any parsing: a run's raw stream;
 * - `frame`: one SSE (or NDJSON) frame, whether it was a `duplicate` of an id already applied
 *   (and so dropped), and the normalized `events` the adapter made of it;
 * - `action`: anything else the state folds: a turn starting, the status, the run's id and
 *   protocol, the turn ending, an error not tied to a frame, events the adapter emits at the end
 *   of a stream;
 * - `connection`: a {@link ConnectionEvent} of connection number `connection`;
 * - `replace`: the whole state was replaced (`load`, `reset`).
 *
 * `connection` is the number of the connection the bytes came on (counted from 1 per store),
 * or `null` for streams fed through `ingest*` and `reduceStream`. `at` is the store's clock.
 * Records and what they hold must not be changed by a listener.
 */
export type TapRecord =
  | { type: 'chunk'; at: number; connection: number | null; chunk: Uint8Array | string }
  | {
      type: 'frame';
      at: number;
      connection: number | null;
      frame: SseFrame;
      duplicate: boolean;
      events: readonly StreamEvent[];
    }
  | { type: 'action'; at: number; action: ToolStreamAction }
  | { type: 'connection'; at: number; connection: number; event: ConnectionEvent }
  | { type: 'replace'; at: number; state: ToolStreamState };

/** Receives each {@link TapRecord} as it happens. */
export type TapListener = (record: TapRecord) => void;

/**
 * Where a store's reader, state and transport report to its listeners. With none attached, each
 * report is one check of `active` and nothing is recorded: a tap costs nothing where it is not
 * used (`npm run bench` measures it).
 */
export class Tap {
  /** Whether any listener is attached: the one check on every hot path. */
  active = false;
  readonly #listeners = new Set<TapListener>();
  readonly #now: () => number;
  /** Actions folded while a frame is read: the frame's events. */
  #frameEvents: StreamEvent[] | null = null;
  #connection: number | null = null;
  #connections = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Attaches a listener; returns the function that detaches it. */
  add(listener: TapListener): () => void {
    this.#listeners.add(listener);
    this.active = true;
    return () => {
      this.#listeners.delete(listener);
      this.active = this.#listeners.size > 0;
    };
  }

  /** An action is folded: inside a frame it is one of the frame's events, else an `action` record. */
  action(action: ToolStreamAction): void {
    if (this.#frameEvents !== null) this.#frameEvents.push(action as StreamEvent);
    else this.#emit({ type: 'action', at: this.#now(), action });
  }

  /** Reads one frame through `read` (which returns `false` for a duplicate), recording its events. */
  frame(frame: SseFrame, read: (frame: SseFrame) => boolean): boolean {
    const outer = this.#frameEvents;
    const events: StreamEvent[] = [];
    this.#frameEvents = events;
    let applied: boolean;
    try {
      applied = read(frame);
    } finally {
      this.#frameEvents = outer;
    }
    this.#emit({
      type: 'frame',
      at: this.#now(),
      connection: this.#connection,
      frame,
      duplicate: !applied,
      events,
    });
    return applied;
  }

  chunk(chunk: Uint8Array | string): void {
    this.#emit({ type: 'chunk', at: this.#now(), connection: this.#connection, chunk });
  }

  /** A connection event; a `request` begins the next connection. */
  connection(event: ConnectionEvent): void {
    if (event.type === 'request') this.#connection = ++this.#connections;
    // A cancel is not a stream: it belongs to the run, numbered as its last connection.
    this.#emit({ type: 'connection', at: this.#now(), connection: this.#connection ?? 0, event });
  }

  /** A stream with no connection of its own begins (`ingest*`). */
  noConnection(): void {
    this.#connection = null;
  }

  replace(state: ToolStreamState): void {
    this.#emit({ type: 'replace', at: this.#now(), state });
  }

  #emit(record: TapRecord): void {
    for (const listener of this.#listeners) {
      // A listener's bug must not break the stream it watches: reported, never thrown here.
      try {
        listener(record);
      } catch (error) {
        report(error);
      }
    }
  }
}

function report(error: unknown): void {
  const reportError = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof reportError === 'function') reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}
