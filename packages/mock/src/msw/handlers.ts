import { type HttpHandler, http } from 'msw';
import { createMockBackend, type MockBackend, type MockBackendOptions } from '../backend/mock-backend.js';

/** Options of {@link createHandlers}. */
export interface MockHandlersOptions extends MockBackendOptions {
  /**
   * The origin the handlers answer for (`https://api.example.com`). Default: any origin, so the
   * same handlers serve `setupServer` in Node (absolute URLs) and `setupWorker` in a browser.
   */
  origin?: string;
}

/** The handlers, plus the backend behind them (its run handler and scenario library). */
export type MockHandlers = HttpHandler[] & { backend: MockBackend };

/**
 * MSW request handlers that replay scenarios, for `setupWorker` (browser, Storybook, demo) and
 * `setupServer` (Node tests):
 *
 * - `POST <base>` with `{ "message", "scenario"? }` streams a run and names it in `X-Run-Id`;
 * - `GET <base>/<runId>` with `Last-Event-ID` re-attaches to that run; `DELETE` cancels it;
 * - `GET <base>?scenario=…&message=…` streams directly (for `EventSource`), resuming after
 *   `Last-Event-ID`.
 *
 * Runs play on `@toolstream/server` with its memory store, in the page or the test's process.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createHandlers } from '@toolstream/mock';
 * const server = setupServer(...createHandlers({ speed: 10 }));
 * ```
 */
export function createHandlers(options: MockHandlersOptions = {}): MockHandlers {
  const backend = createMockBackend(options);
  const prefix = options.origin?.replace(/\/+$/, '') ?? '*';
  const resolver = ({ request }: { request: Request }) => backend.handle(request);
  const handlers = [
    http.all(`${prefix}${backend.basePath}`, resolver),
    http.all(`${prefix}${backend.basePath}/:runId`, resolver),
  ];
  return Object.assign(handlers, { backend });
}
