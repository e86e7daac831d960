/** How many frames to wait for a request to be drawn (the thread's window, a section opening). */
const FRAMES = 8;

/** The request of call `callId` of answer `messageId` (ids come from the wire: compared, never put in a selector). */
function findRequest(scope: ParentNode, messageId: string, callId: string): HTMLElement | null {
  const requests = scope.querySelectorAll<HTMLElement>(
    '[data-slot="tool-call-approval"][data-state="waiting"]',
  );
  for (const request of requests) {
    if (request.dataset.messageId === messageId && request.dataset.callId === callId) return request;
  }
  return null;
}

/**
 * Takes the focus to a waiting request's first control, wherever it is in `scope`: a section
 * the reader folded is opened (its trigger pressed, as they would), and a turn the thread does
 * not draw now (scrolled far away) is brought into view first — the latest answer is at the end,
 * so the thread goes to its end and the request is looked for again over the next frames.
 */
export function revealRequest(scope: ParentNode, messageId: string, callId: string): void {
  let frames = 0;
  const attempt = () => {
    const request = findRequest(scope, messageId, callId);
    if (request !== null && openFoldedSections(request) && ++frames < FRAMES) {
      requestAnimationFrame(attempt);
      return;
    }
    if (request !== null) {
      const control = request.querySelector<HTMLElement>('button:not(:disabled), input, textarea');
      // Focusing scrolls it into view.
      (control ?? request).focus();
      return;
    }
    if (frames === 0) {
      const viewport = scope.querySelector<HTMLElement>('[data-slot="thread-viewport"]');
      if (viewport !== null) viewport.scrollTop = viewport.scrollHeight;
    }
    if (++frames < FRAMES) requestAnimationFrame(attempt);
  };
  attempt();
}

/** Presses the trigger of every folded section around `element`, outermost first; whether there was one. */
function openFoldedSections(element: HTMLElement): boolean {
  const folded: HTMLElement[] = [];
  for (let at = element.parentElement; at !== null; at = at.parentElement) {
    if (at.hidden && at.id !== '') folded.unshift(at);
  }
  for (const content of folded) {
    const root = content.getRootNode() as Document | ShadowRoot;
    for (const trigger of root.querySelectorAll<HTMLElement>('[aria-controls]')) {
      if (trigger.getAttribute('aria-controls') === content.id) trigger.click();
    }
  }
  return folded.length > 0;
}
