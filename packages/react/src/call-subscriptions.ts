import {
  type AssistantMessageState,
  type ChatMessage,
  findMessage,
  type ToolCallState,
  type ToolStreamStore,
} from '@toolstream/core';

/**
 * Subscriptions to single tool calls of one store. A store tells its subscribers about every
 * update; a thread showing a hundred calls, each with a handful of parts that read it, would
 * then run hundreds of selectors per frame for the few calls that changed. This hub holds one
 * store subscription and, per update, compares each watched call with its previous version
 * (the state is structurally shared: an unchanged message or call is the same object) and
 * notifies only the listeners of calls that changed.
 */
export interface CallSubscriptions {
  /** Calls `listener` after each update in which call `callId` of message `messageId` changed (or appeared). */
  subscribe(messageId: string, callId: string, listener: () => void): () => void;
}

const hubs = new WeakMap<ToolStreamStore, CallSubscriptions>();

/** The {@link CallSubscriptions} of `store` (one per store, created on first use). */
export function callSubscriptions(store: ToolStreamStore): CallSubscriptions {
  let hub = hubs.get(store);
  if (hub === undefined) {
    hub = createCallSubscriptions(store);
    hubs.set(store, hub);
  }
  return hub;
}

/** The call `callId` of `message`, if any (a call table holds own entries only). */
export function callIn(
  message: AssistantMessageState | undefined,
  callId: string,
): ToolCallState | undefined {
  return message !== undefined && Object.hasOwn(message.calls, callId) ? message.calls[callId] : undefined;
}

function createCallSubscriptions(store: ToolStreamStore): CallSubscriptions {
  /** Listeners by message id, then call id; with the message as it was at the last update. */
  const watched = new Map<
    string,
    { message: AssistantMessageState | undefined; calls: Map<string, Set<() => void>> }
  >();
  let unsubscribe: (() => void) | null = null;
  let previousMessages = store.getState().messages;

  const onUpdate = () => {
    const state = store.getState();
    if (state.messages === previousMessages) return; // no message (so no call) changed
    previousMessages = state.messages;
    // Only the watched answers are looked up (findMessage is indexed): an update costs what is
    // on screen, not what is in the conversation.
    for (const [messageId, entry] of watched) {
      const message = answerIn(state.messages, messageId);
      const before = entry.message;
      if (message === before) continue;
      entry.message = message;
      if (message !== undefined && before !== undefined && message.calls === before.calls) continue;
      for (const [callId, listeners] of entry.calls) {
        if (callIn(message, callId) === callIn(before, callId)) continue;
        for (const listener of listeners) listener();
      }
    }
  };

  return {
    subscribe(messageId, callId, listener) {
      if (unsubscribe === null) {
        previousMessages = store.getState().messages;
        unsubscribe = store.subscribe(onUpdate);
      }
      let entry = watched.get(messageId);
      if (entry === undefined) {
        entry = { message: answerIn(store.getState().messages, messageId), calls: new Map() };
        watched.set(messageId, entry);
      }
      let listeners = entry.calls.get(callId);
      if (listeners === undefined) {
        listeners = new Set();
        entry.calls.set(callId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) entry.calls.delete(callId);
        if (entry.calls.size === 0) watched.delete(messageId);
        if (watched.size === 0 && unsubscribe !== null) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
  };
}

function answerIn(messages: readonly ChatMessage[], messageId: string): AssistantMessageState | undefined {
  const message = findMessage({ messages }, messageId);
  return message?.role === 'assistant' ? message : undefined;
}
