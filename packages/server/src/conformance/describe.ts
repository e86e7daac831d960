import { bodyText, type RequestSpec, type SseEvent, type StreamRecording } from './sse-session.js';

/** What to do when a check needs a run that lasts longer than the backend's answer to the message. */
export const LONGER_RUN_HINT =
  'Start a longer run: a message that makes your agent work for a few seconds (message or body, --message or --body).';

/** Headers worth naming when a request is described (the others are the same on every request). */
const NAMED_HEADERS: readonly (readonly [name: string, shown: string])[] = [
  ['last-event-id', 'Last-Event-ID'],
  ['origin', 'Origin'],
  ['access-control-request-method', 'Access-Control-Request-Method'],
  ['access-control-request-headers', 'Access-Control-Request-Headers'],
];

/** `GET http://…/api/chat/run_1 (Last-Event-ID: 3)`, or a POST with the start of its body. */
export function describeRequest(request: RequestSpec): string {
  const named = NAMED_HEADERS.filter(([name]) => request.headers[name] !== undefined).map(
    ([name, shown]) => `${shown}: ${request.headers[name]}`,
  );
  const body = request.body === undefined ? '' : ` ${clip(request.body, 120)}`;
  return `${request.method} ${request.url}${body}${named.length === 0 ? '' : ` (${named.join(', ')})`}`;
}

/**
 * What came back, in a phrase: `answered 404 application/json: {"error":…}`, `answered 200
 * text/event-stream: 12 events (ids 1, 2, …, 12), then the body ended`, `got no answer within
 * 10000 ms`, `could not be sent: fetch failed (ECONNREFUSED)`.
 */
export function describeAnswer(recording: StreamRecording): string {
  const { head } = recording;
  if (head === null) {
    return recording.ending === 'timeout'
      ? `got no answer within ${recording.elapsedMs} ms`
      : `got no answer: ${recording.failure ?? 'the connection failed'}`;
  }
  const type = head.headers.get('content-type');
  const start = `answered ${head.status}${type === null ? '' : ` ${type}`}`;
  if (!isEventStream(recording)) {
    const text = oneLine(bodyText(recording, 160)).trim();
    return text === '' ? start : `${start}: ${text}`;
  }
  const count = recording.events.length;
  const events = `${count} event${count === 1 ? '' : 's'}${count === 0 ? '' : ` (ids ${idList(recording.events)})`}`;
  return `${start}: ${events}, ${describeEnding(recording)}`;
}

/** `then the body ended`, `then nothing more for 2000 ms`… */
export function describeEnding(recording: StreamRecording): string {
  switch (recording.ending) {
    case 'end':
      return 'then the body ended';
    case 'cut':
      return 'then the suite closed the connection';
    case 'timeout':
      return `and the stream was still open after ${recording.elapsedMs} ms`;
    case 'error':
      return `then the connection failed: ${recording.failure ?? 'unknown error'}`;
  }
}

/** Whether the answer is a 2xx event stream. */
export function isEventStream(recording: StreamRecording): boolean {
  const head = recording.head;
  if (head === null || head.status < 200 || head.status > 299) return false;
  return mediaType(head.headers.get('content-type')) === 'text/event-stream';
}

/** `text/event-stream` from `Text/Event-Stream; charset=utf-8`. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The ids of some events, shortened in the middle: `1, 2, 3, …, 33, 34` (`-` for an event without one). */
export function idList(events: readonly SseEvent[], max = 8): string {
  const ids = events.map((event) => event.id ?? '-');
  if (ids.length <= max) return ids.join(', ');
  const head = Math.ceil((max - 1) / 2);
  return [...ids.slice(0, head), '…', ...ids.slice(ids.length - (max - 1 - head))].join(', ');
}

/** `id 4 (data {"message":"Hello",…)`, `id 9 (event done, empty data)`. */
export function describeEvent(event: SseEvent): string {
  const name = event.event === undefined ? '' : `event ${event.event}, `;
  const data = event.data === '' ? 'empty data' : `data ${clip(oneLine(event.data), 60)}`;
  return `${event.id === undefined ? 'an event without id' : `id ${event.id}`} (${name}${data})`;
}

/** Whether two events have the same id, name and data. */
export function sameEvent(a: SseEvent, b: SseEvent): boolean {
  return a.id === b.id && (a.event ?? 'message') === (b.event ?? 'message') && a.data === b.data;
}

/**
 * The first difference between the events expected and those received, in a sentence, or `null`
 * when they are the same. `before`: the events the client already had (an answer to a re-attach
 * should hold none of them).
 */
export function eventDifference(
  expected: readonly SseEvent[],
  got: readonly SseEvent[],
  before: readonly SseEvent[] = [],
): string | null {
  const shared = Math.min(expected.length, got.length);
  for (let i = 0; i < shared; i++) {
    const event = got[i]!;
    if (sameEvent(expected[i]!, event)) continue;
    const where = before.some((had) => sameEvent(had, event))
      ? ', which the client already had (a duplicate)'
      : expected.slice(0, i).some((earlier) => sameEvent(earlier, event))
        ? ', which came earlier (a duplicate)'
        : expected.slice(i + 1).some((later) => sameEvent(later, event))
          ? `, which belongs later (a gap: ${describeEvent(expected[i]!)} is missing)`
          : '';
    return `event ${i + 1} is ${describeEvent(event)}${where}; expected ${describeEvent(expected[i]!)}`;
  }
  if (got.length < expected.length) {
    const missing = expected.slice(got.length);
    return `${missing.length} event${missing.length === 1 ? ' is' : 's are'} missing at the end: ids ${idList(missing)}`;
  }
  if (got.length > expected.length) {
    const extra = got.slice(expected.length);
    return `${extra.length} event${extra.length === 1 ? '' : 's'} too many at the end: ${describeEvent(extra[0]!)}${extra.length > 1 ? '…' : ''}`;
  }
  return null;
}

/** Text on one line: line breaks shown as `⏎`. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '⏎');
}

/** A text cut to `max` characters. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
