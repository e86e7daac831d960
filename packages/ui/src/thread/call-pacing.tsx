import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CallPacer } from './call-pacer.js';

/** The {@link CallPacer} of the nearest `Thread`; none outside one (every call shows). */
export const CallPacingContext = createContext<CallPacer | null>(null);
CallPacingContext.displayName = 'CallPacingContext';

const showAll = () => true;
const noSubscription = () => () => {};
const noVersion = () => 0;

/**
 * Which calls a list may render yet (see {@link CallPacer}). The component re-renders when more
 * may; outside a `Thread` every call may.
 */
export function useShownCalls(): (callId: string) => boolean {
  const pacer = useContext(CallPacingContext);
  useSyncExternalStore(
    pacer?.subscribe ?? noSubscription,
    pacer?.getVersion ?? noVersion,
    pacer?.getVersion ?? noVersion,
  );
  return pacer?.isShown ?? showAll;
}
