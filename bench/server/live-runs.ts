import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from 'srvx/node';
import { createRunHandler } from '../../packages/server/src/handler/create-run-handler.js';
import type { FrameInput, RunStore } from '../../packages/server/src/store/run-store.js';
import type { Random } from '../prng.js';
import type { ResumableInstance } from './resumable-stream.js';

/**
 * Live runs behind a real HTTP server (Node `http` through srvx, on 127.0.0.1): each run writes
 * `prefill` frames at once, then one frame every `intervalMs` until the end of the benchmark.
 * A contender starts them with `POST`s (the client leaves after the headers, the run goes on) and
 * says how to re-attach to one after a given frame.
 */
export interface LiveRuns {
  /** Starts `count` runs; resolves when each has written its first `prefill` frames. */
  start(count: number): Promise<void>;
  /** The request that re-attaches to a random live run after its `after`-th frame (`after` < prefill). */
  reattach(random: Random, after: number): { url: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Where contenders report what went wrong (counted and printed under the tables). */
export interface Problems {
  report(what: string): void;
}

export interface LiveOptions {
  frames: readonly FrameInput[];
  chunks: readonly string[];
  prefill: number;
  intervalMs: number;
}

/**
 * Pauses that `stop()` cuts short, all at once. (Not an `AbortSignal` with one listener per pause:
 * with a thousand runs waiting, adding a listener walks a thousand others.)
 */
function pauses() {
  const waiting = new Set<() => void>();
  let stopped = false;
  return {
    get stopped() {
      return stopped;
    },
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiting.add(done);
      }),
    stop() {
      stopped = true;
      for (const done of [...waiting]) done();
    },
  };
}

async function listen(
  handler: (request: Request) => Promise<Response>,
): Promise<{ server: Server; origin: string }> {
  // srvx types its handler for node:http and node:http2 at once; this server is node:http.
  const server = createServer(toNodeHandler(handler) as RequestListener);
  // Longer than any pause between requests, so the client never reuses a connection the server is closing.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Starts `count` runs with `POST`s, 50 at a time, leaving each response after its headers. */
async function startAll(count: number, post: (i: number) => Promise<Response>): Promise<Response[]> {
  const responses: Response[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) =>
        post(i + j).then(async (response) => {
          if (response.status !== 200) throw new Error(`POST answered ${response.status}`);
          await response.body?.cancel();
          return response;
        }),
      ),
    );
    responses.push(...batch);
  }
  return responses;
}

/** toolstream: `createRunHandler` on `store`, the runs written with the writer. */
export async function toolstreamLiveRuns(
  store: RunStore,
  options: LiveOptions,
  problems: Problems,
): Promise<LiveRuns> {
  const { frames, prefill, intervalMs } = options;
  const stopping = pauses();
  let prefilled = 0;
  let allPrefilled: () => void = () => {};
  const handler = createRunHandler({
    store,
    heartbeatMs: 60_000,
    logger: (event) => {
      if (event.type === 'error') problems.report(`handler: ${event.detail}`);
    },
    async start({ writer, signal }) {
      for (let i = 0; i < prefill; i++) writer.frame(frames[i % frames.length]!);
      await writer.flush();
      if (++prefilled === target) allPrefilled();
      for (let i = prefill; !signal.aborted && !stopping.stopped; i++) {
        await stopping.pause(intervalMs * (0.5 + Math.random()));
        writer.frame(frames[i % frames.length]!);
      }
    },
  });
  const { server, origin } = await listen(handler);
  const endpoint = `${origin}/api/chat/stream`;
  const runIds: string[] = [];
  let target = 0;
  return {
    async start(count) {
      target = count;
      if (count === 0) return;
      const ready = new Promise<void>((resolve) => {
        allPrefilled = resolve;
      });
      const responses = await startAll(count, () =>
        fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"message":"bench"}',
        }),
      );
      for (const response of responses) runIds.push(response.headers.get('x-run-id')!);
      await ready;
    },
    reattach(random, after) {
      return {
        url: `${endpoint}/${random.pick(runIds)}`,
        headers: { accept: 'text/event-stream', 'last-event-id': String(after) },
      };
    },
    async close() {
      stopping.stop();
      await handler.close();
      await shut(server);
    },
  };
}

/**
 * resumable-stream: `POST /<id>` makes a new resumable stream on the producing instance; `GET /<id>?skip=<chars>`
 * resumes it on another (its own Redis connections), skipping the characters the client has —
 * the package's way of saying where to resume.
 */
export async function resumableLiveRuns(
  producer: ResumableInstance,
  resumer: ResumableInstance,
  options: LiveOptions,
): Promise<LiveRuns> {
  const { chunks, prefill, intervalMs } = options;
  const stopping = pauses();
  // Characters before chunk i, to resume after it.
  const offsets = [0];
  for (const chunk of chunks) offsets.push(offsets.at(-1)! + chunk.length);
  let prefilled = 0;
  let target = 0;
  let allPrefilled: () => void = () => {};
  let closed = 0;
  const source = () => {
    let i = 0;
    return new ReadableStream<string>({
      async pull(controller) {
        if (stopping.stopped) {
          controller.close();
          closed++;
          return;
        }
        if (i >= prefill) await stopping.pause(intervalMs * (0.5 + Math.random()));
        controller.enqueue(chunks[i % chunks.length]!);
        i++;
        if (i === prefill && ++prefilled === target) allPrefilled();
      },
    });
  };
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const id = url.pathname.slice(1);
    const headers = { 'content-type': 'text/event-stream' };
    if (request.method === 'POST') {
      const stream = await producer.context.createNewResumableStream(id, source);
      return new Response(stream!.pipeThrough(new TextEncoderStream()), { headers });
    }
    const skip = Number(url.searchParams.get('skip') ?? 0);
    try {
      const stream = await resumer.context.resumeExistingStream(id, skip);
      if (stream === null || stream === undefined) return new Response('gone', { status: 422 });
      return new Response(stream.pipeThrough(new TextEncoderStream()), { headers });
    } catch (error) {
      // Its resume rejects when the producer's answer takes over a second ("Timeout waiting for ack").
      return new Response(String(error), { status: 503 });
    }
  };
  const { server, origin } = await listen(handler);
  const ids: string[] = [];
  return {
    async start(count) {
      target = count;
      if (count === 0) return;
      const ready = new Promise<void>((resolve) => {
        allPrefilled = resolve;
      });
      for (let i = 0; i < count; i++) ids.push(`live-${i}-${Math.random().toString(36).slice(2)}`);
      await startAll(count, (i) => fetch(`${origin}/${ids[i]}`, { method: 'POST' }));
      await ready;
    },
    reattach(random, after) {
      return {
        url: `${origin}/${random.pick(ids)}?skip=${offsets[after]}`,
        headers: { accept: 'text/event-stream' },
      };
    },
    async close() {
      stopping.stop();
      await shut(server);
      // Each producer marks its stream done in Redis after its source closed: let them finish
      // (for at most 10 s: a producer whose body nobody reads may never pull again).
      const deadline = Date.now() + 10_000;
      while (closed < target && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 2000));
    },
  };
}

/**
 * The floor: the same server (Node http + srvx) answering each `GET` at once with the frame it
 * asks for, from memory, in a stream that stays open as a run's does (so the client leaves it the
 * same way, and the next request needs a new connection): no run, no store. What is left of a
 * re-attach's time is HTTP, web streams and the client.
 */
export async function floorLiveRuns(options: LiveOptions): Promise<LiveRuns> {
  const { chunks } = options;
  const encoder = new TextEncoder();
  const { server, origin } = await listen(async (request) => {
    const after = Number(request.headers.get('last-event-id') ?? 0);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(chunks[after]));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    async start() {},
    reattach(_random, after) {
      return {
        url: `${origin}/run`,
        headers: { accept: 'text/event-stream', 'last-event-id': String(after) },
      };
    },
    close: () => shut(server),
  };
}
