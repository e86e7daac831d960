import {
  createMockBackend,
  type MockBackend,
  type MockBackendOptions,
  type MockRequest,
} from '../runs/mock-backend.js';
import type { RunSink } from '../runs/run.js';

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
  return Object.assign((request: Request) => respond(backend, request), { backend });
}

/** Answers `request` from `backend`: a plain response, or a streamed run tied to the request's signal. */
export async function respond(backend: MockBackend, request: Request): Promise<Response> {
  const mockRequest: MockRequest = {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    text: () => request.text(),
    signal: request.signal,
  };
  const answer = await backend.handle(mockRequest);
  if (answer.kind === 'plain') {
    return new Response(answer.body === '' ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  }
  const encoder = new TextEncoder();
  let detach: (() => void) | null = null;
  let open = true;
  // A drop must not throw away what was already sent (erroring a stream discards its queue, but
  // bytes a real server wrote before its connection broke do arrive): it waits until a reader
  // asks for more and nothing is left. With a high-water mark of 0, `pull` runs exactly then.
  let dropWhenAsked = false;
  let wakeReader: (() => void) | null = null;
  const dropError = () => new TypeError('toolstream mock: the connection was dropped');
  let streamController: ReadableStreamDefaultController<Uint8Array>;
  const fail = (reason: unknown) => {
    open = false;
    dropWhenAsked = false;
    wakeReader?.();
    wakeReader = null;
    streamController.error(reason);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        streamController = controller;
        const sink: RunSink = {
          write(text) {
            if (!open) return;
            controller.enqueue(encoder.encode(text));
            wakeReader?.();
            wakeReader = null;
          },
          end() {
            if (!open) return;
            open = false;
            controller.close();
            wakeReader?.();
            wakeReader = null;
          },
          drop() {
            if (!open) return;
            if (wakeReader !== null) fail(dropError());
            else {
              open = false;
              dropWhenAsked = true;
            }
          },
        };
        if (answer.preamble !== '') controller.enqueue(encoder.encode(answer.preamble));
        detach = answer.attach(sink);
        // A client going away shows as the request's signal (MSW, for one, does not tie a mocked
        // body to it, and tees the body, so a reader's cancel never reaches us): error the body
        // and leave the run, as a closed socket would.
        const onAbort = () => {
          if (open || dropWhenAsked) fail(request.signal.reason ?? new DOMException('Aborted', 'AbortError'));
          detach?.();
        };
        if (request.signal.aborted) onAbort();
        else request.signal.addEventListener('abort', onAbort, { once: true });
      },
      pull() {
        if (dropWhenAsked) {
          fail(dropError());
          return;
        }
        if (!open) return;
        return new Promise<void>((resolve) => {
          wakeReader = resolve;
        });
      },
      cancel() {
        open = false;
        dropWhenAsked = false;
        detach?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: answer.status, headers: answer.headers });
}
