import { describe, expect, it } from 'vitest';
import { openSession, type RequestSpec } from './sse-session.js';

const request: RequestSpec = { method: 'GET', url: 'http://backend.test/api/chat/run_1', headers: {} };
const encoder = new TextEncoder();

/** A fetch answering `chunks` as an event stream, then staying open when `endless`, and ignoring every abort signal. */
function fetchOf(chunks: string[], options: { endless?: boolean } = {}): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
          if (!options.endless) controller.close();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
}

describe('openSession', () => {
  it('keeps every event with its own id, name and data, and the bytes as they came', async () => {
    const text =
      'id: 1\ndata: {"message":"a"}\n\n: keep-alive\n\nid: 2\nevent: done\ndata:\n\ndata: no id\n\n';
    const pieces = [text.slice(0, 7), text.slice(7, 40), text.slice(40)];
    const recording = await openSession(request, { fetch: fetchOf(pieces), deadlineMs: 1_000 }).done;
    expect(recording.ending).toBe('end');
    expect(recording.head?.status).toBe(200);
    expect(recording.events).toEqual([
      { id: '1', event: undefined, data: '{"message":"a"}' },
      { id: '2', event: 'done', data: '' },
      // An id is the event's own field: it does not carry over to the next event.
      { id: undefined, event: undefined, data: 'no id' },
    ]);
    expect(new TextDecoder().decode(Buffer.concat(recording.chunks))).toBe(text);
  });

  it('stops at the deadline when no answer comes, even from a fetch that ignores its signal', async () => {
    const never: typeof fetch = () => new Promise<Response>(() => {});
    const started = performance.now();
    const recording = await openSession(request, { fetch: never, deadlineMs: 150 }).done;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(recording).toMatchObject({ head: null, ending: 'timeout', events: [] });
  });

  it('stops at the deadline when the stream stalls, keeping what came', async () => {
    const session = openSession(request, {
      fetch: fetchOf(['id: 1\ndata: a\n\n'], { endless: true }),
      deadlineMs: 150,
    });
    expect((await session.head)?.status).toBe(200);
    const recording = await session.done;
    expect(recording.ending).toBe('timeout');
    expect(recording.events.map((event) => event.id)).toEqual(['1']);
    expect(session.ended).toBe(true);
  });

  it('moves the deadline closer with endWithin', async () => {
    const session = openSession(request, { fetch: fetchOf([], { endless: true }), deadlineMs: 60_000 });
    await session.head;
    const started = performance.now();
    session.endWithin(100);
    expect((await session.done).ending).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('cuts after the given number of events, dropping the rest of the same read', async () => {
    const text = Array.from({ length: 6 }, (_, i) => `id: ${i + 1}\ndata: ${i + 1}\n\n`).join('');
    const recording = await openSession(request, {
      fetch: fetchOf([text], { endless: true }),
      deadlineMs: 1_000,
      cutAfterEvents: 3,
    }).done;
    expect(recording.ending).toBe('cut');
    expect(recording.events.map((event) => event.id)).toEqual(['1', '2', '3']);
  });

  it('reports a connection that cannot be made, with its cause', async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      });
    };
    const recording = await openSession(request, { fetch: refused, deadlineMs: 1_000 }).done;
    expect(recording).toMatchObject({ head: null, ending: 'error', failure: 'fetch failed (ECONNREFUSED)' });
  });
});
