import type { ToolStreamState } from '@toolstream/core';

/** Bumped when the stored shape changes; other versions are ignored (a fresh conversation). */
const VERSION = 2;

const KEY_PREFIX = 'toolstream-widget';

/**
 * The storage key of a conversation: the endpoint plus an optional `storageKey`, so widgets
 * talking to different endpoints (or told apart by `storage-key`) keep separate conversations.
 */
export function persistenceKey(endpoint: string | undefined, storageKey: string | undefined): string {
  return `${KEY_PREFIX}:${storageKey ?? ''}:${endpoint ?? ''}`;
}

/** The stored text of a state. The state is plain data, so JSON keeps all of it. */
export function encodeState(state: ToolStreamState): string {
  return JSON.stringify({ version: VERSION, state });
}

/**
 * The state stored in `text`, or `null` when there is none or it is not a state this version
 * wrote (another version, or text edited by hand): a broken restore must not break the widget.
 */
export function decodeState(text: string | null): ToolStreamState | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== VERSION || !isRecord(value.state)) return null;
  const state = value.state;
  const run = state.run;
  const valid =
    typeof state.status === 'string' &&
    Array.isArray(state.messages) &&
    state.messages.every(isMessage) &&
    Array.isArray(state.errors) &&
    isRecord(run);
  // The store normalizes what it restores (tables, missing fields): this only rejects what is
  // not a state at all.
  return valid ? (state as unknown as ToolStreamState) : null;
}

function isMessage(value: unknown): boolean {
  if (!isRecord(value) || typeof value.id !== 'string') return false;
  if (value.role === 'user') return typeof value.text === 'string';
  return value.role === 'assistant' && Array.isArray(value.parts) && isRecord(value.calls);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
