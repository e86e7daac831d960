import { type HttpHandler, HttpResponse, http } from 'msw';
import {
  createMockBackend,
  type MockBackend,
  type MockBackendOptions,
  type MockRequest,
} from '../runs/mock-backend.js';
import type { RunSink } from '../runs/run.js';

/** Options of {@link createHandlers}. */
export interface MockHandlersOptions extends MockBackendOptions {
  /**
   * The origin the handlers answer for (`https://api.example.com`). Default: any origin, so the
   * same handlers serve `setupServer` in Node (absolute URLs) and `setupWorker` in a browser.
   */
  origin?: string;
}

/** The handlers, plus the backend behind them (its run registry and scenario library). */
export type MockHandlers = HttpHandler[] & { backend: MockBackend };

/**
 * MSW request handlers that replay scenarios, for `setupWorker` (browser, Storybook, demo) and
 * `setupServer` (Node tests):
 *
 * - `POST <base>` with `{ "message", "scenario"? }` streams a run and names it in `X-Run-Id`;
 * - `GET <base>/<runId>` with `Last-Event-ID` re-attaches to that run; `DELETE` cancels it;
 * - `GET <base>?scenario=…&message=…` streams directly (for `EventSource`), resuming after
 *   `Last-Event-ID`.
 *
 * Aborting a request detaches it from its run (or cancels the run with `resume: false`): no
 * more is written to it.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createHandlers } from '@toolstream/mock';
 * const server = setupServer(...createHandlers({ speed: 10 }));
 * ```
 */
export function createHandlers(options: MockHandlersOptions = {}): MockHandlers {
  const backend = createMockBackend(options);
  const prefix = options.origin?.replace(/\/+$/, '') ?? '*';
  const resolver = async ({ request }: { request: Request }) => respond(backend, request);
  const handlers = [
    http.all(`${prefix}${backend.basePath}`, resolver),
    http.all(`${prefix}${backend.basePath}/:runId`, resolver),
  ];
  return Object.assign(handlers, { backend });
}

async function respond(backend: MockBackend, request: Request): Promise<Response> {
  const mockRequest: MockRequest = {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    text: () => request.text(),
    signal: request.signal,
  };
  const answer = await backend.handle(mockRequest);
  if (answer.kind === 'plain') {
    return new HttpResponse(answer.body === '' ? null : answer.body, {
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
        // MSW does not tie a mocked body to the request's signal (and tees it, so a reader's
        // cancel never reaches us): error the body and leave the run, as a closed socket would.
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
  return new HttpResponse(body, { status: answer.status, headers: answer.headers });
}
