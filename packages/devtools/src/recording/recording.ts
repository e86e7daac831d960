import type { ToolStreamState, ToolStreamStore } from '@toolstream/core';
import type { TapRecord, ToolStreamAction } from '@toolstream/core/tap';
import { describeChanges } from './describe-changes.js';
import { type MirrorStep, StateMirror } from './state-mirror.js';
import type {
  RecordedConnection,
  RecordedError,
  RecordedFrame,
  RecordedTurn,
  StateChange,
  TimelineEntry,
} from './types.js';

/**
 * Everything a store's tap reported, organised for people: turns, connections with their bytes,
 * frames with their events, the connection timeline, errors with the frame that caused them — and
 * the state, folded from the same records (see {@link StateMirror}), so what each frame changed
 * can be shown. Fed by {@link Recording.record} (a tap listener); nothing here reads the store.
 *
 * Arrays only grow; `version` counts changes, and `subscribe` tells at most once per animation
 * frame (per microtask off the browser), however fast the stream.
 */
export class Recording {
  readonly turns: RecordedTurn[] = [];
  readonly frames: RecordedFrame[] = [];
  readonly connections: RecordedConnection[] = [];
  readonly timeline: TimelineEntry[] = [];
  version = 0;
  readonly #mirror: StateMirror;
  readonly #listeners = new Set<() => void>();
  #scheduled = false;

  constructor(start: ToolStreamState) {
    this.#mirror = new StateMirror(start);
  }

  /** The state the recorded store has now, folded from what was recorded. */
  get state(): ToolStreamState {
    return this.#mirror.current();
  }

  /**
   * Every error, with the frame that caused it (a bad frame, a tool's failure, a part after its
   * phase completed…) or, for the errors no frame caused (a dropped connection, a failed
   * request), the connection. Worked out from the state as it is folded.
   */
  get errors(): readonly RecordedError[] {
    const found = this.#mirror.errors();
    for (let i = this.#errors.length; i < found.length; i++) {
      const { step, error } = found[i]!;
      const frame = this.#stepFrames.get(step);
      const turn = this.#stepTurns[step] ?? 0;
      const recorded = frame === undefined ? undefined : this.frames[frame];
      this.#errors.push({
        at: this.#stepTimes[step] ?? 0,
        turn,
        error,
        frame: frame ?? null,
        connection: recorded?.connection ?? this.turns[turn]?.connections.at(-1) ?? null,
      });
    }
    return this.#errors;
  }

  /** What frame `index` changed in the state. */
  changesOf(index: number): StateChange[] {
    const frame = this.frames[index];
    if (frame === undefined) return [];
    const { before, after } = this.#mirror.around(this.#frameSteps[index]!);
    return describeChanges(before, after);
  }

  /**
   * Frames whose events touch call `callId` of turn `turn`, in order: with the turns it continues
   * (a call that waited is asked in one run and ends in the next).
   */
  framesOfCall(turn: number, callId: string): RecordedFrame[] {
    let first = this.turns[turn];
    if (first === undefined) return [];
    while (first.continues && first.index > 0) first = this.turns[first.index - 1]!;
    const last = this.turns[turn]!;
    const touches = (frame: RecordedFrame) =>
      frame.events.some((event) => 'callId' in event && event.callId === callId);
    const frames: RecordedFrame[] = [];
    for (let t = first.index; t <= last.index; t++) {
      const { firstFrame, endFrame } = this.turns[t]!;
      for (let i = firstFrame; i < endFrame; i++) if (touches(this.frames[i]!)) frames.push(this.frames[i]!);
    }
    return frames;
  }

  /** The turn answered by `messageId` (the last one, when a retry reused it). */
  turnOf(messageId: string): RecordedTurn | undefined {
    return this.turns.findLast((turn) => turn.messageId === messageId);
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The tap listener: takes one record. */
  readonly record = (record: TapRecord): void => {
    switch (record.type) {
      case 'chunk':
        this.#chunk(record);
        break;
      case 'frame':
        this.#frame(record);
        break;
      case 'action':
        this.#action(record.action, record.at);
        this.#step(
          { kind: 'actions', actions: [record.action], at: record.at },
          this.turns.length - 1,
          record.at,
        );
        break;
      case 'connection':
        this.#connection(record);
        break;
      case 'replace':
        this.#step({ kind: 'replace', state: record.state }, this.turns.length - 1, record.at);
        break;
    }
    this.version++;
    this.#schedule();
  };

  /** The step of the mirror each frame is, and the other way round. */
  readonly #frameSteps: number[] = [];
  readonly #stepFrames = new Map<number, number>();
  /** The turn and time of each step of the mirror. */
  readonly #stepTurns: number[] = [];
  readonly #stepTimes: number[] = [];
  readonly #errors: RecordedError[] = [];

  /** Adds a step to the mirror, noting its turn and time. */
  #step(step: MirrorStep, turn: number, at: number): number {
    const index = this.#mirror.push(step);
    this.#stepTurns[index] = turn;
    this.#stepTimes[index] = at;
    return index;
  }

  #currentTurn(at: number): RecordedTurn {
    const last = this.turns.at(-1);
    if (last !== undefined) return last;
    // Records before any turn began (a tap attached mid-turn): they go to a turn of their own.
    return this.#openTurn('(before the recording)', null, at);
  }

  #openTurn(messageId: string, userText: string | null, at: number, continues = false): RecordedTurn {
    const turn: RecordedTurn = {
      index: this.turns.length,
      messageId,
      userText,
      startedAt: at,
      endedAt: null,
      status: null,
      error: null,
      protocol: null,
      runId: null,
      continues,
      firstFrame: this.frames.length,
      endFrame: this.frames.length,
      connections: [],
    };
    this.turns.push(turn);
    this.timeline.push({ kind: 'turn-start', at, turn: turn.index, userText, continues });
    return turn;
  }

  #chunk(record: Extract<TapRecord, { type: 'chunk' }>): void {
    const connection = record.connection === null ? undefined : this.connections[record.connection - 1];
    if (connection === undefined) return;
    connection.chunks.push({ at: record.at, chunk: record.chunk });
    connection.bytes += typeof record.chunk === 'string' ? record.chunk.length : record.chunk.byteLength;
  }

  #frame(record: Extract<TapRecord, { type: 'frame' }>): void {
    const turn = this.#currentTurn(record.at);
    const frame: RecordedFrame = {
      index: this.frames.length,
      turn: turn.index,
      connection: record.connection,
      at: record.at,
      frame: record.frame,
      duplicate: record.duplicate,
      events: record.events,
    };
    this.frames.push(frame);
    const step = this.#step(
      { kind: 'actions', actions: record.events, at: record.at },
      turn.index,
      record.at,
    );
    this.#frameSteps.push(step);
    this.#stepFrames.set(step, frame.index);
    turn.endFrame = this.frames.length;
    const connection = record.connection === null ? undefined : this.connections[record.connection - 1];
    if (connection !== undefined) {
      if (record.duplicate) connection.duplicates++;
      else connection.frames++;
    }
  }

  #action(action: ToolStreamAction, at: number): void {
    switch (action.type) {
      case 'run-start': {
        const { placement } = action;
        const user =
          placement.kind === 'append'
            ? (placement.userMessage?.text ?? null)
            : placement.kind === 'edit'
              ? placement.text
              : (this.turns.findLast((t) => t.messageId === placement.answerId)?.userText ?? null);
        // A continuation writes on in the answer that waited: its turn is that answer's.
        const continues = placement.kind === 'continue';
        const turn = this.#openTurn(
          continues ? placement.answerId : action.assistantMessageId,
          user,
          at,
          continues,
        );
        turn.protocol = action.protocol === 'auto' ? null : action.protocol;
        return;
      }
      case 'run-info': {
        const turn = this.#currentTurn(at);
        if (action.runId !== undefined && action.runId !== null) turn.runId = action.runId;
        if (action.protocol !== undefined && action.protocol !== null) turn.protocol = action.protocol;
        return;
      }
      case 'status':
        this.timeline.push({ kind: 'status', at, turn: this.#currentTurn(at).index, status: action.status });
        return;
      case 'run-end': {
        const turn = this.#currentTurn(at);
        turn.endedAt = at;
        turn.status = action.status;
        turn.error = action.error;
        this.timeline.push({
          kind: 'turn-end',
          at,
          turn: turn.index,
          status: action.status,
          error: action.error,
        });
        return;
      }
      case 'answer':
      case 'answers-sent':
      case 'stop-waiting':
      case 'allow-tool': {
        // An answer belongs to the turn that asked, though it may come after later turns began.
        const asked = 'messageId' in action ? this.turnOf(action.messageId) : undefined;
        this.timeline.push({ kind: 'input', at, turn: (asked ?? this.#currentTurn(at)).index, action });
        return;
      }
      default:
        // Errors and events outside frames: the mirror folds them (see `errors`).
        return;
    }
  }

  #connection(record: Extract<TapRecord, { type: 'connection' }>): void {
    const { event, at } = record;
    const turn = this.#currentTurn(at);
    if (event.type === 'request') {
      const connection: RecordedConnection = {
        id: record.connection,
        turn: turn.index,
        request: {
          at,
          method: event.method,
          url: event.url,
          headers: event.headers,
          ...(event.body === undefined ? {} : { body: event.body }),
        },
        open: null,
        close: null,
        frames: 0,
        duplicates: 0,
        bytes: 0,
        chunks: [],
      };
      // Numbers count from 1 per store, so the list is indexed by number - 1.
      this.connections[record.connection - 1] = connection;
      turn.connections.push(record.connection);
      this.timeline.push({
        kind: 'request',
        at,
        turn: turn.index,
        connection: record.connection,
        method: event.method,
        url: event.url,
        lastEventId: headerValue(event.headers, 'last-event-id'),
      });
      return;
    }
    const connection = this.connections[record.connection - 1];
    switch (event.type) {
      case 'open':
        if (connection !== undefined) connection.open = { at, status: event.status, headers: event.headers };
        this.timeline.push({
          kind: 'open',
          at,
          turn: turn.index,
          connection: record.connection,
          status: event.status,
          runId: headerValue(event.headers, 'x-run-id'),
        });
        return;
      case 'close':
        if (connection !== undefined) connection.close = { at, reason: event.reason, error: event.error };
        this.timeline.push({
          kind: 'close',
          at,
          turn: turn.index,
          connection: record.connection,
          reason: event.reason,
          error: event.error ?? null,
          frames: connection?.frames ?? 0,
          duplicates: connection?.duplicates ?? 0,
        });
        return;
      case 'wait':
        this.timeline.push({
          kind: 'wait',
          at,
          turn: turn.index,
          ms: event.ms,
          attempt: event.attempt,
          reason: event.reason,
        });
        return;
      case 'cancel':
        this.timeline.push({
          kind: 'cancel',
          at,
          turn: turn.index,
          runId: event.runId,
          ok: event.ok,
          message: event.message ?? null,
        });
        return;
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#listeners.size === 0) return;
    this.#scheduled = true;
    const run = () => {
      this.#scheduled = false;
      for (const listener of this.#listeners) listener();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else queueMicrotask(run);
  }
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | null {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key]!;
  return null;
}

/** A recording of a store, and the function that stops it. */
export interface StoreRecording {
  readonly recording: Recording;
  /** Detaches from the store; the recording keeps what it has. */
  stop(): void;
}

/**
 * Starts recording what `store` does, through its tap: from its state now, every chunk, frame,
 * event, connection and action from here on.
 *
 * @example
 * ```ts
 * const { recording, stop } = recordStore(store);
 * await store.send('Find the onboarding guide');
 * const { text } = exportScenario(recording, { name: 'onboarding-bug' });
 * ```
 */
export function recordStore(store: ToolStreamStore): StoreRecording {
  store.flush();
  const recording = new Recording(store.getState());
  const stop = store.tap(recording.record);
  return { recording, stop };
}
