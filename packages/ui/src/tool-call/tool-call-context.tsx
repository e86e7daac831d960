import type { ToolCall } from '@toolstream/core';
import { isOpenStatus } from '@toolstream/core';
import { createContext, useContext, useId, useMemo } from 'react';

/** What the parts of one tool call share. */
export interface ToolCallContextValue {
  call: ToolCall;
  /** The text to show: the latest phase's. */
  output: string;
  isOpen: boolean;
  ids: { name: string; agent: string; output: string; details: string };
  /** `aria-labelledby` of the call's root: its name, and its agent when known. */
  labelledBy: string;
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

/** Builds the context value of a call (stable while the call object is). */
export function useToolCallContextValue(call: ToolCall | undefined): ToolCallContextValue | null {
  const base = useId();
  return useMemo(() => {
    if (call === undefined) return null;
    return {
      call,
      output: (call.result ?? call.call).text,
      isOpen: isOpenStatus(call.status),
      ids: {
        name: `${base}-name`,
        agent: `${base}-agent`,
        output: `${base}-output`,
        details: `${base}-details`,
      },
      labelledBy: call.agent === null ? `${base}-name` : `${base}-name ${base}-agent`,
    };
  }, [call, base]);
}
