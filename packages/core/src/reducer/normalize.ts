import type { Citation } from '../protocol/events.js';
import { isCallOpen } from './call-status.js';
import type { AssistantMessageState, ChatMessage, MessagePart, ToolCallState } from './state.js';
import { emptyTable, lookup, type Table } from './table.js';

/**
 * A message to start a conversation from: a message of a saved state (calls, versions and all),
 * or just a role and its text (`{ role: 'assistant', text: 'Hello' }`). Without an `id`, one is
 * made from its position (`message-1`…), so the same history always gets the same ids.
 */
export type MessageInput =
  | ChatMessage
  | { id?: string | undefined; role: 'user' | 'assistant'; text: string; createdAt?: number | undefined };

/**
 * Messages from outside the store (a history fetched from a server, a saved session, messages
 * written by hand) made into state the store can continue from: tables without prototypes,
 * missing fields filled in, citations as objects, parts that name no call dropped. Unless
 * `keepOpen` (a state saved mid-stream whose run is about to be re-attached), a turn that never
 * ended ends `interrupted`, and its open calls with it. Never throws on odd input: what cannot be
 * read is left out.
 */
export function normalizeMessages(
  messages: readonly MessageInput[],
  now: number,
  keepOpen = false,
): ChatMessage[] {
  const result: ChatMessage[] = [];
  const list: readonly unknown[] = Array.isArray(messages) ? messages : [];
  list.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const message = entry as Record<string, unknown>;
    const id = typeof message.id === 'string' && message.id !== '' ? message.id : `message-${index + 1}`;
    const createdAt = numberOr(message.createdAt, now);
    if (message.role === 'user') {
      result.push({
        id,
        role: 'user',
        text: typeof message.text === 'string' ? message.text : '',
        createdAt,
      });
    } else if (message.role === 'assistant') {
      const answer =
        !Array.isArray(message.parts) && typeof message.text === 'string'
          ? {
              parts: [{ type: 'text', text: message.text }],
              end: { outcome: 'done', finish: null, error: null, at: createdAt },
            }
          : message;
      result.push(
        normalizeAnswer(
          { ...answer, id, createdAt } as unknown as AssistantMessageState,
          now,
          keepOpen,
          true,
        ),
      );
    }
  });
  return result;
}

function normalizeAnswer(
  message: AssistantMessageState,
  now: number,
  keepOpen: boolean,
  withVersions: boolean,
): AssistantMessageState {
  const source: Table<ToolCallState> = isObject(message.calls) ? message.calls : emptyTable();
  const calls = emptyTable<ToolCallState>();
  const order = Array.isArray(message.callOrder) ? message.callOrder : Object.keys(source);
  const callOrder: string[] = [];
  const ended = isObject(message.end);
  const close = !ended && !keepOpen;
  for (const id of order) {
    const call = typeof id === 'string' ? lookup(source, id) : undefined;
    if (!isObject(call) || lookup(calls, id) !== undefined) continue;
    const open = close && isCallOpen(call.status);
    calls[id] = {
      ...call,
      details: isObject(call.details) ? { ...call.details } : {},
      // States saved before calls could wait for input have no `input`.
      input: isObject(call.input) ? { ...call.input } : null,
      ...(open ? { status: 'interrupted' as const, completedAt: now } : {}),
    };
    callOrder.push(id);
  }
  const children = emptyTable<readonly string[]>();
  for (const id of callOrder) {
    const parentId = calls[id]!.parentId;
    if (typeof parentId !== 'string' || lookup(calls, parentId) === undefined) continue;
    children[parentId] = [...(lookup(children, parentId) ?? []), id];
  }
  const parts: MessagePart[] = [];
  for (const part of Array.isArray(message.parts) ? message.parts : []) {
    if (!isObject(part)) continue;
    if ((part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string') {
      parts.push({ type: part.type, text: part.text });
    } else if (part.type === 'tool-call' && typeof part.callId === 'string' && lookup(calls, part.callId)) {
      parts.push({ type: 'tool-call', callId: part.callId });
    }
  }
  return {
    id: message.id,
    role: 'assistant',
    createdAt: numberOr(message.createdAt, now),
    parts,
    calls,
    callOrder,
    children,
    citations: normalizeCitations(message.citations),
    usage: isObject(message.usage) ? { ...message.usage } : null,
    // Application data is kept as it was: nothing reads it but the app.
    data: message.data,
    end: ended ? message.end : close ? { outcome: 'interrupted', finish: null, error: null, at: now } : null,
    versions:
      withVersions && Array.isArray(message.versions)
        ? message.versions.filter(isObject).map((version) => normalizeAnswer(version, now, false, false))
        : [],
  };
}

/** Citations as objects, unique by source; plain strings (as the wire and older states have them) too. */
function normalizeCitations(value: unknown): Citation[] {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const entry of Array.isArray(value) ? (value as unknown[]) : []) {
    const citation: Citation | null =
      typeof entry === 'string'
        ? { source: entry }
        : isObject(entry) && typeof entry.source === 'string'
          ? (entry as unknown as Citation)
          : null;
    if (citation === null || citation.source === '' || seen.has(citation.source)) continue;
    seen.add(citation.source);
    citations.push(citation);
  }
  return citations;
}

function isObject<T>(value: T): value is T & Record<string, unknown> & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
