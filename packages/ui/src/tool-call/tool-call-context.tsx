import type { ToolCall } from '@toolstream/core';
import { useResolvedStore, useToolCallSelector } from '@toolstream/react';
import { createContext, useContext, useId, useMemo, useRef } from 'react';

/**
 * What the parts of one tool call share. It names the call rather than holding it, so it stays
 * the same object while the call streams: a part re-renders when the slice of the call it
 * selects changes ({@link useCallPart}), not whenever a new piece of output arrives.
 * With fifty calls streaming, that is the difference between the output alone re-rendering
 * each frame and every name, status, clock and button with it.
 */
export interface ToolCallContextValue {
  callId: string;
  /** The call as the store holds it now (for event handlers: reading it subscribes to nothing). */
  read(): ToolCall | undefined;
  ids: { name: string; agent: string; output: string; details: string };
}

export const ToolCallContext = createContext<ToolCallContextValue | null>(null);
ToolCallContext.displayName = 'ToolCallContext';

/** The enclosing call's context; a precise error when a part is used outside `ToolCallRoot`. */
export function useToolCallContext(partName: string): ToolCallContextValue {
  const value = useContext(ToolCallContext);
  if (value === null) {
    throw new Error(`\`${partName}\` must be used within \`<ToolCallRoot>\` (or \`<ToolCall>\`).`);
  }
  return value;
}

/**
 * Builds the context value of a call: one object for as long as the component shows that call.
 * `componentName` names the caller in the error thrown when there is no store.
 */
export function useToolCallContextValue(callId: string, componentName: string): ToolCallContextValue {
  const base = useId();
  const store = useResolvedStore(componentName);
  return useMemo(
    () => ({
      callId,
      read: () => store.getState().calls[callId],
      ids: {
        name: `${base}-name`,
        agent: `${base}-agent`,
        output: `${base}-output`,
        details: `${base}-details`,
      },
    }),
    [callId, base, store],
  );
}

/**
 * A slice of the enclosing call, re-rendering only when it changes (`Object.is`, or shallowly
 * with `shallow` for a selector that builds an object). Parts render only while their root
 * shows the call; should the call leave the store (a reset) before the root has unmounted them,
 * the last slice stands in.
 */
export function useCallPart<T>(
  partName: string,
  select: (call: ToolCall) => T,
  options: { shallow?: boolean } = {},
): T {
  const { callId } = useToolCallContext(partName);
  const last = useRef<{ value: T } | null>(null);
  const value = useToolCallSelector(
    callId,
    (call) => {
      if (call !== undefined) return select(call);
      if (last.current === null) throw new Error(`\`${partName}\`: call ${callId} is not in the store.`);
      return last.current.value;
    },
    { shallow: options.shallow === true },
  );
  last.current = { value };
  return value;
}
