import type { CallInput } from '@toolstream/core';

/**
 * Requests that have had their chance to take the focus. Keyed by the request itself (the
 * state is structurally shared: a request keeps its identity until it is answered), so a row
 * drawn again — the thread's window moving, a section folded and opened — does not take the
 * focus a second time, and a request from a reload (new objects) is new to this page.
 */
const offered = new WeakSet<CallInput>();

const TEXT_FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Whether the focus may move to a new request shown in `element`: it is nowhere in particular
 * (the page), or in the same chat (or thread) and not in a field the person is writing in, nor in
 * another request they are answering.
 */
function focusIsFree(element: HTMLElement): boolean {
  const root = element.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  if (active === null || active === element.ownerDocument.body) return true;
  const scope = element.closest('[data-slot="chat"], [data-slot="thread"]');
  if (scope === null || !scope.contains(active)) return false;
  if (active.closest('[data-slot="tool-call-approval"]') !== null) return false;
  if (active.matches(TEXT_FIELDS)) {
    const value = (active as HTMLInputElement).value;
    return typeof value === 'string' && value === '';
  }
  return true;
}

/**
 * Moves the focus to `target` (a new request's first control) once per request, and only when
 * the focus is free ({@link focusIsFree}): a person writing is never interrupted, and a request
 * is offered the focus once even if it could not take it then.
 */
export function offerFocus(input: CallInput, target: HTMLElement | null): void {
  if (target === null || offered.has(input)) return;
  offered.add(input);
  if (focusIsFree(target)) target.focus();
}
