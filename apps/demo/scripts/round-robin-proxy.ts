import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of several instances, and the requests it sent where. */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<method> <path> → <instance index>`, in order. */
  routed: string[];
  close(): Promise<void>;
}

/**
 * A load balancer on loopback that sends each request to the next instance in turn, as a
 * round-robin balancer in front of replicas does: a run `POST`ed to one instance is re-attached
 * and cancelled on another. Streams are piped as they come; a client that leaves closes the
 * request upstream.
 */
export async function startRoundRobinProxy(
  targets: readonly string[],
  /** Picks the instance for a request; default: the next one in turn. */
  choose?: (method: string, path: string) => number,
): Promise<RoundRobinProxy> {
  let next = 0;
  const routed: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const index = choose?.(incoming.method ?? 'GET', incoming.url ?? '/') ?? next++ % targets.length;
    const target = new URL(incoming.url ?? '/', targets[index]);
    routed.push(`${incoming.method} ${target.pathname} → ${index}`);
    const upstream = forward(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        // A broken upstream connection breaks the client's too (a scripted drop stays a drop).
        answer.on('error', () => outgoing.destroy());
        answer.on('aborted', () => outgoing.destroy());
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.timeout = 0;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
