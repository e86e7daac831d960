import type { StreamEvent } from '../protocol/events.js';
import type { SseFrame } from '../protocol/wire.js';
import type { FrameDecoder, FrameDecoderCallbacks } from '../reader/frame-decoder.js';

/** Receives the normalized events an adapter produces. */
export type Emit = (event: StreamEvent) => void;

/**
 * A small state machine from one wire format to normalized {@link StreamEvent}s. It should never
 * throw: a frame it cannot read becomes a `protocol-error` event. (The pipeline catches what an
 * adapter throws anyway and records it the same way, so a bug in one does not end the stream.)
 */
export interface StreamAdapter {
  /** The protocol this adapter reads (for `auto`: the one it settled on, or `null` until then). */
  readonly protocol: string | null;
  /** Reads one frame. */
  push(frame: SseFrame, emit: Emit): void;
  /**
   * The stream ended cleanly: emit what is still pending, and `done` if a clean end is how this
   * format says it is complete (formats with an end event of their own emit `done` for it
   * instead, so a stream cut before that event ends `interrupted`).
   */
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
  /**
   * A binary framing of the format's own (Bedrock's AWS event stream), for formats that are not
   * text: it wraps the text frame decoder, and cuts the bytes into frames itself when the first
   * bytes are its framing, else hands them on. The reader uses it when the definition is named
   * as `protocol`, or is among the `protocols` of `auto`.
   */
  framing?(callbacks: FrameDecoderCallbacks, text: FrameDecoder): FrameDecoder;
}

/** Creates a context whose generated ids are `<prefix>-1`, `<prefix>-2`… per stream. */
export function createAdapterContext(): AdapterContext {
  let counter = 0;
  return { generateId: (prefix) => `${prefix}-${++counter}` };
}
