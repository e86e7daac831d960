import type { ToolStreamStore } from '@toolstream/core';
import { createRoot } from 'react-dom/client';
import { type Conversation, openConversation } from './conversation.js';
import { type ResolvedWidgetOptions, resolveOptions, storeIdentity, type WidgetOptions } from './options.js';
import { adoptStyles } from './styles/adopt-styles.js';
import { ROOT_CLASS } from './styles/widget-css.js';
import { widgetStylesheet } from './styles/widget-stylesheet.js';
import { WidgetApp } from './widget-app.js';

/** A mounted widget. */
export interface WidgetHandle {
  /** The conversation's store (another one after `update` changes endpoint, protocol, method or persistence). */
  readonly store: ToolStreamStore;
  /**
   * Changes options: the given keys replace the current ones (`undefined` restores a default).
   * A new endpoint, protocol, method, `persist` or `storageKey` starts another conversation
   * (restored from storage when there is one); anything else keeps it.
   */
  update(options: WidgetOptions): void;
  /** Removes the widget. The conversation stays in storage; a run still streaming is re-attached by the next mount when it can be, else stopped. */
  unmount(): void;
}

const mounted = new WeakSet<Element>();

/**
 * Renders a chat into `element`, inside an open shadow root, so page styles cannot reach it
 * and its styles cannot leak out. `element` must be able to host a shadow root (a `div`, a
 * `section`, a custom element…).
 *
 * @example
 * ```ts
 * import { mount } from '@toolstream/widget';
 * const chat = mount(document.querySelector('#chat')!, {
 *   endpoint: '/api/chat/stream',
 *   getToken: () => auth.currentToken(),
 * });
 * // later: chat.update({ theme: 'dark' }); chat.unmount();
 * ```
 */
export function mount(element: HTMLElement, options: WidgetOptions = {}): WidgetHandle {
  if (mounted.has(element))
    throw new Error('toolstream: this element already has a widget; unmount it first.');
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const removeStyles = adoptStyles(shadow, widgetStylesheet(), options.nonce);
  const container = element.ownerDocument.createElement('div');
  container.className = ROOT_CLASS;
  // An empty title stops the element's own `title` attribute showing as a tooltip over the chat.
  container.title = '';
  shadow.append(container);
  const root = createRoot(container);
  mounted.add(element);

  let current: ResolvedWidgetOptions = resolveOptions(options);
  let identity = storeIdentity(current);
  let conversation: Conversation = openConversation(current, () => current);
  let generation = 0;

  const render = () => {
    container.dataset.placement = current.placement;
    if (current.theme === 'auto') delete container.dataset.theme;
    else container.dataset.theme = current.theme;
    root.render(<WidgetApp key={generation} store={conversation.store} options={current} />);
  };
  render();

  let alive = true;
  return {
    get store() {
      return conversation.store;
    },
    update(next) {
      if (!alive) return;
      current = resolveOptions({ ...current, ...next });
      const nextIdentity = storeIdentity(current);
      if (nextIdentity !== identity) {
        identity = nextIdentity;
        conversation.dispose();
        conversation = openConversation(current, () => current);
        // A new key: the chat's provider reads its store once, so it must mount afresh.
        generation += 1;
      }
      render();
    },
    unmount() {
      if (!alive) return;
      alive = false;
      root.unmount();
      conversation.dispose();
      container.remove();
      removeStyles();
      mounted.delete(element);
    },
  };
}
