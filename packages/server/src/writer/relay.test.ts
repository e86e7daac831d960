import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { cancel, deferred, parseSse, post, type ReadEvent } from '../../test/sse.js';
import { createRunHandler, type RunHandler, type RunHandlerOptions } from '../handler/create-run-handler.js';
import type { FrameInput } from '../store/run-store.js';

const handlers: RunHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

function handler(start: RunHandlerOptions['start'], limits?: RunHandlerOptions['limits']): RunHandler {
  const handle = createRunHandler({ start, ...(limits === undefined ? {} : { limits }) });
  handlers.push(handle);
  return handle;
}

/** What a run wrote, from its POST response: every event, the terminal one last. */
async function runOf(start: RunHandlerOptions['start']): Promise<ReadEvent[]> {
  return parseSse(await (await handler(start)(post())).text());
}

/** An event as the WHATWG event-stream format writes it: one `data:` line per line of data. */
function sseEvent(event: string | undefined, lines: string[], id: string): string {
  const head = event === undefined ? '' : `event: ${event}\n`;
  return `id: ${id}\n${head}${lines.map((line) => `data: ${line}\n`).join('')}\n`;
}

/**
 * `text` cut at `cuts`: as UTF-8 bytes cut anywhere (inside a character too), or as strings cut
 * between code points (a string cannot hold half a character).
 */
function pieces(text: string, cuts: number[], asBytes: boolean): (string | Uint8Array)[] {
  const units: (number | string)[] = asBytes ? [...new TextEncoder().encode(text)] : Array.from(text);
  const offsets = [...new Set(cuts.map((cut) => cut % (units.length + 1))), units.length].sort(
    (a, b) => a - b,
  );
  const out: (string | Uint8Array)[] = [];
  let from = 0;
  for (const to of offsets) {
    if (to === from) continue;
    const piece = units.slice(from, to);
    out.push(asBytes ? new Uint8Array(piece as number[]) : (piece as string[]).join(''));
    from = to;
  }
  return out;
}

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/**
 * A source that gives `first`, then waits forever for the provider; `cancelled` resolves when the
 * relay lets go of it: a `ReadableStream` cancelled, or an async iterator's `return()` called.
 */
function openSource(first: string, kind: 'stream' | 'iterator') {
  const cancelled = deferred<void>();
  if (kind === 'stream') {
    const stream = new ReadableStream<string>({
      start(controller) {
        controller.enqueue(first);
      },
      cancel() {
        cancelled.resolve();
      },
    });
    return { source: stream, cancelled: cancelled.promise };
  }
  let given = false;
  const iterator: AsyncIterator<string> = {
    next: () => {
      if (given) return new Promise<never>(() => {});
      given = true;
      return Promise.resolve({ done: false, value: first });
    },
    return: () => {
      cancelled.resolve();
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { source: { [Symbol.asyncIterator]: () => iterator }, cancelled: cancelled.promise };
}

const dataLine = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((line) => !/[\r\n]/.test(line));

describe('writer.relay', () => {
  it('stores every event of an SSE byte stream, however it is cut, under the run’s own ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            event: fc.constantFrom(undefined, 'message', 'ping', 'tool_status'),
            lines: fc.array(dataLine, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.boolean(),
        async (events, cuts, asBytes) => {
          // The source's own ids must not leak: they count down, the run's count up.
          const text = events.map((event, i) => sseEvent(event.event, event.lines, String(900 - i))).join('');
          const written = await runOf(({ writer }) => writer.relay(each(pieces(text, cuts, asBytes))));
          expect(written.slice(0, -1)).toEqual(
            events.map((event, i) => ({
              id: String(i + 1),
              // `message` is the default type (WHATWG HTML §9.2.6): stored without a name.
              event: event.event === 'message' ? undefined : event.event,
              data: event.lines.join('\n'),
            })),
          );
          expect(written.at(-1)).toMatchObject({ id: String(events.length + 1), event: 'done' });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads NDJSON one frame per line, and frames as they are', async () => {
    const ndjson = await runOf(({ writer }) =>
      writer.relay(each(['{"message":"a"}\n{"mess', 'age":"b"}\r\n\n{"message":"c"}'])),
    );
    expect(ndjson.map((event) => event.data)).toEqual([
      '{"message":"a"}',
      '{"message":"b"}',
      '{"message":"c"}',
      expect.any(String),
    ]);

    const frames: FrameInput[] = [{ data: '{"message":"x"}' }, { event: 'ping', data: '{}' }];
    const relayed = await runOf(({ writer }) => writer.relay(each(frames)));
    expect(relayed.slice(0, -1)).toEqual([
      { id: '1', event: undefined, data: '{"message":"x"}' },
      { id: '2', event: 'ping', data: '{}' },
    ]);
  });

  it('an error event in the source ends the run failed with it', async () => {
    const written = await runOf(({ writer }) =>
      writer.relay(
        each([
          sseEvent(undefined, ['{"message":"hi"}'], '1'),
          sseEvent('error', ['{"message":"overloaded"}'], '2'),
        ]),
      ),
    );
    expect(written.map((event) => [event.event, event.data])).toEqual([
      [undefined, '{"message":"hi"}'],
      ['error', '{"message":"overloaded"}'],
    ]);
  });

  for (const kind of ['stream', 'iterator'] as const) {
    it(`stops reading and cancels the source at once when the run is cancelled (${kind === 'stream' ? 'a ReadableStream' : 'an async iterator'} waiting for its provider)`, async () => {
      const { source, cancelled } = openSource(sseEvent(undefined, ['{"message":"first"}'], '1'), kind);
      const relayed = deferred<unknown>();
      const handle = handler(async ({ writer }) => {
        relayed.resolve(
          await writer.relay(source).then(
            () => 'returned',
            (error: unknown) => error,
          ),
        );
      });
      const response = await handle(post());
      const runId = response.headers.get('x-run-id')!;
      const body = response.text();
      expect((await handle(cancel(runId))).status).toBe(204);
      expect(await relayed.promise).toBe('returned');
      await cancelled; // the test times out if the source is never cancelled
      const written = parseSse(await body);
      expect(written.map((event) => event.event ?? event.data)).toEqual(['{"message":"first"}', 'error']);
      expect(JSON.parse(written[1]!.data)).toMatchObject({ code: 'run-cancelled' });
    });
  }

  it('counts a frame’s UTF-8 bytes against maxFrameBytes, whatever its characters', async () => {
    const outcome = async (limit: number, data: string) => {
      const result = deferred<string>();
      const handle = handler(
        ({ writer }) => {
          try {
            writer.frame({ data });
            result.resolve('kept');
          } catch (error) {
            result.resolve(error instanceof RangeError ? 'refused' : String(error));
          }
        },
        { maxFrameBytes: limit },
      );
      await (await handle(post())).text();
      return result.promise;
    };
    // 東 is 3 bytes in one UTF-16 unit; 😀 is 4 bytes in two; a lone surrogate is written as U+FFFD, 3 bytes.
    expect(await outcome(6, '東東')).toBe('kept');
    expect(await outcome(8, '東東東')).toBe('refused');
    expect(await outcome(9, '😀😀')).toBe('kept');
    expect(await outcome(7, '😀😀')).toBe('refused');
    expect(await outcome(9, 'a'.repeat(10))).toBe('refused');
    expect(await outcome(3, '\ud800')).toBe('kept');
    expect(await outcome(2, '\ud800')).toBe('refused');
  });
});
