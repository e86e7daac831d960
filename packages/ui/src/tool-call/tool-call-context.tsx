import { findCall, type ToolCallState } from '@toolstream/core';
import { useResolvedStore, useToolCallSelector } from '@toolstream/react';
import { createContext, useContext, useId, useMemo, useRef } from 'react';
import { useAnswerId } from '../internal/answer-scope.js';
import { callFields, type ToolCallFields } from './call-fields.js';
import { useToolLabels } from './tool-renderers.js';

/**
 * What the parts of one tool call share: the call's address, element ids, its
 * {@link ToolCallFields} and whether it is expanded. The fields are selected once by the root and
 * change only when one of them does — not when a new piece of output arrives — so with fifty
 * calls streaming, each frame re-renders their outputs and nothing else. The parts that show
 * what streams select the whole call themselves ({@link useEnclosingCall}).
 */
export interface ToolCallContextValue {
  /** The answer the call belongs to. */
  messageId: string;
  callId: string;
  /** The call as the store holds it now (for event handlers: reading it subscribes to nothing). */
  read(): ToolCallState | undefined;
  ids: { label: string; content: string; output: string };
  fields: ToolCallFields;
  /** Whether the call's content (input, output, details) is shown. */
  open: boolean;
  setOpen(open: boolean): void;
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
 * The fields of a call and its address, `null` until the call appears: a new object only when
 * one of the call's fields changes. `componentName` names the caller in the error thrown when
 * there is no store.
 */
export function useCallFields(
  callId: string,
  componentName: string,
): { messageId: string; read: () => ToolCallState | undefined; fields: ToolCallFields | null; base: string } {
  const base = useId();
  const store = useResolvedStore(componentName);
  const messageId = useAnswerId(componentName);
  const labels = useToolLabels();
  const fields = useToolCallSelector(
    messageId,
    callId,
    (call) => (call === undefined ? null : callFields(call, labels)),
    { shallow: true, store },
  );
  const read = useMemo(() => () => findCall(store.getState(), messageId, callId), [store, messageId, callId]);
  return { messageId, read, fields, base };
}

/**
 * The enclosing call itself, re-rendering with every change of it: for the parts that show what
 * streams (the output, the input). They render only while their root shows the call; should it
 * leave the store (a reset) before the root has unmounted them, the last version stands in.
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
