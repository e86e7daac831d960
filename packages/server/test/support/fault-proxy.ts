import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one request, named by the request itself in the `x-fault` header (JSON),
 * so concurrent tests share a proxy without sharing a plan. The header is removed before the
 * request goes on.
 *
 * - `pass`: forward it as is;
 * - `cut`: forward the answer's status, headers and first `afterBytes` bytes of its body, then
 *   drop the connection (anywhere: inside a frame, inside a UTF-8 character);
 * - `cut-frames`: the same after the first `afterFrames` whole events;
 * - `stall`: forward `afterBytes` bytes, then nothing more until the client gives up;
 * - `answer`: answer `status` (with `headers`) without forwarding: nothing reaches the backend,
 *   as with a gateway's 5xx or a rate limiter's 429.
 *
 * `rewind` changes the `Last-Event-ID` on its way: `drop` removes it (the backend sends the run
 * from its start), a number lowers it by that much (the backend resends events the client has).
 */
export type Fault = (
  | { kind: 'pass' }
  | { kind: 'cut'; afterBytes: number }
  | { kind: 'cut-frames'; afterFrames: number }
  | { kind: 'stall'; afterBytes: number }
  | { kind: 'answer'; status: number; headers?: Record<string, string> }
) & { rewind?: number | 'drop' };

export const FAULT_HEADER = 'x-fault';

/** One request the proxy handled. */
export interface ProxiedRequest {
  method: string;
  path: string;
  fault: Fault;
  /** `Last-Event-ID` as the client sent it, and as the backend received it. */
  lastEventId: { sent: string | null; forwarded: string | null };
  /** The status the client received (`null`: none, the connection failed first). */
  status: number | null;
  /** Body bytes that reached the client. */
  bytes: number;
}

/** A loopback proxy in front of one backend instance. */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: readonly ProxiedRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', FAULT_HEADER]);

/** Starts a proxy on 127.0.0.1 (a port of the system's choosing) in front of `upstream`. */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const requests: ProxiedRequest[] = [];

  const server: Server = createServer((req, res) => {
    const fault = readFault(req.headers[FAULT_HEADER]);
    const sent = header(req.headers['last-event-id']);
    const forwarded = rewound(sent, fault.rewind);
    const log: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      fault,
      lastEventId: { sent, forwarded },
      status: null,
      bytes: 0,
    };
    requests.push(log);

    if (fault.kind === 'answer') {
      req.resume();
      log.status = fault.status;
      const body = JSON.stringify({ error: { code: 'injected', message: `Injected ${fault.status}.` } });
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(body);
      return;
    }

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'last-event-id') headers[name] = value;
    }
    if (forwarded !== null) headers['last-event-id'] = forwarded;
    headers.host = target.host;

    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        }
        log.status = answer.statusCode ?? 502;
        res.writeHead(log.status, out);
        res.flushHeaders();
        const limit = byteLimit(fault);
        let frames = 0;
        let previous = -1;
        let stalled = false;
        answer.on('data', (chunk: Buffer) => {
          if (stalled) return;
          let end = chunk.length;
          if (limit !== null) end = Math.min(end, Math.max(0, limit - log.bytes));
          if (fault.kind === 'cut-frames') {
            // An event ends at a blank line: two newlines in a row (the stream uses \n only).
            for (let i = 0; i < chunk.length; i++) {
              const byte = chunk[i]!;
              if (byte === 0x0a && previous === 0x0a) {
                frames++;
                if (frames === fault.afterFrames) {
                  end = i + 1;
                  break;
                }
              }
              previous = byte;
            }
            if (frames < fault.afterFrames) end = chunk.length;
          }
          if (end > 0) {
            res.write(chunk.subarray(0, end));
            log.bytes += end;
          }
          const reached =
            (limit !== null && log.bytes >= limit) ||
            (fault.kind === 'cut-frames' && frames >= fault.afterFrames);
          if (!reached) return;
          if (fault.kind === 'stall') {
            stalled = true;
            answer.pause();
            return;
          }
          // Dropped: no end of the chunked body, so the client sees a broken connection.
          res.destroy();
          answer.destroy();
        });
        answer.on('end', () => {
          if (!stalled && !res.destroyed) res.end();
        });
        answer.on('error', () => res.destroy());
      },
    );
    outgoing.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"The proxy could not reach the backend."}}');
      } else res.destroy();
    });
    // The client went away (a drop, an idle timeout): so does the backend's connection.
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readFault(value: string | string[] | undefined): Fault {
  const text = header(value);
  return text === null ? { kind: 'pass' } : (JSON.parse(text) as Fault);
}

function header(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

function rewound(sent: string | null, rewind: Fault['rewind']): string | null {
  if (sent === null || rewind === undefined) return sent;
  if (rewind === 'drop') return null;
  return String(Math.max(0, Number(sent) - rewind));
}

function byteLimit(fault: Fault): number | null {
  return fault.kind === 'cut' || fault.kind === 'stall' ? fault.afterBytes : null;
}
