import { describeValue, protocolError } from '../errors.js';
import type { EventDetails, StreamEvent } from '../protocol/events.js';
import type { SseFrame } from '../protocol/wire.js';
import { type AdapterDefinition, createAdapterContext, type Emit } from './adapter.js';
import { createAdapter, type ProtocolOption } from './auto.js';
import { EventIdLog } from './event-id-log.js';
import { frameText } from './frame-json.js';
import { cutDeeper, MAX_VALUE_DEPTH, nestsDeeper } from './value-depth.js';

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
  // The call whose values a frame had cut at the depth limit (first of the frame), or `null`.
  let cutIn: string | null = null;
  // What state keeps of a frame is bounded here, where the frame is known: values nested deeper
  // than MAX_VALUE_DEPTH are cut, and the frame gets one protocol error for it.
  const bounded: Emit = (event) => {
    const kept = withinDepth(event);
    if (kept !== event && cutIn === null) cutIn = (event as { callId: string }).callId;
    emit(kept);
  };
  // An adapter is a plain object anyone can write (AdapterDefinition is public): what it throws
  // is recorded as a protocol error with its frame, and the stream goes on.
  const read = (frame: SseFrame) => {
    cutIn = null;
    try {
      adapter.push(frame, bounded);
    } catch (cause) {
      emit({ type: 'protocol-error', error: protocolError(adapterFailure(cause), frameText(frame)) });
    }
    if (cutIn !== null) {
      const message = `a value nested more than ${MAX_VALUE_DEPTH} levels deep was not kept whole (call ${describeValue(cutIn)})`;
      emit({ type: 'protocol-error', error: protocolError(message, frameText(frame), cutIn) });
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
        adapter.end(bounded);
      } catch (cause) {
        emit({ type: 'protocol-error', error: protocolError(adapterFailure(cause)) });
      }
    },
  };
}

/**
 * The event with its details' values nesting at most MAX_VALUE_DEPTH deep, and its final
 * arguments invalid when they nest deeper (the same event when all is within). Partial arguments
 * are bounded where they are parsed
 * (createPartialJsonParser), which is cheaper than walking them on every piece.
 */
function withinDepth(event: StreamEvent): StreamEvent {
  switch (event.type) {
    case 'tool-start':
    case 'tool-delta': {
      const details = boundedDetails(event.details);
      return details === event.details ? event : { ...event, details };
    }
    case 'tool-end': {
      const details = boundedDetails(event.details);
      const deepArgs = event.args !== undefined && nestsDeeper(event.args);
      if (details === event.details && !deepArgs) return event;
      if (!deepArgs) return { ...event, details };
      // Arguments are run: cut ones would be wrong ones. They are invalid instead (PROTOCOL.md §9.2).
      const { args: _dropped, ...rest } = event;
      return { ...rest, details, argsError: `the arguments nest more than ${MAX_VALUE_DEPTH} levels deep` };
    }
    default:
      return event;
  }
}

function boundedDetails(details: EventDetails): EventDetails {
  if (details === null) return details;
  let copy: Record<string, unknown> | null = null;
  // for…in rather than Object.keys: most events carry small details, and this allocates nothing.
  for (const key in details) {
    if (!Object.hasOwn(details, key)) continue;
    const value = details[key];
    // A detail value nests one level below the details themselves.
    if (typeof value !== 'object' || value === null || !nestsDeeper(value, MAX_VALUE_DEPTH)) continue;
    copy ??= cutDeeper(details, MAX_VALUE_DEPTH + 1) as Record<string, unknown>;
  }
  return copy ?? details;
}

function adapterFailure(cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'unknown';
  return `the adapter failed to read a frame: ${reason}`;
}
