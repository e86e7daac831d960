import { useLatestAnswerId } from '@toolstream/react';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The answer (assistant message) whose calls the parts below show. Call ids are unique only
 * within a turn, so every call part is read through the answer it belongs to. An
 * `AssistantMessage` provides its own id; a part used on its own (a `ToolCall` in a story, a
 * timeline beside the thread) is scoped by its `messageId` prop, or else follows the latest answer.
 */
const AnswerContext = createContext<string | null>(null);
AnswerContext.displayName = 'AnswerContext';

/** Provides `messageId` as the answer for the parts below. */
export function AnswerProvider({ messageId, children }: { messageId: string; children?: ReactNode }) {
  return <AnswerContext.Provider value={messageId}>{children}</AnswerContext.Provider>;
}

/**
 * Scopes its children to `messageId` when given, else keeps the enclosing answer, else follows
 * the latest answer (subscribing to the store only in that last case). Renders nothing before
 * there is an answer.
 */
export function AnswerScope({
  messageId,
  children,
}: {
  messageId?: string | undefined;
  children?: ReactNode;
}) {
  const enclosing = useContext(AnswerContext);
  if (messageId !== undefined && messageId !== enclosing) {
    return <AnswerProvider messageId={messageId}>{children}</AnswerProvider>;
  }
  if (enclosing !== null) return children;
  return <LatestAnswer>{children}</LatestAnswer>;
}

function LatestAnswer({ children }: { children?: ReactNode }) {
  const latest = useLatestAnswerId();
  return latest === null ? null : <AnswerProvider messageId={latest}>{children}</AnswerProvider>;
}

/** The answer the enclosing parts show; a precise error outside any scope. */
export function useAnswerId(partName: string): string {
  const id = useContext(AnswerContext);
  if (id === null) {
    throw new Error(
      `\`${partName}\` must be used within an \`<AssistantMessage>\`, or be given a \`messageId\`.`,
    );
  }
  return id;
}
