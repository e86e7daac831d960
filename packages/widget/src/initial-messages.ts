import type { ChatMessage } from '@toolstream/core';

/** A message to start with: a store message, or just a role and its text. */
export type InitialMessage = ChatMessage | { role: 'user' | 'assistant'; text: string; id?: string };

/**
 * Turns initial messages into store messages. Short forms get stable ids (`initial-<n>`), so a
 * conversation restored from storage and one started afresh agree on them.
 */
export function toChatMessages(messages: readonly InitialMessage[], now: number): ChatMessage[] {
  return messages.map((message, index): ChatMessage => {
    if (message.role === 'assistant' && 'parts' in message) return message;
    if (message.role === 'user' && 'createdAt' in message) return message;
    const id = message.id ?? `initial-${index}`;
    const text = 'text' in message ? message.text : '';
    return message.role === 'user'
      ? { id, role: 'user', text, createdAt: now }
      : { id, role: 'assistant', parts: [{ type: 'text', text }], citations: [], createdAt: now };
  });
}
