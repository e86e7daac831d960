import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeEvent, type SseEvent } from './sse-events.js';
import { until } from './wait-for.js';

/** Where runs are started; a named run lives at `<STREAM_PATH>/<runId>`. */
export const STREAM_PATH = '/api/chat/stream';

/**
 * What the server does with one stream request (every request but DELETE counts, in order):
 * - `stream`: answers 200 with the run's events from after `Last-Event-ID` (`send` of them,
 *   default all), and `after` them `end`s cleanly, `drop`s the socket mid-stream, or `hold`s the connection
 *   open until the client leaves or the test calls {@link SseServer.drop};
 * - `status`: answers a plain HTTP status without a stream;
 * - `refuse`: destroys the socket without answering.
 */
export type ConnectionPlan =
  | { kind: 'stream'; send?: number; after?: 'end' | 'drop' | 'hold'; retryMs?: number }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'refuse' };

/** Options of {@link startSseServer}. */
export interface SseServerOptions {
  /** The run's whole event list; each connection resumes in it after `Last-Event-ID`. */
  events: readonly SseEvent[];
  /** The run's name, sent as `X-Run-Id` on streams from the endpoint; `null` leaves runs unnamed. */
  runId?: string | null;
  /** Plans for the 1st, 2nd… stream request; later ones stream everything and end. */
  connections?: readonly ConnectionPlan[];
  /**
   * Events to send again from before the one after `Last-Event-ID`, as sloppy servers do (1:
   * replay from `Last-Event-ID` inclusive), to prove the client does not apply them twice.
   */
  replayOverlap?: number;
}

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  lastEventId: string | null;
  body: string;
}

/** A real loopback SSE server whose behaviour each test scripts. */
export interface SseServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The endpoint runs start on. */
  endpoint: string;
  requests: RecordedRequest[];
  /** Stream requests (all but DELETE), in order. */
  streamRequests(): RecordedRequest[];
  /** Stream connections the client closed before the server ended them. */
  clientCloses(): number;
  /** Destroys every held connection, as a network drop would. */
  drop(): void;
  /** Resolves once `predicate` holds, re-checking on every request or connection change. */
  until(predicate: () => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 with an ephemeral port. */
export async function startSseServer(options: SseServerOptions): Promise<SseServer> {
  const changes = new EventEmitter();
  const requests: RecordedRequest[] = [];
  const held = new Set<ServerResponse>();
  const endedByServer = new WeakSet<ServerResponse>();
  let clientCloses = 0;
  let streamCount = 0;
  const runId = options.runId ?? null;
  const changed = () => changes.emit('change');

  const startIndex = (lastEventId: string | null): number => {
    if (lastEventId === null) return 0;
    const index = options.events.findIndex((event) => event.id === lastEventId);
    if (index === -1) return 0;
    return Math.max(0, index + 1 - (options.replayOverlap ?? 0));
  };

  const stream = (request: RecordedRequest, response: ServerResponse, plan: ConnectionPlan) => {
    if (plan.kind === 'refuse') {
      response.socket?.destroy();
      return;
    }
    if (plan.kind === 'status') {
      response.writeHead(plan.status, { 'content-type': 'text/plain', ...plan.headers });
      response.end(plan.body ?? '');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
    };
    if (runId !== null) headers['x-run-id'] = runId;
    response.writeHead(200, headers);
    const after = plan.after ?? 'end';
    // Held before anything is written, so a test that saw the events arrive can always drop it.
    if (after === 'hold') held.add(response);
    response.on('close', () => {
      held.delete(response);
      if (!endedByServer.has(response)) clientCloses++;
      changed();
    });
    const from = startIndex(request.lastEventId);
    const to =
      plan.send === undefined ? options.events.length : Math.min(options.events.length, from + plan.send);
    let text = plan.retryMs === undefined ? '' : `retry: ${plan.retryMs}\n\n`;
    for (const event of options.events.slice(from, to)) text += encodeEvent(event);
    const act = () => {
      if (after === 'end') {
        endedByServer.add(response);
        response.end();
      } else if (after === 'drop') {
        endedByServer.add(response);
        response.socket?.destroy();
      }
      changed();
    };
    if (text === '') {
      response.flushHeaders();
      act();
    } else response.write(text, act);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const lastEventId = req.headers['last-event-id'];
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        lastEventId: typeof lastEventId === 'string' ? lastEventId : null,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      changed();
      const path = recorded.url.split('?')[0]!;
      const named = path.startsWith(`${STREAM_PATH}/`)
        ? decodeURIComponent(path.slice(STREAM_PATH.length + 1))
        : null;

      if (recorded.method === 'DELETE') {
        res.writeHead(named !== null && named === runId ? 204 : 404);
        res.end();
        return;
      }
      const plan = options.connections?.[streamCount] ?? { kind: 'stream' };
      streamCount++;
      if (path === STREAM_PATH || (named !== null && named === runId)) {
        stream(recorded, res, plan);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such run');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    endpoint: `${origin}${STREAM_PATH}`,
    requests,
    streamRequests: () => requests.filter((request) => request.method !== 'DELETE'),
    clientCloses: () => clientCloses,
    drop() {
      for (const response of held) {
        endedByServer.add(response);
        response.socket?.destroy();
      }
    },
    until: (predicate, what) =>
      until(
        predicate,
        (listener) => {
          changes.on('change', listener);
          return () => changes.off('change', listener);
        },
        what,
      ),
    close() {
      for (const response of held) {
        endedByServer.add(response);
        response.socket?.destroy();
      }
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
