/**
 * Normalized-event builders for reducer tests, with the defaults of a plain top-level tool call.
 */
import { protocolError } from '../src/errors.js';
import type {
  StreamEvent,
  ToolDeltaEvent,
  ToolEndEvent,
  ToolPhaseName,
  ToolStartEvent,
} from '../src/protocol/events.js';

/** Assistant text. */
export function textDelta(delta: string): StreamEvent {
  return { type: 'text-delta', delta };
}

/** Options of {@link toolStart}. */
export interface StartOptions {
  phase?: ToolPhaseName;
  toolName?: string;
  kind?: ToolStartEvent['kind'];
  parent?: string | null;
  agent?: string | null;
  eventType?: string;
  details?: Record<string, unknown> | null;
}

/** A phase begins. */
export function toolStart(callId: string, options: StartOptions = {}): ToolStartEvent {
  const phase = options.phase ?? 'call';
  const kind = options.kind ?? 'tool';
  return {
    type: 'tool-start',
    callId,
    phase,
    toolName: options.toolName ?? 'search',
    kind,
    parentCallId: options.parent ?? null,
    agent: options.agent ?? null,
    eventType: options.eventType ?? (kind === 'delegation' ? `delegation_${phase}` : phase),
    details: options.details ?? null,
  };
}

/** A streamed piece of a phase. */
export function toolDelta(
  callId: string,
  delta: string,
  phase: ToolPhaseName = 'call',
  details: Record<string, unknown> | null = null,
): ToolDeltaEvent {
  return { type: 'tool-delta', callId, phase, delta, details };
}

/** A phase completes. */
export function toolEnd(
  callId: string,
  options: {
    phase?: ToolPhaseName;
    output?: string | null;
    details?: Record<string, unknown> | null;
    error?: string | null;
  } = {},
): ToolEndEvent {
  return {
    type: 'tool-end',
    callId,
    phase: options.phase ?? 'call',
    output: options.output ?? null,
    details: options.details ?? null,
    error: options.error ?? null,
  };
}

/** A recorded protocol problem. */
export function badFrame(message = 'bad frame', frame = '{'): StreamEvent {
  return { type: 'protocol-error', error: protocolError(message, frame) };
}
