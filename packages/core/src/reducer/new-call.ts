import type { ToolStartEvent } from '../protocol/events.js';
import type { ToolCallState, ToolPhase } from './state.js';

/** A phase first seen at `now`, with nothing in it yet. */
export function newPhase(now: number): ToolPhase {
  return { text: '', streamed: false, complete: false, startedAt: now, completedAt: null };
}

/**
 * The call a `tool-start` creates when its id is new in the turn: `details` is the caller's own
 * copy of the event's details, `callPhase` its call phase.
 */
export function newToolCall(
  event: ToolStartEvent,
  details: Record<string, unknown>,
  callPhase: ToolPhase,
  now: number,
): ToolCallState {
  return {
    id: event.callId,
    toolName: event.toolName,
    kind: event.kind,
    parentId: event.parentCallId,
    agent: event.agent,
    eventType: event.eventType,
    details,
    phase: event.phase,
    call: callPhase,
    result: null,
    argsText: null,
    args: null,
    argsError: null,
    status: 'pending',
    error: null,
    input: null,
    startedAt: now,
    completedAt: null,
  };
}
