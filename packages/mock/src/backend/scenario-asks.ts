import type { AwaitedCall, AwaitKind, DelegationRef } from '@toolstream/server';

const KINDS: ReadonlySet<string> = new Set<AwaitKind>(['approval', 'client', 'input']);

/** Reads a scenario's primary-protocol frames as they play and tells which calls they ask about. */
export interface AskTracker {
  /** The calls this frame asks about (`tool_call_details.awaiting` on a complete call phase). */
  see(data: string): AwaitedCall[];
}

/**
 * Finds what a scenario's frames ask (PROTOCOL.md §11), so the mock's run keeps it as a backend
 * built on `@toolstream/server` would (`writer.awaiting`): each call with its kind, whether
 * editable, its arguments and the delegation it sits in (delegations are remembered as they open).
 * Frames that are not JSON, or not the primary protocol, ask nothing.
 */
export function createAskTracker(): AskTracker {
  const delegations = new Map<string, DelegationRef>();
  return {
    see(data) {
      // Most frames neither ask nor open a delegation: they are not parsed (a long run has 10 000).
      if (!data.includes('"awaiting"') && !data.includes('"delegation_call"')) return [];
      const calls = toolCalls(data);
      const asked: AwaitedCall[] = [];
      for (const call of calls) {
        const id = call.call_id;
        const name = call.tool_name;
        const details = isRecord(call.tool_call_details) ? call.tool_call_details : {};
        if (typeof id !== 'string' || typeof name !== 'string' || call.is_complete !== true) continue;
        const parentId = details.parent_call_id;
        const parent = typeof parentId === 'string' ? (delegations.get(parentId) ?? null) : null;
        if (call.event_type === 'delegation_call') {
          const agent = typeof details.agent === 'string' ? details.agent : name;
          delegations.set(id, { id, tool: name, agent, parent });
          continue;
        }
        if (
          call.event_type !== 'call' ||
          typeof details.awaiting !== 'string' ||
          !KINDS.has(details.awaiting)
        ) {
          continue;
        }
        asked.push({
          id,
          name,
          kind: details.awaiting as AwaitKind,
          editable: details.awaiting === 'approval' && details.editable === true,
          args: argumentsOf(details, call.tool_response),
          delegation: parent,
        });
      }
      return asked;
    },
  };
}

/** A call's arguments: `tool_call_details.arguments`, else its call phase's JSON text (PROTOCOL.md §11). */
function argumentsOf(details: Record<string, unknown>, response: unknown): Record<string, unknown> {
  if (isRecord(details.arguments)) return { ...details.arguments };
  if (typeof response !== 'string' || response === '') return {};
  try {
    const parsed: unknown = JSON.parse(response, (key, inner) => (key === '__proto__' ? undefined : inner));
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function toolCalls(data: string): Record<string, unknown>[] {
  try {
    const frame: unknown = JSON.parse(data);
    if (!isRecord(frame) || !Array.isArray(frame.tool_calls)) return [];
    return frame.tool_calls.filter(isRecord);
  } catch {
    return [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
