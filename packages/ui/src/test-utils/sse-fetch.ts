/** A request the fake server received. */
export interface SseRequest {
  url: string;
  method: string;
  body: unknown;
  signal: AbortSignal | null;
}

/**
 * A `fetch` that answers every POST with the given SSE events (one `data:` each) and records
 * the requests — a server without a network, for tests and stories of `send`, `stop` and retry.
 * `delayMs` spaces the events out; `fail` answers with an HTTP error instead.
 */
export function sseFetch(
  events: readonly unknown[] | ((body: unknown, attempt: number) => readonly unknown[]),
  options: {
    delayMs?: number;
    fail?: (attempt: number) => { status: number; body: string } | null;
    /** End each stream with the primary protocol's end signal (`event: done`). */
    done?: boolean;
  } = {},
): typeof fetch & { requests: SseRequest[] } {
  const requests: SseRequest[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    requests.push({ url, method, body, signal: init?.signal ?? null });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    const attempt = requests.filter((r) => r.method !== 'DELETE').length;
    const failure = options.fail?.(attempt) ?? null;
    if (failure !== null) {
      return new Response(failure.body, {
        status: failure.status,
        headers: { 'content-type': 'text/plain' },
      });
    }
    const list = typeof events === 'function' ? events(body, attempt) : events;
    const encoder = new TextEncoder();
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const event of list) {
          if (signal?.aborted) return;
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          if (signal?.aborted) return;
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        }
        if (options.done && !signal?.aborted) controller.enqueue(encoder.encode('event: done\ndata: \n\n'));
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return Object.assign(fake as typeof fetch, { requests });
}
