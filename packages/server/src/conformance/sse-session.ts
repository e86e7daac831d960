import { createFrameDecoder } from '@toolstream/core/adapters';

/** One HTTP request the suite sends. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  /** JSON text, for POST. */
  body?: string;
}

/** One SSE event, with the three fields the suite compares. */
export interface SseEvent {
  /** The event's own `id:` field; `undefined` when it had none. */
  id: string | undefined;
  /** The `event:` field; `undefined` means the default (`message`). */
  event: string | undefined;
  data: string;
}

/**
 * Why reading stopped: the body ended (`end`), the suite cut the connection (`cut`), the
 * deadline passed (`timeout`), or the connection failed (`error`, also when none could be made).
 */
export type StreamEnding = 'end' | 'cut' | 'timeout' | 'error';

/** Everything one request brought back. */
export interface StreamRecording {
  request: RequestSpec;
  /** The answer's status and headers; `null` when none came (no connection, or the deadline). */
  head: { status: number; headers: Headers } | null;
  events: SseEvent[];
  /** The body's bytes as they came, for `reduceStream` and for quoting a body that is not a stream. */
  chunks: Uint8Array[];
  ending: StreamEnding;
  /** What failed, for `error`. */
  failure: string | null;
  /** Milliseconds from sending the request to the end of reading. */
  elapsedMs: number;
  /** When reading stopped (`performance.now()`). */
  endedAt: number;
}

/** A request whose answer is being read. */
export interface SseSession {
  readonly request: RequestSpec;
  /** The answer's head once it arrived; `null` when none came. */
  readonly head: Promise<StreamRecording['head']>;
  /** The events read so far. */
  readonly events: readonly SseEvent[];
  /** Whether reading has stopped. */
  readonly ended: boolean;
  /** Resolves once reading stopped. Never rejects. */
  readonly done: Promise<StreamRecording>;
  /** Moves the deadline to `ms` from now (a stream that must now end soon). */
  endWithin(ms: number): void;
  /** Closes the connection, as a client that goes away does. */
  cut(): void;
}

/** Options of {@link openSession}. */
export interface SessionOptions {
  fetch: typeof fetch;
  /** Reading stops (`timeout`) this long after the request was sent. */
  deadlineMs: number;
  /** Closes the connection after this many events (`cut`); later events of the same read are not kept. */
  cutAfterEvents?: number;
}

type Stop = 'cut' | 'timeout';
type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown } | { stop: Stop };

/**
 * Sends `request` and reads its answer as Server-Sent Events with the core's frame decoder,
 * keeping the events and the bytes. Every wait — the answer's head and each read of the body —
 * is raced against the deadline, so a backend that never answers, or never ends its stream,
 * cannot hang the suite; the deadline also holds when the `fetch` given ignores abort signals.
 */
export function openSession(request: RequestSpec, options: SessionOptions): SseSession {
  const started = performance.now();
  const controller = new AbortController();
  const events: SseEvent[] = [];
  const chunks: Uint8Array[] = [];
  let stopped: Stop | null = null;
  // One resolver per pending wait (a shared promise raced on every read would pile up reactions).
  let wake: ((stop: { stop: Stop }) => void) | null = null;
  let ended = false;

  const stop = (reason: Stop) => {
    if (stopped !== null || ended) return;
    stopped = reason;
    wake?.({ stop: reason });
    controller.abort();
  };
  let timer = setTimeout(() => stop('timeout'), options.deadlineMs);

  const settle = <T>(promise: Promise<T>): Promise<Settled<T>> => {
    if (stopped !== null) return Promise.resolve({ stop: stopped });
    return new Promise((resolve) => {
      wake = resolve;
      promise.then(
        (value) => resolve({ ok: true, value }),
        (error: unknown) => resolve({ ok: false, error }),
      );
    });
  };

  const cutAfter = options.cutAfterEvents;
  const decoder = createFrameDecoder(
    {
      onFrame(frame) {
        if (cutAfter !== undefined && events.length >= cutAfter) return;
        events.push({ id: frame.id, event: frame.event, data: frame.data });
        if (cutAfter !== undefined && events.length >= cutAfter) stop('cut');
      },
    },
    'sse',
  );

  let announceHead: (head: StreamRecording['head']) => void = () => {};
  const head = new Promise<StreamRecording['head']>((resolve) => {
    announceHead = resolve;
  });

  const read = async (): Promise<StreamRecording> => {
    const finish = (
      ending: StreamEnding,
      failure: string | null,
      answer: StreamRecording['head'],
    ): StreamRecording => {
      ended = true;
      clearTimeout(timer);
      announceHead(answer);
      return {
        request,
        head: answer,
        events,
        chunks,
        ending,
        failure,
        elapsedMs: Math.round(performance.now() - started),
        endedAt: performance.now(),
      };
    };

    const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal };
    if (request.body !== undefined) init.body = request.body;
    let fetched: Promise<Response>;
    try {
      fetched = Promise.resolve(options.fetch(request.url, init));
    } catch (error) {
      fetched = Promise.reject(error);
    }
    const response = await settle(fetched);
    if ('stop' in response) return finish(response.stop, null, null);
    if (!response.ok) return finish('error', describeFailure(response.error), null);

    const answer = { status: response.value.status, headers: response.value.headers };
    announceHead(answer);
    const body = response.value.body;
    if (body === null) return finish('end', null, answer);
    const reader = body.getReader();
    for (;;) {
      const result = await settle(reader.read());
      if ('stop' in result) {
        reader.cancel().catch(() => {});
        return finish(result.stop, null, answer);
      }
      if (!result.ok) return finish('error', describeFailure(result.error), answer);
      if (result.value.done) {
        decoder.end();
        return finish('end', null, answer);
      }
      chunks.push(result.value.value);
      decoder.feed(result.value.value);
      // A cut inside this chunk: the bytes after the cut event are dropped with the connection.
      if (stopped !== null) {
        reader.cancel().catch(() => {});
        return finish(stopped, null, answer);
      }
    }
  };

  const done = read();
  return {
    request,
    head,
    events,
    get ended() {
      return ended;
    },
    done,
    endWithin(ms) {
      if (ended || stopped !== null) return;
      clearTimeout(timer);
      timer = setTimeout(() => stop('timeout'), ms);
    },
    cut: () => stop('cut'),
  };
}

/** The text of a recorded body (the start of it, for quoting). */
export function bodyText(recording: StreamRecording, maxChars = 300): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of recording.chunks) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > maxChars) break;
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** `fetch failed (ECONNREFUSED)`: the error and, for Node's fetch, its cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const detail =
    typeof code === 'string' ? code : cause instanceof Error && cause.message !== '' ? cause.message : null;
  return detail === null ? error.message : `${error.message} (${detail})`;
}
