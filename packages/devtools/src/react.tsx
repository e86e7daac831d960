'use client';
import type { ToolStreamStore } from '@toolstream/core';
import { ToolStreamContext } from '@toolstream/react';
import { useContext, useEffect, useRef } from 'react';
import { attachDevtools, type DevtoolsOptions } from './attach.js';

/** Props of {@link ToolStreamDevtools}. */
export interface ToolStreamDevtoolsProps extends DevtoolsOptions {
  /** The store to inspect. Default: the enclosing `<ToolStreamProvider>`'s. */
  store?: ToolStreamStore;
}

/**
 * The devtools as a component: attaches to the nearest `<ToolStreamProvider>`'s store (or
 * `store`) while mounted. Renders nothing in place: the launcher and panel live in their own
 * Shadow DOM at the end of the page.
 *
 * @example
 * ```tsx
 * const ToolStreamDevtools = lazy(() => import('@toolstream/devtools').then((m) => ({ default: m.ToolStreamDevtools })));
 * <ToolStreamProvider endpoint="/api/chat">
 *   <Chat />
 *   {import.meta.env.DEV && <Suspense><ToolStreamDevtools /></Suspense>}
 * </ToolStreamProvider>
 * ```
 */
export function ToolStreamDevtools({ store, ...options }: ToolStreamDevtoolsProps) {
  const provided = useContext(ToolStreamContext);
  const target = store ?? provided;
  // Options are read when attaching; a new store attaches anew.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (target === null) return;
    const handle = attachDevtools(target, latest.current);
    return () => handle.detach();
  }, [target]);
  if (target === null) {
    throw new Error('`<ToolStreamDevtools>` needs a `store` prop or an enclosing `<ToolStreamProvider>`.');
  }
  return null;
}
ToolStreamDevtools.displayName = 'ToolStreamDevtools';
