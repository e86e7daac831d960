import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NodeHttp1Handler, ServerRequest } from 'srvx';
import { toNodeHandler } from 'srvx/node';
import { createMockBackend, type MockBackendOptions } from '../backend/mock-backend.js';
import type { ScenarioLibrary } from '../scenario/library.js';
import { loadScenarioLibrary } from './load-scenarios.js';

/** Options of {@link createMockServer}. */
export interface MockServerOptions extends MockBackendOptions {
  /** Default 0 (any free port); the CLI uses 8787. */
  port?: number;
  /** Default `127.0.0.1`: loopback only. */
  host?: string;
  /** A folder of your own scenarios, added to (and overriding) the shipped ones. Ignored when `scenarios` is given. */
  scenariosDir?: string;
}

/** A running mock server. */
export interface MockServer {
  /** The origin, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** Where runs start, e.g. `http://127.0.0.1:8787/api/chat/stream`. */
  endpoint: string;
  port: number;
  host: string;
  library: ScenarioLibrary;
  /** Ends the runs it plays, closes every connection and stops listening (a store you gave stays open). */
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server that replays scenarios over the network at the same paths as the
 * MSW handlers, with CORS, the run convention of `@toolstream/server` and the fault switches.
 * Binds to loopback unless told otherwise. Give it a Redis store (`store`) and several servers
 * serve one another's runs.
 *
 * @example
 * ```ts
 * const server = await createMockServer({ speed: 5 });
 * const store = createToolStreamStore({ endpoint: server.endpoint });
 * await store.send('Ask the research agent');
 * await server.close();
 * ```
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const scenarios =
    options.scenarios ??
    (await loadScenarioLibrary(options.scenariosDir === undefined ? {} : { dir: options.scenariosDir }));
  const backend = createMockBackend({ ...options, scenarios });
  // srvx types its handler for HTTP/1 and HTTP/2; this is Node's HTTP/1 server.
  const server = createServer(
    toNodeHandler((request: ServerRequest) =>
      backend.handle(request, { breakConnection: () => breakSocket(request) }),
    ) as NodeHttp1Handler,
  );
  // Event streams are long-lived: no socket or request timeouts of Node's own.
  server.timeout = 0;
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    endpoint: `${origin}${backend.basePath}`,
    port,
    host,
    library: backend.library,
    close: async () => {
      await backend.close();
      await closeServer(server);
    },
  };
}

/**
 * Closes the socket under a response without the chunked terminator: the client gets what was
 * written and then a broken stream, as when a proxy dies. (Destroying it at once would also throw
 * away bytes still in the socket's buffer.)
 */
function breakSocket(request: ServerRequest): void {
  const response = request.runtime?.node?.res;
  const socket = response?.socket ?? null;
  if (socket === null || socket === undefined) {
    response?.destroy();
    return;
  }
  socket.end(() => socket.destroy());
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
