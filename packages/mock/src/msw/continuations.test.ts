import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { continuationE2e } from '../test-utils/continuation-e2e.js';
import { createHandlers } from './handlers.js';

const server = setupServer();
const backends: { close(): Promise<void> }[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await Promise.all(backends.splice(0).map((backend) => backend.close()));
});
afterAll(() => server.close());

continuationE2e('MSW', {
  async open() {
    const handlers = createHandlers({ speed: 40 });
    backends.push(handlers.backend);
    server.resetHandlers(...handlers);
    return 'http://localhost/api/chat/stream';
  },
});
