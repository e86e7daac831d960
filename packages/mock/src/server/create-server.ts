import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockBackend, type MockBackendOptions, type MockRequest } from '../runs/mock-backend.js';
import type { RunSink } from '../runs/run.js';
import type { RunRegistry } from '../runs/run-registry.js';
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
  /** Largest accepted request body, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
}

/** A running mock server. */
export interface MockServer {
  /** The origin, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** Where runs start, e.g. `http://127.0.0.1:8787/api/chat/stream`. */
  endpoint: string;
  port: number;
  host: string;
  registry: RunRegistry;
  library: ScenarioLibrary;
  /** Cancels every run, closes every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server that replays scenarios over the network at the same paths as the
 * MSW handlers, with CORS, the run convention, a grace period for detached runs and the fault
 * switches. Binds to loopback unless told otherwise.
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
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;

  const server = createServer((req, res) => {
    serve(req, res).catch((cause: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: cause instanceof Error ? cause.message : String(cause) } }),
        );
      } else res.destroy();
    });
  });
  // Event streams are long-lived: no socket or request timeouts of Node's own.
  server.timeout = 0;
  server.requestTimeout = 0;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const request: MockRequest = {
      method: req.method ?? 'GET',
      url,
      header: (name) => {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
      text: () => readBody(req, maxBodyBytes),
      signal: gone.signal,
    };
    const answer = await backend.handle(request);
    if (answer.kind === 'plain') {
      if (res.destroyed) return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    if (res.destroyed) {
      // The client left while the run was being set up: it leaves the run as any client does.
      answer.attach({ write() {}, end() {}, drop() {} })();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.flushHeaders();
    if (answer.preamble !== '') res.write(answer.preamble);
    const writable = () => !res.destroyed && !res.writableEnded;
    const sink: RunSink = {
      write(text) {
        if (writable()) res.write(text);
      },
      end() {
        if (writable()) res.end();
      },
      drop() {
        // Close the socket under the response, without the chunked terminator: the client gets
        // what was written and then a broken stream, as when a proxy dies. (`destroy()` would
        // also throw away bytes still in the socket's buffer.)
        const socket = res.socket;
        if (socket === null) res.destroy();
        else socket.end(() => socket.destroy());
      },
    };
    const detach = answer.attach(sink);
    res.on('close', detach);
    if (res.destroyed) detach();
  }

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
    registry: backend.registry,
    library: backend.library,
    close: () => closeServer(server, backend.registry),
  };
}

function closeServer(server: Server, registry: RunRegistry): Promise<void> {
  registry.close();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error(`The request body is larger than ${limit} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
