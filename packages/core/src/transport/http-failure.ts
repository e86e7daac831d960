import { excerpt, TransportFailure } from '../errors.js';

/**
 * Content types a stream may come as: SSE, NDJSON (Ollama's native API), or the AWS event
 * stream (Bedrock's ConverseStream, read by the framing its adapter brings).
 */
const STREAM_TYPES = [
  'text/event-stream',
  'application/x-ndjson',
  'application/jsonl',
  'application/json-seq',
  'application/vnd.amazon.eventstream',
];

/** Whether a response's content type is one we can read as a stream. */
export function isStreamContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return STREAM_TYPES.includes(type);
}

/**
 * Turns a response that cannot be streamed into a failure carrying its status and the start
 * of its body: 429 is `rate-limited` (with `Retry-After`), 408 `timeout`, other 4xx are final,
 * 5xx may succeed later; a 2xx that is not a stream is `content-type`.
 */
export async function responseFailure(
  response: Response,
  now: number = Date.now(),
): Promise<TransportFailure> {
  const body = await readExcerpt(response);
  const status = response.status;
  if (response.ok) {
    const type = response.headers.get('content-type') ?? '(none)';
    return new TransportFailure({
      code: 'content-type',
      message: `Expected an event stream (text/event-stream) but the server answered ${status} with content type ${type}.`,
      retryable: false,
      fatal: true,
      status,
      body,
    });
  }
  const label = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
    return new TransportFailure({
      code: 'rate-limited',
      message: `The server is rate limiting requests (HTTP ${label}).`,
      retryable: true,
      fatal: true,
      status,
      body,
      ...(retryAfterMs === null ? {} : { retryAfterMs }),
    });
  }
  if (status === 408) {
    return new TransportFailure({
      code: 'timeout',
      message: `The server timed out waiting for the request (HTTP ${label}).`,
      retryable: true,
      fatal: true,
      status,
      body,
    });
  }
  return new TransportFailure({
    code: 'http',
    message: `The server answered HTTP ${label}${body ? `: ${excerpt(bodyMessage(body), 120)}` : '.'}`,
    retryable: status >= 500,
    fatal: true,
    status,
    body,
  });
}

/**
 * What a body says, for people: the `message` / `error.message` / `error` of a JSON body (APIs
 * answer errors that way), else the body text itself. The full excerpt stays in `body`.
 */
function bodyMessage(body: string): string {
  if (!body.startsWith('{')) return body;
  try {
    const json = JSON.parse(body) as { message?: unknown; error?: unknown; detail?: unknown };
    const error = json.error as { message?: unknown } | string | undefined;
    const candidates = [json.message, typeof error === 'object' ? error?.message : error, json.detail];
    const found = candidates.find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return found ?? body;
  } catch {
    return body; // an excerpt cut mid-JSON, or not JSON at all
  }
}

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date. `null` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The first characters of a body, without waiting for a huge or endless one. */
async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < 2000) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The body failed half way: what we have is still worth showing.
  } finally {
    reader.cancel().catch(() => {});
  }
  return excerpt(text.trim());
}
