import type { SseFrame } from '../protocol/wire.js';
import { type AdapterDefinition, createAdapterContext, frameReader } from './adapter.js';
import { createAdapter } from './auto.js';
import { EventIdLog } from './event-id-log.js';
import { type Emit, type EventSink, eventSink } from './event-sink.js';
import { builtinProtocols, type ProtocolOption } from './protocols.js';

/**
 * Frames in, normalized events out: drops frames whose SSE id was already applied (a resumed
 * stream replays from `Last-Event-ID`, and servers may overlap), runs the adapter, and records
 * each applied id so the run can be resumed later.
 */
export interface FramePipeline {
  /** The protocol in use (`null` while `auto` has not decided). */
  readonly protocol: string | null;
  /** Reads one frame; returns `false` when it was a duplicate and was dropped. */
  push(frame: SseFrame): boolean;
  /** The stream ended normally. */
  end(): void;
  /** The ids already applied (so a later session of the same run can skip them). */
  readonly appliedIds: EventIdLog;
  /** The id of the last frame applied that had one. */
  readonly lastEventId: string | null;
}

/** Options of {@link createFramePipeline}. */
export interface FramePipelineOptions {
  protocol?: ProtocolOption;
  /** The formats `auto` chooses from. */
  protocols?: readonly AdapterDefinition[];
  /** Ids applied before (when re-attaching): a log to continue, or a list of ids. */
  appliedIds?: EventIdLog | Iterable<string>;
  /**
   * Emit an `event-id` event after each frame with an id (default `true`), so state always
   * knows where to resume. One-shot readers that resume nothing turn it off and read
   * `lastEventId` at the end instead: one event less per frame.
   */
  emitEventIds?: boolean;
}

/**
 * Creates a {@link FramePipeline} that sends its events to `target`: an emit function, or an
 * {@link EventSink} that takes the hot events as method calls.
 */
export function createFramePipeline(
  target: Emit | EventSink,
  options: FramePipelineOptions = {},
): FramePipeline {
  const sink = typeof target === 'function' ? eventSink(target) : target;
  const emit = sink.emit;
  const adapter = createAdapter(
    options.protocol ?? 'auto',
    createAdapterContext(),
    options.protocols ?? builtinProtocols,
  );
  const read = frameReader(adapter, sink);
  const applied =
    options.appliedIds instanceof EventIdLog ? options.appliedIds : new EventIdLog(options.appliedIds ?? []);
  const emitEventIds = options.emitEventIds !== false;
  let lastEventId: string | null = null;
  return {
    get protocol() {
      return adapter.protocol;
    },
    get lastEventId() {
      return lastEventId;
    },
    appliedIds: applied,
    push(frame) {
      const id = frame.id;
      if (id !== undefined && id !== '') {
        if (!applied.addIfNew(id)) return false;
        read(frame);
        lastEventId = id;
        if (emitEventIds) emit({ type: 'event-id', id });
        return true;
      }
      read(frame);
      return true;
    },
    end() {
      adapter.end(emit);
    },
  };
}
