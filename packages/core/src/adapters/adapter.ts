import type { SseFrame } from '../protocol/wire.js';
import type { Emit, EventSink } from './event-sink.js';

export type { Emit } from './event-sink.js';

/**
 * A small state machine from one wire format to normalized {@link StreamEvent}s. It never
 * throws: a frame it cannot read becomes a `protocol-error` event.
 */
export interface StreamAdapter {
  /** The protocol this adapter reads (for `auto`: the one it settled on, or `null` until then). */
  readonly protocol: string | null;
  /** Reads one frame. */
  push(frame: SseFrame, emit: Emit): void;
  /**
   * Reads one frame into a sink: the same events as `push`, but the hot ones as method calls
   * (see {@link EventSink}). Optional; adapters whose streams are not dominated by one event
   * leave it out, and hosts fall back to `push(frame, sink.emit)` ({@link frameReader}).
   */
  pushTo?(frame: SseFrame, sink: EventSink): void;
  /** The stream ended (normally): emit what is still pending. */
  end(emit: Emit): void;
}

/** What an adapter gets from its host. */
export interface AdapterContext {
  /**
   * A new id for a call the wire gave none. Stable: the n-th generated id of a stream is always
   * the same, so snapshots and re-chunked replays agree.
   */
  generateId(prefix: string): string;
}

/** A wire format toolstream can read: how to recognise it and how to read it. */
export interface AdapterDefinition {
  /** The `protocol` option value that selects it. */
  readonly name: string;
  /**
   * Whether a frame (and its parsed JSON, `undefined` when the data is not JSON) is evidently of
   * this format. Used by `auto` on the first frames.
   */
  sniff(frame: SseFrame, json: unknown): boolean;
  create(context: AdapterContext): StreamAdapter;
}

/** Creates a context whose generated ids are `<prefix>-1`, `<prefix>-2`… per stream. */
export function createAdapterContext(): AdapterContext {
  let counter = 0;
  return { generateId: (prefix) => `${prefix}-${++counter}` };
}

/**
 * A function that reads frames with `adapter` into `sink`: through `pushTo` where the adapter
 * has it, else `push(frame, sink.emit)`. Resolved once, not per frame: a pipeline calls it for
 * every frame of a stream.
 */
export function frameReader(adapter: StreamAdapter, sink: EventSink): (frame: SseFrame) => void {
  const pushTo = adapter.pushTo?.bind(adapter);
  if (pushTo !== undefined) return (frame) => pushTo(frame, sink);
  const emit = sink.emit;
  return (frame) => adapter.push(frame, emit);
}
