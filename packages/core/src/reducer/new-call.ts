import type { ToolStartEvent } from '../protocol/events.js';
import type { ToolCall, ToolPhase } from './state.js';

/** A phase first seen at `now`, with nothing in it yet. */
export function newPhase(now: number): ToolPhase {
  return { text: '', streamed: false, complete: false, startedAt: now, completedAt: null };
}

/**
 * The call a `tool-start` creates when its id is new: `details` is the caller's own copy of the
 * event's details, `callPhase` its call phase. The one place a `ToolCall` is made, so every
 * writer of state (the reducer, `reduceStream`'s fast path) makes the same shape.
 */
export function newToolCall(
  event: Omit<ToolStartEvent, 'type' | 'details'>,
  messageId: string | null,
  details: Record<string, unknown>,
  callPhase: ToolPhase,
  now: number,
): ToolCall {
  return {
    id: event.callId,
    toolName: event.toolName,
    kind: event.kind,
    parentId: event.parentCallId,
    agent: event.agent,
    messageId,
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
    startedAt: now,
    completedAt: null,
  };
}
