import type { InputKind } from '../protocol/events.js';
import type { Emit } from './adapter.js';
import { isRecord } from './frame-json.js';

const KINDS: ReadonlySet<string> = new Set<InputKind>(['approval', 'client', 'input']);

/**
 * A call that asks for input in toolstream's own protocols (PROTOCOL.md §11): its details say
 * `awaiting: "approval" | "client" | "input"`, with `editable` (approvals whose arguments the
 * person may change) and `prompt` (words to show with it). Emits the request for `callId`, once
 * its call phase is complete; returns whether it did.
 */
export function emitInputRequest(callId: string, details: unknown, emit: Emit): boolean {
  if (!isRecord(details)) return false;
  const kind = details.awaiting;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return false;
  emit({
    type: 'input-required',
    callId,
    kind: kind as InputKind,
    ref: null,
    editable: details.editable === true,
    message: typeof details.prompt === 'string' && details.prompt !== '' ? details.prompt : null,
  });
  return true;
}
