import { type RefObject, useEffect } from 'react';

const STAND_IN = '[data-slot="thread-turn"][data-state="summary"]';

/**
 * Brings a turn that stands in as text (off screen, not drawn) into view when the selection
 * moves into it — as a scripted find (`window.find`) puts it there — so that it is drawn in
 * full where the reader looks. (The browser's own find bar
 * scrolls to its match itself: `content-visibility` content is found and revealed.)
 */
export function useRevealSelection(content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = content.current;
    if (element === null) return;
    const root = element.getRootNode() as Document | (ShadowRoot & { getSelection?: () => Selection | null });
    const owner = element.ownerDocument;
    const onSelection = () => {
      const node = (root.getSelection?.() ?? owner.getSelection())?.focusNode ?? null;
      const at = node instanceof Element ? node : (node?.parentElement ?? null);
      const standIn = at?.closest(STAND_IN);
      if (standIn !== null && standIn !== undefined && element.contains(standIn)) {
        standIn.scrollIntoView({ block: 'center' });
      }
    };
    owner.addEventListener('selectionchange', onSelection);
    return () => owner.removeEventListener('selectionchange', onSelection);
  }, [content]);
}
