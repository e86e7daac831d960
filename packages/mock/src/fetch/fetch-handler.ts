import { createMockBackend, type MockBackend, type MockBackendOptions } from '../backend/mock-backend.js';

/** A Web-standard request handler (`Request` in, `Response` out), plus the backend behind it. */
export type FetchHandler = ((request: Request) => Promise<Response>) & { backend: MockBackend };

/**
 * The mock backend as a Web-standard handler, `(request: Request) => Promise<Response>`, for
 * servers built on the Fetch API: a Next.js route handler, Hono, Deno, Bun, a worker. It serves
 * the same routes as the MSW handlers (`POST <base>`, `GET`/`DELETE <base>/<runId>`, the direct
 * `GET`), with the same options, and needs neither msw nor Node built-ins.
 *
 * @example
 * ```ts
 * // app/api/chat/stream/[[...run]]/route.ts (Next.js)
 * import { createFetchHandler } from '@toolstream/mock/fetch';
 * const handle = createFetchHandler({ speed: 2 });
 * export { handle as GET, handle as POST, handle as DELETE, handle as OPTIONS };
 * ```
 */
export function createFetchHandler(options: MockBackendOptions = {}): FetchHandler {
  const backend = createMockBackend(options);
  return Object.assign((request: Request) => backend.handle(request), { backend });
}
