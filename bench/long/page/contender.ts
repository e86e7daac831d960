import type { ToolStreamStore } from '@toolstream/core';
import type { Conversation } from './conversation.js';

/** One way of showing the conversation: the kit, plain React, or plain DOM (the floor). */
export interface Contender {
  /** Shows `conversation` in `root`, scrolled to its last turn. */
  mount(root: HTMLElement, conversation: Conversation): void;
  /** The element that scrolls the conversation. */
  viewport(): HTMLElement;
  /** The field a person types into. */
  composer(): HTMLElement;
  /** The kit's store (to stream a new answer into), where there is one. */
  store?: ToolStreamStore;
}
