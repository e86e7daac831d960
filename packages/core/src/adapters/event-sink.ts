import type { StreamEvent, ToolPhaseName } from '../protocol/events.js';

/** Receives the normalized events an adapter produces. */
export type Emit = (event: StreamEvent) => void;

/** `tool_call_details` carried by an event, or `null`. */
export type EventDetails = Readonly<Record<string, unknown>> | null;

/**
 * Where an adapter's events go: `emit` takes any event, and the event that makes up most of a
 * stream — a piece of a tool's text — also has a method that takes its fields. Calling
 * `toolDelta(callId, phase, delta, details)` means exactly `emit({ type: 'tool-delta', callId,
 * phase, delta, details })`.
 *
 * Why both: a receiver that applies each event the moment it is emitted (`reduceStream`'s open
 * reducer) implements `toolDelta` directly, so nine events in ten reach the state with no event
 * object built and none dispatched by type. Everyone else gets {@link eventSink}, which builds
 * the event.
 */
export interface EventSink {
  readonly emit: Emit;
  toolDelta(callId: string, phase: ToolPhaseName, delta: string, details: EventDetails): void;
}

/** An {@link EventSink} that hands every event, as an object, to `emit`. */
export function eventSink(emit: Emit): EventSink {
  return {
    emit,
    toolDelta: (callId, phase, delta, details) => emit({ type: 'tool-delta', callId, phase, delta, details }),
  };
}
