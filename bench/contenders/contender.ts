import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ExpectedState } from '../workload.js';

/** What every contender is fed: the SSE bytes, and the same bytes cut into network-sized pieces. */
export type BenchInput = { bytes: Uint8Array; pieces: readonly Uint8Array[] };

/** Called now and then during a heap-sampling run. */
export type Probe = () => void;

export interface Contender {
  key: string;
  label: string;
  /** Untimed set-up of one single-use run (translating the input to another protocol goes here). */
  prepare(input: BenchInput): {
    /** The timed part: consume the whole input and build the final state (kept inside). */
    run(probe: Probe | null): Promise<void>;
    /** Untimed: how the final state differs from the expected one (empty when correct). */
    check(expected: ExpectedState): string[];
    /** Set when a time budget stopped the run: the share of the input consumed (state unchecked). */
    readonly consumed?: number | undefined;
  };
}

/** Yields the pieces as a response body would (one `await` each), probing after each one. */
export async function* streamPieces(pieces: readonly Uint8Array[], probe: Probe | null) {
  for (const piece of pieces) {
    yield piece;
    probe?.();
  }
}

/** What the floor and the reference hook both read through: `TextDecoder` and eventsource-parser. */
export async function readEvents(
  pieces: readonly Uint8Array[],
  probe: Probe | null,
  onEvent: (event: EventSourceMessage) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent });
  for await (const piece of streamPieces(pieces, probe)) parser.feed(decoder.decode(piece, { stream: true }));
  parser.feed(decoder.decode());
}
