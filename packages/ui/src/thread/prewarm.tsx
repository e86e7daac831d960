import { createToolStreamStore, type ToolStreamStore } from '@toolstream/core';
import { isActive, ToolStreamProvider } from '@toolstream/react';
import { type RefObject, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AssistantMessage } from '../message/assistant-message.js';
import { prewarmSteps } from './prewarm-sample.js';

/**
 * Warms up the code that renders a run, once per page, while the page is idle.
 *
 * Why: the first run on a page runs cold. The browser compiles each function of the render path
 * (React's, the components', the markdown fast path) the first time it runs and optimises it only
 * after many runs, and it shapes text in scripts it has not shown before. In the render benchmark
 * (50 calls starting at once) every run's slowest frames were its first ones, and every long task
 * was there: the slowest frame of a run took 32–58 ms without the warm-up, 25–35 ms with it.
 *
 * What: after the thread mounts, in idle callbacks, it renders a sample run
 * ({@link prewarmSteps}) one small step per idle period, into a closed shadow root inside an
 * element that is invisible, inert and hidden from assistive technology, then removes it. A real
 * run starting meanwhile stops it at once, so the warm-up never competes with the stream.
 *
 * Skipped where there is no `requestIdleCallback` (server rendering, jsdom, Safari before 18).
 */
export function usePrewarm(
  enabled: boolean,
  store: ToolStreamStore,
  anchor: RefObject<Element | null>,
): void {
  useEffect(() => {
    if (!enabled || phase !== 'pending' || typeof requestIdleCallback !== 'function') return;
    const cancel = cancelIdleCallback;
    const handle = requestIdleCallback(
      () => {
        const element = anchor.current;
        if (phase !== 'pending' || element === null) return;
        // A run already under way warms the code itself; warming up now would only compete.
        if (isRunActive(store)) phase = 'done';
        else startPrewarm(element, store);
      },
      { timeout: IDLE_TIMEOUT_MS },
    );
    return () => cancel(handle);
  }, [enabled, store, anchor]);
}

/** Where this page is: not started, warming up, or done (finished or stopped). */
let phase: 'pending' | 'running' | 'done' = 'pending';

/** For tests: whether this page has not warmed up, is warming up, or is done. */
export function prewarmPhase(): 'pending' | 'running' | 'done' {
  return phase;
}

/** For tests: the closed shadow root the sample renders into, while it is there. */
export function prewarmSample(): ShadowRoot | null {
  return sampleRoot;
}
let sampleRoot: ShadowRoot | null = null;

/** For tests: lets the next thread warm up again. */
export function resetPrewarm(): void {
  phase = 'pending';
}

/** A page that never goes idle still warms up within this time. */
const IDLE_TIMEOUT_MS = 2000;
/** Each step waits for idle time at most this long. */
const STEP_TIMEOUT_MS = 500;

function isRunActive(store: ToolStreamStore): boolean {
  return isActive(store.getState().status);
}

function startPrewarm(anchor: Element, appStore: ToolStreamStore): void {
  phase = 'running';
  const steps = prewarmSteps();
  // Publishes only when a step says so: one render per step.
  const store = createToolStreamStore({ schedule: () => {} });
  let root: Root | null = null;
  let host: HTMLDivElement | null = null;
  let idle: number | null = null;
  const cancelIdle = cancelIdleCallback;

  const stop = () => {
    if (phase !== 'running') return;
    phase = 'done';
    unsubscribe();
    if (idle !== null) cancelIdle(idle);
    try {
      root?.unmount();
    } catch {
      // The sample is nobody's content: whatever went wrong, the page carries on.
    }
    host?.remove();
    sampleRoot = null;
  };
  // A real run has the main thread to itself.
  const unsubscribe = appStore.subscribe(() => {
    if (isRunActive(appStore)) stop();
  });

  const step = (index: number) => {
    idle = null;
    if (phase !== 'running') return;
    try {
      if (index === steps.length) {
        stop();
        return;
      }
      for (const frame of steps[index]!) store.ingest(frame);
      store.flush();
    } catch {
      stop();
      return;
    }
    // The next step once this one's render has been laid out and the page is idle again.
    idle = requestIdleCallback(() => step(index + 1), { timeout: STEP_TIMEOUT_MS });
  };

  try {
    const document = anchor.ownerDocument;
    host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.setAttribute('inert', '');
    host.dataset.slot = 'thread-prewarm';
    // On screen and as wide as the thread, so its text is laid out and wrapped as the thread's
    // will be; but invisible, out of the page's flow, and never hit by the pointer.
    const width = Math.max(320, Math.round(anchor.getBoundingClientRect().width));
    host.style.cssText = `position:fixed;top:0;left:0;width:${width}px;height:100vh;overflow:hidden;visibility:hidden;pointer-events:none;contain:strict;z-index:-1`;
    // In a closed shadow root: the page's scripts, its tests (`querySelectorAll`, Playwright
    // locators) and axe never see the sample's calls as the page's own. The kit's styles do not
    // reach in; what warms up is the code, and text layout in the page's fonts.
    const shadow = host.attachShadow({ mode: 'closed' });
    sampleRoot = shadow;
    const container = document.createElement('div');
    shadow.append(container);
    document.body.append(host);
    root = createRoot(container);
    step(0);
    const message = store.getState().messages.find((candidate) => candidate.role === 'assistant');
    if (message === undefined || phase !== 'running') {
      stop();
      return;
    }
    root.render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId={message.id} />
      </ToolStreamProvider>,
    );
  } catch {
    stop();
  }
}
