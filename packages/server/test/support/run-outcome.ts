import type { AssistantMessageState, ToolStreamState } from '@toolstream/core';

/**
 * What a person sees of a run, without the clocks: the answer's parts in order, every call (its
 * nesting, texts, details, status), the sources, how the turn ended and the run's errors. Two
 * states that agree on this show the same run.
 */
export function runOutcome(state: ToolStreamState) {
  const message = state.messages.findLast((m): m is AssistantMessageState => m.role === 'assistant');
  if (message === undefined) return { status: state.status, message: null };
  return {
    status: state.status,
    parts: message.parts.map((part) =>
      part.type === 'tool-call' ? { call: part.callId } : { [part.type]: part.text },
    ),
    calls: message.callOrder.map((id) => {
      const call = message.calls[id]!;
      return {
        id: call.id,
        tool: call.toolName,
        kind: call.kind,
        parent: call.parentId,
        agent: call.agent,
        eventType: call.eventType,
        details: call.details,
        status: call.status,
        error: call.error,
        call: { text: call.call.text, complete: call.call.complete },
        result: call.result === null ? null : { text: call.result.text, complete: call.result.complete },
        children: message.children[id] ?? [],
      };
    }),
    citations: message.citations,
    outcome: message.end?.outcome ?? null,
    endError: message.end?.error === null || message.end === null ? null : pick(message.end.error),
    errors: state.errors.map(pick),
    lastEventId: state.run.lastEventId,
  };
}

function pick(error: { code: string; message: string }) {
  return { code: error.code, message: error.message };
}
