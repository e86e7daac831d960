import '@toolstream/ui/styles.css';
import { createToolStreamStore } from '@toolstream/core';
import { Chat } from '@toolstream/ui';
import { createRoot } from 'react-dom/client';
import type { Contender } from './contender.js';

/** The kit as an app uses it: a store from `initialMessages`, `<Chat store>`, public props only. */
export function kit(): Contender {
  let root: HTMLElement | null = null;
  const contender: Contender = {
    mount(element, conversation) {
      root = element;
      contender.store = createToolStreamStore({ initialMessages: conversation.messages });
      createRoot(element).render(<Chat store={contender.store} title="Long conversation" />);
    },
    viewport: () => root!.querySelector<HTMLElement>('[data-slot="thread-viewport"]')!,
    composer: () => root!.querySelector<HTMLElement>('textarea')!,
  };
  return contender;
}
