import { useEffect, useRef } from 'react';

/**
 * Selecting in the thread selects here: a click (or focus) on a call in the app's thread — an
 * element with `data-call-id` inside an answer with `data-message-id`, as `@toolstream/ui` marks
 * them, in the page or in a widget's Shadow DOM — calls `onCall`. Events inside the panel are
 * its own.
 */
export function useThreadLink(
  host: HTMLElement,
  enabled: boolean,
  onCall: (messageId: string, callId: string) => void,
): void {
  const latest = useRef(onCall);
  latest.current = onCall;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: Event) => {
      const path = event.composedPath();
      if (path.includes(host)) return;
      let callId: string | null = null;
      for (const target of path) {
        if (!(target instanceof Element)) continue;
        callId ??= target.getAttribute('data-call-id');
        const messageId = callId === null ? null : target.getAttribute('data-message-id');
        if (callId !== null && messageId !== null) {
          latest.current(messageId, callId);
          return;
        }
      }
    };
    document.addEventListener('click', listener, true);
    document.addEventListener('focusin', listener, true);
    return () => {
      document.removeEventListener('click', listener, true);
      document.removeEventListener('focusin', listener, true);
    };
  }, [host, enabled]);
}
