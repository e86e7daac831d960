/**
 * MSW for Storybook without `msw-storybook-addon`: a loader that starts one service worker
 * (`setupWorker` from `msw/browser`) the first time a story asks for mocks, and gives each story
 * the handlers of its `parameters.msw.handlers`.
 *
 * The worker script is `apps/demo/public/mockServiceWorker.js`, served at the root by the
 * `staticDirs` of `main.ts` — by Storybook itself, and in the Vitest run by the storybookTest
 * plugin, which mounts the same `staticDirs` on the Vitest browser server.
 *
 * ```ts
 * export const Story = { parameters: { msw: { handlers: createHandlers({ speed: 20 }) } } };
 * ```
 */
import type { Loader } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { type SetupWorker, setupWorker } from 'msw/browser';

/** What a story puts in `parameters.msw`: a list of handlers, or named lists (merged in order). */
export interface MswParameters {
  handlers?: readonly RequestHandler[] | Record<string, readonly RequestHandler[]>;
}

let started: Promise<SetupWorker> | null = null;

/**
 * Registers and starts the worker once per page. Stories without mocks never start it, so the
 * other stories' requests (Vite's module loads among them) never pass through a service worker.
 */
function startWorker(): Promise<SetupWorker> {
  started ??= (async () => {
    const worker = setupWorker();
    await worker.start({
      serviceWorker: { url: '/mockServiceWorker.js' },
      // Only the stories' API routes are mocked; module and asset loads go to the server.
      onUnhandledRequest: 'bypass',
      quiet: true,
    });
    return worker;
  })().catch((error: unknown) => {
    started = null; // let the next story try again rather than fail on a cached rejection
    throw error;
  });
  return started;
}

function handlersOf(parameters: MswParameters | undefined): RequestHandler[] | null {
  const handlers = parameters?.handlers;
  if (handlers === undefined) return null;
  return Array.isArray(handlers) ? [...handlers] : Object.values(handlers).flat();
}

/**
 * Applies the story's handlers (replacing the previous story's). A story without
 * `parameters.msw` only clears handlers left by an earlier one, so nothing leaks between stories.
 */
export const mswLoader: Loader = async ({ parameters }) => {
  const handlers = handlersOf(parameters.msw as MswParameters | undefined);
  if (handlers === null) {
    if (started !== null) (await started).resetHandlers();
    return {};
  }
  const worker = await startWorker();
  worker.resetHandlers(...handlers);
  return {};
};
