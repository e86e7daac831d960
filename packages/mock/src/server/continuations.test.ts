import { afterEach } from 'vitest';
import { continuationE2e } from '../test-utils/continuation-e2e.js';
import { createMockServer, type MockServer } from './create-server.js';

let servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

continuationE2e('mock server on loopback', {
  async open() {
    const server = await createMockServer({ speed: 40 });
    servers.push(server);
    return server.endpoint;
  },
});
