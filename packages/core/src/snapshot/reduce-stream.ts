import type { AdapterDefinition } from '../adapters/adapter.js';
import { type ProtocolOption, resolveProtocol } from '../adapters/auto.js';
import { networkError, type ToolStreamError } from '../errors.js';
import type { Framing } from '../reader/frame-decoder.js';
import { createStreamReader } from '../reader/stream-reader.js';
import type { ToolStreamAction } from '../reducer/actions.js';
import { openBatch } from '../reducer/reduce.js';
import { initialState, type ToolStreamState } from '../reducer/state.js';
import { Tap, type TapListener } from '../tap/tap.js';
import { type StreamSnapshot, toSnapshot } from './snapshot.js';

/** What {@link reduceStream} reads: SSE text, a byte stream, or any async iterable of chunks. */
export type StreamInput = string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** Options of {@link reduceStream}. */
export interface ReduceStreamOptions {
  /** The wire format; `auto` (default) recognises it from the first frames, among `protocols`. */
  protocol?: ProtocolOption;
  /**
   * The formats `auto` chooses from: by default toolstream's own two; `allProtocols` from
   * `@toolstream/core/providers` adds the providers'.
   */
  protocols?: readonly AdapterDefinition[];
  /** How bytes are cut into frames; `auto` (default) tells SSE from NDJSON. */
  framing?: Framing;
  /** Stops reading; the snapshot then has status `aborted`. */
  signal?: AbortSignal;
  /** Receives the full state after the stream ended, for callers who need more than the snapshot. */
  onState?: (state: ToolStreamState) => void;
  /** Sees the stream as a store's tap would: chunks, frames and their events, the run's actions. */
  tap?: TapListener;
}

/**
 * Reads a whole stream and returns what it amounts to, as plain JSON. For servers, tests, and
 * anyone who wants the result of a run without a store: the same reader, adapters and reducer
 * as the live store, so a snapshot is what a UI would have shown at the end.
 *
 * Never rejects for what the stream holds: bad frames are in `errors`, and a source that fails
 * (a dropped connection) gives status `error` with what arrived before.
 *
 * @example
 * ```ts
 * const snapshot = await reduceStream((await fetch('/api/chat/stream', init)).body!);
 * for (const call of snapshot.toolCalls) console.log(call.tool_name, call.output);
 * ```
 */
export async function reduceStream(
  input: StreamInput,
  options: ReduceStreamOptions = {},
): Promise<StreamSnapshot> {
  const state = await readToState(input, options);
  options.onState?.(state);
  return toSnapshot(state);
}

async function readToState(input: StreamInput, options: ReduceStreamOptions): Promise<ToolStreamState> {
  resolveProtocol(options.protocol, options.protocols); // a wrong name throws here, not mid-stream
  // Nobody sees the intermediate states: the whole stream is one batch of the reducer, so each
  // object is copied at most once, and each event is applied the moment it is emitted.
  const batch = openBatch(initialState(), Date.now());
  let tap: Tap | undefined;
  let apply = (action: ToolStreamAction) => batch.apply(action);
  if (options.tap !== undefined) {
    const attached = new Tap();
    attached.add(options.tap);
    tap = attached;
    apply = (action) => {
      attached.action(action);
      batch.apply(action);
    };
  }
  apply({
    type: 'run-start',
    assistantMessageId: 'assistant-1',
    placement: { kind: 'append', userMessage: null },
    protocol: null,
  });
  const reader = createStreamReader(apply, { ...options, tap });
  const end = (status: 'done' | 'error' | 'aborted', error: ToolStreamError | null) => {
    if (status === 'done') apply({ type: 'run-info', protocol: reader.protocol });
    apply({ type: 'run-end', status, error });
    return batch.state;
  };

  const signal = options.signal;
  let outcome: 'done' | 'aborted';
  try {
    outcome = await readChunks(input, signal, (chunk) => {
      batch.now = Date.now();
      reader.feed(chunk);
    });
  } catch (failure) {
    // Only the source's own failure is the stream's; anything else is a bug and is not disguised.
    if (!(failure instanceof SourceFailure)) throw failure;
    if (signal?.aborted) return end('aborted', null);
    // The source failed (a dropped connection): the run ends with an error; what arrived is kept.
    return end('error', networkError(errorText(failure.cause)));
  }
  if (outcome === 'aborted' || signal?.aborted) return end('aborted', null);
  reader.end();
  return end('done', null);
}

function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'the source failed';
}

const ABORTED = Symbol('aborted');

/** A failure of the source itself, told apart from anything `onChunk` might throw. */
class SourceFailure {
  constructor(readonly cause: unknown) {}
}

/**
 * Hands each chunk of `input` to `onChunk` until the input ends or `signal` aborts. The abort is
 * watched while a read is pending too: a stalled source must not keep an aborted read open.
 * On abort or failure the source is told to stop (a byte stream is cancelled). A failing source
 * rejects with a {@link SourceFailure}.
 */
async function readChunks(
  input: StreamInput,
  signal: AbortSignal | undefined,
  onChunk: (chunk: Uint8Array | string) => void,
): Promise<'done' | 'aborted'> {
  if (signal?.aborted) return 'aborted';
  if (typeof input === 'string') {
    onChunk(input);
    return 'done';
  }
  const source: AsyncIterator<Uint8Array | string> = isReadableStream(input)
    ? readerIterator(input)
    : input[Symbol.asyncIterator]();
  // One resolver per pending read (not a shared promise raced each time, which would pile up
  // reactions for as long as the stream runs).
  let wake: ((value: typeof ABORTED) => void) | null = null;
  const onAbort = () => wake?.(ABORTED);
  signal?.addEventListener('abort', onAbort, { once: true });
  const next = () =>
    source.next().then(
      (result) => result,
      (cause: unknown) => new SourceFailure(cause),
    );
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) return 'aborted';
      // Without a signal there is nothing to race the read against: await it directly.
      const result =
        signal === undefined
          ? await next()
          : await new Promise<IteratorResult<Uint8Array | string> | SourceFailure | typeof ABORTED>(
              (resolve) => {
                wake = resolve;
                next().then(resolve);
              },
            );
      wake = null;
      if (result === ABORTED) return 'aborted';
      if (result instanceof SourceFailure) throw result;
      if (result.done) {
        finished = true;
        return 'done';
      }
      onChunk(result.value);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Left early: let the source stop producing. Not awaited: a source stuck in a read may never
    // answer (an async generator queues `return()` behind its pending `next()`).
    if (!finished) source.return?.()?.catch(() => {});
  }
}

/** A byte stream as an iterator whose `return()` cancels the stream. */
function readerIterator(stream: ReadableStream<Uint8Array>): AsyncIterator<Uint8Array> {
  const reader = stream.getReader();
  return {
    async next() {
      const { done, value } = await reader.read();
      if (done) {
        reader.releaseLock();
        return { done: true, value: undefined };
      }
      return { done: false, value };
    },
    async return() {
      // Cancelling also settles a pending read, so the lock can be released.
      await reader.cancel().catch(() => {});
      reader.releaseLock();
      return { done: true, value: undefined };
    },
  };
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | null)?.getReader === 'function';
}
