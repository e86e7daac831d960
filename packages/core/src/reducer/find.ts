import type { AssistantMessageState, ChatMessage, ToolCallState, ToolStreamState } from './state.js';

/**
 * The message with id `messageId`: one of the conversation's, or an earlier version of an answer
 * (`AssistantMessageState.versions`, which a UI may page back to). Searched from the end, where the
 * messages that change are.
 */
export function findMessage(
  state: Pick<ToolStreamState, 'messages'>,
  messageId: string,
): ChatMessage | undefined {
  const { messages } = state;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.id === messageId) return message;
    if (message.role === 'assistant' && message.versions.length > 0) {
      const version = message.versions.find((v) => v.id === messageId);
      if (version !== undefined) return version;
    }
  }
  return undefined;
}

/** Call `callId` of answer `messageId` (calls are per turn: ids repeat across turns), if there. */
export function findCall(
  state: Pick<ToolStreamState, 'messages'>,
  messageId: string,
  callId: string,
): ToolCallState | undefined {
  const message = findMessage(state, messageId);
  return message?.role === 'assistant' && Object.hasOwn(message.calls, callId)
    ? message.calls[callId]
    : undefined;
}

/** The last answer of the conversation (the current turn's, while one runs), if any. */
export function latestAnswer(state: Pick<ToolStreamState, 'messages'>): AssistantMessageState | undefined {
  const { messages } = state;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message;
  }
  return undefined;
}
