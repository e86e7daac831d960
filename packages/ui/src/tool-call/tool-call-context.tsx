import { findCall, type ToolCallState } from '@toolstream/core';
import { useResolvedStore, useToolCallSelector } from '@toolstream/react';
import { useAnswerId } from '../internal/answer-scope.js';
import { createContext, useContext, useId, useMemo, useRef } from 'react';
import { callFields, type ToolCallFields } from './call-fields.js';

/**
 * What the parts of one tool call share: the call's id, element ids, and its
 * {@link ToolCallFields}. The fields are selected once by the root and change only when one of
 * them does — not when a new piece of output arrives — so with fifty calls streaming, each frame
 * re-renders their outputs and nothing else. The output selects the whole call itself
 * ({@link useEnclosingCall}).
 */
export interface ToolCallContextValue {
  /** The answer the call belongs to. */
  messageId: string;
  callId: string;
  /** The call as the store holds it now (for event handlers: reading it subscribes to nothing). */
  read(): ToolCallState | undefined;
  ids: { name: string; agent: string; output: string; details: string };
  fields: ToolCallFields;
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
 * The context value of a call, `null` until the call appears: a new object only when one of the
 * call's fields changes. `componentName` names the caller in the error thrown when there is no
 * store.
 */
export function useToolCallContextValue(callId: string, componentName: string): ToolCallContextValue | null {
  const base = useId();
  const store = useResolvedStore(componentName);
  const messageId = useAnswerId(componentName);
  const fields = useToolCallSelector(
    messageId,
    callId,
    (call) => (call === undefined ? null : callFields(call)),
    { shallow: true, store },
  );
  const shared = useMemo(
    () => ({
      messageId,
      callId,
      read: () => findCall(store.getState(), messageId, callId),
      ids: {
        name: `${base}-name`,
        agent: `${base}-agent`,
        output: `${base}-output`,
        details: `${base}-details`,
      },
    }),
    [messageId, callId, base, store],
  );
  return useMemo(() => (fields === null ? null : { ...shared, fields }), [shared, fields]);
}

/** `aria-labelledby` of a call's root: its name, and its agent when known. */
export function labelledBy({ ids, fields }: ToolCallContextValue): string {
  return fields.agent === null ? ids.name : `${ids.name} ${ids.agent}`;
}

/**
 * The enclosing call itself, re-rendering with every change of it: for the parts that show what
 * streams (the output, the open details). They render only while their root shows the call;
 * should it leave the store (a reset) before the root has unmounted them, the last version
 * stands in.
 */
export function useEnclosingCall(partName: string): ToolCallState {
  const { messageId, callId } = useToolCallContext(partName);
  const last = useRef<ToolCallState | null>(null);
  const call = useToolCallSelector(messageId, callId, (current) => {
    if (current !== undefined) return current;
    if (last.current === null) throw new Error(`\`${partName}\`: call ${callId} is not in the store.`);
    return last.current;
  });
  last.current = call;
  return call;
}

