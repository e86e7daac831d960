import type { MessageInput } from '@toolstream/core';

/**
 * A message to start with: a store message, or just a role and its text. Short forms without
 * an id get stable ones from their position, so a conversation restored from storage and one
 * started afresh agree on them.
 */
export type InitialMessage = MessageInput;
