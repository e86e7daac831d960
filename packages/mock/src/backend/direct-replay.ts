import type { Scenario } from '../scenario/format.js';
import type { Clock } from './clock.js';
import { playScenario } from './scenario-player.js';
import { encodeFrame } from './sse-encode.js';

/**
 * A direct `GET <base>?scenario=…` (EventSource style): the scenario replayed to this one
 * connection, from after `Last-Event-ID` — no run, nothing kept; closing the connection stops it.
 * A scripted disconnect breaks the connection (`onDisconnect`).
 */
export function directReplay(
  scenario: Scenario,
  options: {
    speed: number;
    clock: Clock;
    startAfterId: string | null;
    preamble: string;
    /** A scripted drop, after the frame with this id (or before any). */
    onDisconnect(afterId: number | undefined): void;
    /** The replay ended: played to the end, or stopped because the client left. */
    onEnd(how: 'finished' | 'client-closed'): void;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const stop = new AbortController();
  let lastId: number | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (options.preamble !== '') controller.enqueue(encoder.encode(options.preamble));
      void playScenario(
        scenario,
        {
          frame: (frame) => {
            lastId = Number(frame.id);
            controller.enqueue(encoder.encode(encodeFrame(frame)));
          },
          disconnect: () => {
            stop.abort();
            options.onDisconnect(lastId);
          },
        },
        {
          speed: options.speed,
          clock: options.clock,
          signal: stop.signal,
          startAfterId: options.startAfterId,
        },
      ).then(() => {
        if (stop.signal.aborted) return;
        controller.close();
        options.onEnd('finished');
      });
    },
    cancel() {
      if (stop.signal.aborted) return;
      stop.abort();
      options.onEnd('client-closed');
    },
  });
}
