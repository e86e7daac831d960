import { createToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Warms up the code that renders tool calls, once per page, while the page is idle.
 *
 * The first tool calls of a page session run cold: the browser compiles every function of the
 * render path the first time it is called (React's, the components', the markdown fast path's
 * regular expressions), and styles and shapes text it has not seen. In the render benchmark that
 * made the first burst of a run — 50 calls starting at once — about twice as costly as the same
 * work a second later: the reason for the run's slowest frames and its slowest chunks. So once
 * the first `Thread` has mounted, an idle callback renders a small sample run (a delegation with
 * streaming calls, markdown with strong text and a list) into an invisible, inert container,
 * updates it once, and removes it. It costs a few milliseconds of idle time; the user's first
 * run then starts warm.
 *
 * Skipped where there is no `requestIdleCallback` (server rendering, jsdom, older Safari), and
 * with `prewarm={false}` on `Thread` or `Chat`. Never throws into the page.
 */
export function usePrewarm(enabled: boolean, renderSample: () => ReactNode): void {
  // Rendered once per page: a later renderSample (a new closure each render) changes nothing.
  const sample = useRef(renderSample);
  useEffect(() => {
    if (!enabled || state !== 'pending' || typeof requestIdleCallback !== 'function') return;
    const cancel = typeof cancelIdleCallback === 'function' ? cancelIdleCallback : null;
    const handle = requestIdleCallback(() => runPrewarm(sample.current), { timeout: IDLE_TIMEOUT_MS });
    return () => cancel?.(handle);
  }, [enabled]);
}

let state: 'pending' | 'running' | 'done' = 'pending';

/** For tests: lets the next mounted `Thread` warm up again. */
export function resetPrewarm(): void {
  state = 'pending';
}

/** Whether the sample was rendered on this page (or is being rendered). */
export function hasPrewarmed(): boolean {
  return state !== 'pending';
}

/** Even a page that never goes idle gets its warm-up within this time. */
const IDLE_TIMEOUT_MS = 3000;
/** Removes the sample even if animation frames do not run (a hidden tab). */
const CLEANUP_TIMEOUT_MS = 1000;

function runPrewarm(renderSample: () => ReactNode): void {
  if (state !== 'pending' || typeof document === 'undefined') return;
  state = 'running';
  let container: HTMLDivElement | null = null;
  let root: ReturnType<typeof createRoot> | null = null;
  const cleanUp = () => {
    try {
      root?.unmount();
    } catch {
      // Nothing the page depends on.
    }
    container?.remove();
    root = null;
    container = null;
    state = 'done';
  };
  try {
    container = document.createElement('div');
    container.setAttribute('aria-hidden', 'true');
    container.setAttribute('inert', '');
    container.dataset.slot = 'thread-prewarm';
    // In the viewport (off-screen calls would skip layout, which is part of what warms up), but
    // invisible, out of the page's layout, and never hit by the pointer.
    container.style.cssText =
      'position:fixed;top:0;left:0;width:640px;height:480px;overflow:hidden;visibility:hidden;pointer-events:none;contain:strict;z-index:-1';
    document.body.append(container);
    const store = createToolStreamStore({ schedule: 'sync' });
    root = createRoot(container);
    for (const chunk of FIRST_CHUNKS) store.ingest(chunk);
    root.render(<ToolStreamProvider store={store}>{renderSample()}</ToolStreamProvider>);
    // The next frame: the update path (text growing, a call completing), then remove it all.
    afterFrame(() => {
      try {
        for (const chunk of LATER_CHUNKS) store.ingest(chunk);
      } catch {
        cleanUp();
        return;
      }
      afterFrame(cleanUp);
    });
    setTimeout(() => {
      if (state === 'running') cleanUp();
    }, CLEANUP_TIMEOUT_MS);
  } catch {
    cleanUp();
  }
}

function afterFrame(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/** A sample of what a thread shows: a delegation, nested calls streaming markdown, one failing. */
const SAMPLE_CALLS = [
  {
    call_id: 'sample_delegation',
    event_type: 'delegation_call',
    tool_name: 'delegate',
    details: { agent: 'researcher' },
  },
  {
    call_id: 'sample_search',
    event_type: 'result',
    tool_name: 'search',
    details: { agent: 'researcher', parent_call_id: 'sample_delegation' },
  },
  {
    call_id: 'sample_fetch',
    event_type: 'result',
    tool_name: 'fetch_page',
    details: { agent: 'researcher', parent_call_id: 'sample_delegation', summary: 'Reading the page' },
  },
] as const;

const entry = (
  index: number,
  part: string | null,
  complete: boolean,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => {
  const call = SAMPLE_CALLS[index]!;
  return {
    call_id: call.call_id,
    event_type: call.event_type,
    tool_name: call.tool_name,
    tool_response: '',
    tool_call_details: call.details,
    is_complete: complete,
    ...(part === null ? {} : { stream_part: part }),
    ...extra,
  };
};

const chunk = (message: string, calls: Record<string, unknown>[]) =>
  JSON.stringify({ message, citations: [], tool_calls: calls });

const FIRST_CHUNKS = [
  chunk('Looking into it.\n\n', [entry(0, 'Find the onboarding steps', false)]),
  // Text in a script the page has not shown yet makes the browser look up a fallback font when
  // it first lays it out (CJK: 10-15 ms here). Tool output mixes languages; pay it while idle.
  chunk('', [
    entry(1, ' Found **3** pages about onboarding (手順, données)', false),
    entry(2, 'The checklist', false),
  ]),
  chunk('', [entry(1, '\n- laptop\n- access request', false), entry(2, ' says: **VPN** first.', false)]),
];

const LATER_CHUNKS = [
  chunk('Here is what I found: **three** steps', [entry(1, '\n- team page', false)]),
  chunk('', [
    entry(1, '', true),
    entry(2, '', true, { tool_call_details: { ...SAMPLE_CALLS[2].details, error: 'timed out' } }),
    entry(0, ' done', true),
  ]),
];
