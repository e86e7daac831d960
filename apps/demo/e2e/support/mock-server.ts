import type { RunLogEntry } from '@toolstream/mock';
import { createMockServer, type MockServer, type MockServerOptions } from '@toolstream/mock/node';

/** The real mock server on loopback, with its run log captured. */
export interface LoggedMockServer {
  server: MockServer;
  log: RunLogEntry[];
  /** The endpoint, with a query (fault switches) when given. */
  endpoint(query?: string): string;
  /** Log entries of one type. */
  entries(type: RunLogEntry['type']): RunLogEntry[];
}

/**
 * Where the server under test takes runs. Not the default `/api/chat/stream`: the demo's MSW
 * worker answers any URL ending in that path, on every origin (see `endpoint-routing.test.ts`), and these tests
 * must reach the real server whatever the worker does.
 */
export const LIVE_BASE_PATH = '/live/chat-stream';

/** Starts `createMockServer` on 127.0.0.1 (a free port) with a logger the test reads. */
export async function startMockServer(options: MockServerOptions = {}): Promise<LoggedMockServer> {
  const log: RunLogEntry[] = [];
  const server = await createMockServer({
    basePath: LIVE_BASE_PATH,
    logger: (entry) => log.push(entry),
    ...options,
  });
  return {
    server,
    log,
    endpoint: (query = '') => `${server.endpoint}${query}`,
    entries: (type) => log.filter((entry) => entry.type === type),
  };
}
