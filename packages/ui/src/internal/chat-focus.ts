import { createContext, useContext } from 'react';

/**
 * Lets parts of a chat hand the focus back to its composer: after Retry, Regenerate or an edit
 * starts a run, the button pressed disappears, and the focus would fall to the page. Outside a
 * `Chat` it does nothing.
 */
export const ChatFocusContext = createContext<{ focusComposer(): void }>({ focusComposer() {} });
ChatFocusContext.displayName = 'ChatFocusContext';

export function useChatFocus() {
  return useContext(ChatFocusContext);
}
