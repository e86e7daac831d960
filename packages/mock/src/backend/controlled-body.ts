import type { ConnectionFaults } from './faults.js';

/** A response body whose connection the mock can break. */
export interface ControlledBody {
  stream: ReadableStream<Uint8Array>;
  /**
   * Drops the connection as a dying server would: once the frame with SSE id `afterId` (a run's
   * sequence number) has reached the client — at once if it already has, or when no id is given.
   */
  drop(afterId?: number): void;
  /** Resolves when the body ended, however (the client left, it closed, it dropped). */
  closed: Promise<void>;
}

const dropError = () => new TypeError('toolstream mock: the connection was dropped');

/**
 * Wraps an event-stream body so a test can break its connection (through `breakConnection` when
 * the host can break it without losing bytes already written, else by erroring the body): `drop-after:N` drops it after N
 * frames, `stall-after:N` sends N frames and then nothing (the connection stays open, as a hung
 * server's does), and {@link ControlledBody.drop} drops it when a scenario says so. Frames are
 * counted whole (events with data; comments and `retry:` do not count), so a drop never cuts one.
 *
 * It hands on bytes only when the client asks for more (a high-water mark of 0), so a drop
 * never throws away bytes sent before it: a real server's bytes written before its connection
 * broke do arrive.
 */
export function controlledBody(
  source: ReadableStream<Uint8Array>,
  faults: ConnectionFaults,
  breakConnection?: () => void,
): ControlledBody {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let frames = 0;
  let lastId = 0;
  let dropAt: number | null = null;
  let dropping = faults.dropAfter === 0;
  let stalled = false;
  let finished = false;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const finish = () => {
    if (finished) return;
    finished = true;
    reader.cancel().catch(() => {});
    resolveClosed();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          if (dropping) {
            finish();
            if (breakConnection === undefined) {
              controller.error(dropError());
              return;
            }
            // The host breaks the connection itself, after the bytes it holds are sent (an errored
            // body would make a Node adapter destroy the socket and lose them).
            breakConnection();
            return new Promise<void>(() => {});
          }
          if (stalled) {
            // Silent from now on; the source is released, the client times out.
            reader.cancel().catch(() => {});
            return new Promise<void>(() => {});
          }
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            result = await reader.read();
          } catch (error) {
            finish();
            controller.error(error);
            return;
          }
          if (dropping) continue;
          if (result.done) {
            if (pending !== '') controller.enqueue(encoder.encode(pending));
            pending = '';
            finish();
            controller.close();
            return;
          }
          pending += decoder.decode(result.value, { stream: true });
          let out = '';
          for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
            const event = pending.slice(0, end + 2);
            const isFrame = /(^|\n)data:/.test(event);
            if (isFrame && faults.stallAfter !== undefined && frames >= faults.stallAfter) {
              stalled = true;
              break;
            }
            pending = pending.slice(end + 2);
            out += event;
            if (isFrame) {
              frames++;
              const id = /(?:^|\n)id: ?(\d+)\n/.exec(event);
              if (id !== null) lastId = Number(id[1]);
              if (
                (faults.dropAfter !== undefined && frames >= faults.dropAfter) ||
                (dropAt !== null && lastId >= dropAt)
              ) {
                dropping = true;
                break;
              }
            }
          }
          if (out !== '') {
            controller.enqueue(encoder.encode(out));
            return;
          }
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );

  return {
    stream,
    drop(afterId) {
      if (finished) return;
      if (afterId !== undefined && lastId < afterId) {
        dropAt = afterId;
        return;
      }
      dropping = true;
      // A read waiting for the next frame returns at once, and the body errors.
      reader.cancel().catch(() => {});
    },
    closed,
  };
}
