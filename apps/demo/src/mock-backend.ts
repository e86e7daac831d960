import { builtinScenarios, createHandlers } from '@toolstream/mock';
import { setupWorker } from 'msw/browser';

/** The scenarios the demo can replay, for the picker. */
export const scenarios = builtinScenarios().list();

/**
 * Starts the mock backend in a service worker, so the demo needs no server. Requests to any
 * other URL (a real endpoint typed into the demo) pass through untouched.
 */
export async function startMockBackend(): Promise<void> {
  // Only this origin: a real endpoint typed into the demo (even at the same path) must pass through.
  const worker = setupWorker(...createHandlers({ origin: window.location.origin }));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
