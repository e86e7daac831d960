import { findMessage, type ToolStreamState } from '@toolstream/core';
import { useEffect, useRef } from 'react';

/**
 * A request to show a call in the thread, as a DOM event on `window`: its `detail` names the
 * answer and the call (`{ messageId, callId }`). Whatever folds the call away opens (its group,
 * the sub-agent sections above it), and the call scrolls into view, marked `data-revealed` for a
 * moment. Developer tools (`@toolstream/devtools`) send it; nothing here imports them.
 *
 * ```ts
 * window.dispatchEvent(new CustomEvent('toolstream:reveal-call', { detail: { messageId, callId } }));
 * ```
 *
 * The other way, every call's element carries `data-call-id`, inside an answer with `data-message-id`.
 */
export const REVEAL_CALL_EVENT = 'toolstream:reveal-call';

/** The `detail` of a {@link REVEAL_CALL_EVENT}. */
export interface RevealCallDetail {
  messageId: string;
  callId: string;
}

/** Asks the thread to show a call (see {@link REVEAL_CALL_EVENT}). */
export function revealCall(detail: RevealCallDetail): void {
  window.dispatchEvent(new CustomEvent<RevealCallDetail>(REVEAL_CALL_EVENT, { detail }));
}

/** Whether `callId` is the target or one of the delegations it sits in. */
export function leadsTo(state: ToolStreamState, detail: RevealCallDetail, callId: string): boolean {
  const message = findMessage(state, detail.messageId);
  if (message?.role !== 'assistant') return false;
  // Parent links come from the wire: a cycle must not loop for ever.
  for (
    let id: string | null = detail.callId, steps = 0;
    id !== null && steps <= message.callOrder.length;
    steps++
  ) {
    if (id === callId) return true;
    id = message.calls[id]?.parentId ?? null;
  }
  return false;
}

/** Calls `handler` with each reveal request while mounted. */
export function useRevealRequests(handler: (detail: RevealCallDetail) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<RevealCallDetail>).detail;
      if (typeof detail?.messageId === 'string' && typeof detail.callId === 'string') latest.current(detail);
    };
    window.addEventListener(REVEAL_CALL_EVENT, listener);
    return () => window.removeEventListener(REVEAL_CALL_EVENT, listener);
  }, []);
}
