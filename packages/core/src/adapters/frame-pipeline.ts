import { protocolError } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';
import { type AdapterDefinition, createAdapterContext, type Emit } from './adapter.js';
import { createAdapter, type ProtocolOption } from './auto.js';
import { EventIdLog } from './event-id-log.js';
import { frameText } from './frame-json.js';

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
  /** The stream ended cleanly. */
  end(): void;
  /** The ids already applied (so a later session of the same run can skip them). */
  readonly appliedIds: EventIdLog;
}

/** Options of {@link createFramePipeline}. */
export interface FramePipelineOptions {
  protocol?: ProtocolOption | undefined;
  /** The formats `auto` chooses from. */
  protocols?: readonly AdapterDefinition[] | undefined;
  /** Ids applied before (when re-attaching): a log to continue. */
  appliedIds?: EventIdLog | undefined;
}

/** Creates a {@link FramePipeline} that sends its events to `emit`. */
export function createFramePipeline(emit: Emit, options: FramePipelineOptions = {}): FramePipeline {
  const adapter = createAdapter(options.protocol ?? 'auto', createAdapterContext(), options.protocols);
  const applied = options.appliedIds ?? new EventIdLog();
  // An adapter is a plain object anyone can write (AdapterDefinition is public): what it throws
  // is recorded as a protocol error with its frame, and the stream goes on.
  const read = (frame: SseFrame) => {
    try {
      adapter.push(frame, emit);
    } catch (cause) {
      emit({ type: 'protocol-error', error: protocolError(adapterFailure(cause), frameText(frame)) });
    }
  };
  return {
    get protocol() {
      return adapter.protocol;
    },
    appliedIds: applied,
    push(frame) {
      const id = frame.id;
      if (id !== undefined && id !== '') {
        if (!applied.addIfNew(id)) return false;
        read(frame);
        emit({ type: 'event-id', id });
        return true;
      }
      read(frame);
      return true;
    },
    end() {
      try {
        adapter.end(emit);
      } catch (cause) {
        emit({ type: 'protocol-error', error: protocolError(adapterFailure(cause)) });
      }
    },
  };
}

function adapterFailure(cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'unknown';
  return `the adapter failed to read a frame: ${reason}`;
}
