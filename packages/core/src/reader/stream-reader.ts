import type { AdapterDefinition, Emit } from '../adapters/adapter.js';
import type { ProtocolOption } from '../adapters/auto.js';
import type { EventIdLog } from '../adapters/event-id-log.js';
import { createFramePipeline } from '../adapters/frame-pipeline.js';
import type { SseFrame } from '../protocol/wire.js';
import type { Tap } from '../tap/tap.js';
import { createFrameDecoder, type Framing } from './frame-decoder.js';

/**
 * One run's stream, from whatever form it arrives in to normalized events: bytes (cut anywhere)
 * through the frame decoder, frames through the pipeline (SSE-id dedupe, then the adapter). The
 * one path every reader takes: the store's HTTP runs, its `ingest*` methods and `reduceStream`.
 */
export interface StreamReader {
  /** The protocol in use (`null` while `auto` has not decided). */
  readonly protocol: string | null;
  /** The SSE ids applied so far (a later connection to the same run skips them). */
  readonly appliedIds: EventIdLog;
  /** The server's `retry:` value, once it sent one. */
  readonly serverRetryMs: number | null;
  /** Raw stream bytes or text, cut anywhere. */
  feed(chunk: Uint8Array | string): void;
  /** One SSE event read elsewhere. */
  pushFrame(frame: SseFrame): void;
  /** One event's data read elsewhere: a parsed object, or its JSON text. */
  pushPayload(payload: unknown): void;
  /** A new response begins (after a drop): forget any partial frame of the last one. */
  restart(): void;
  /** The stream ended cleanly: deliver a last unterminated frame, then let the adapter finish. */
  end(): void;
}

/** Options of {@link createStreamReader}. */
export interface StreamReaderOptions {
  protocol?: ProtocolOption | undefined;
  protocols?: readonly AdapterDefinition[] | undefined;
  framing?: Framing | undefined;
  /** Ids applied by an earlier connection to the same run. */
  appliedIds?: EventIdLog | undefined;
  /** Reports chunks and frames while a listener is attached (see {@link Tap}). */
  tap?: Tap | undefined;
}

/** Creates a {@link StreamReader} that sends its events to `emit`. */
export function createStreamReader(emit: Emit, options: StreamReaderOptions = {}): StreamReader {
  const pipeline = createFramePipeline(emit, options);
  const tap = options.tap;
  const push =
    tap === undefined
      ? (frame: SseFrame) => pipeline.push(frame)
      : (frame: SseFrame) => (tap.active ? tap.frame(frame, pipeline.push) : pipeline.push(frame));
  let serverRetryMs: number | null = null;
  // A stream none of whose lines is SSE (binary data, an HTML page) must not end as an empty
  // success: its first such line is reported at the end when no frame came at all (`null`).
  let unreadable: string | null | undefined;
  const callbacks = {
    onFrame: (frame: SseFrame) => {
      unreadable = null;
      push(frame);
    },
    onRetry: (ms: number) => {
      serverRetryMs = ms;
    },
    onInvalid: (line: string) => {
      unreadable ??= line;
    },
  };
  let decoder = createFrameDecoder(callbacks, options.framing);
  // A format that is not text brings its own framing (see AdapterDefinition.framing): the one
  // named, or any among the candidates (a framing only takes bytes that are its own).
  for (const definition of [options.protocol, ...(options.protocols ?? [])]) {
    if (typeof definition === 'object' && definition.framing)
      decoder = definition.framing(callbacks, decoder);
  }
  return {
    get protocol() {
      return pipeline.protocol;
    },
    get serverRetryMs() {
      return serverRetryMs;
    },
    appliedIds: pipeline.appliedIds,
    feed(chunk) {
      if (tap?.active) tap.chunk(chunk);
      decoder.feed(chunk);
    },
    pushFrame: (frame) => {
      push(frame);
    },
    pushPayload(payload) {
      push(typeof payload === 'string' ? { data: payload } : { data: '', json: payload });
    },
    restart: () => decoder.reset(),
    end() {
      decoder.end();
      // Handed on as a frame of no known event: the adapter says it cannot read it.
      if (unreadable) push({ event: '', data: unreadable });
      pipeline.end();
    },
  };
}
