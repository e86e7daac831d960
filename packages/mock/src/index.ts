/**
 * @toolstream/mock — a mock backend for toolstream: the scenario format, a builder and a
 * library of scenarios, MSW handlers for the browser and Node, and the run registry they share.
 * Browser-safe. It needs msw (an optional peer dependency, for this entry only); the same API
 * without the MSW handlers, and so without msw, is `@toolstream/mock/fetch`. The Node server,
 * file loading and the CLI live in `@toolstream/mock/node`, which needs no msw either.
 */

export * from './fetch.js';
export type { MockHandlers, MockHandlersOptions } from './msw/handlers.js';
export { createHandlers } from './msw/handlers.js';
