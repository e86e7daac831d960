import type { AdapterDefinition } from '../adapters/adapter.js';
import {
  type CallEntry,
  chatMessageResponseProtocol,
  chatMessageResponseReader,
} from '../adapters/chat-message-response.js';
import { createFramePipeline, type FramePipeline } from '../adapters/frame-pipeline.js';
import type { ProtocolOption } from '../adapters/protocols.js';
import type { ToolStreamError } from '../errors.js';
import { Draft } from '../reducer/draft.js';
import { openReducer } from '../reducer/reduce.js';
import { initialState, type ToolStreamState } from '../reducer/state.js';
import { createFrameDecoder, type Framing } from '../sse/frame-decoder.js';
import { createPrimaryFastPath } from './primary-fast-path.js';
import { type StreamSnapshot, toSnapshot } from './snapshot.js';

/** What {@link reduceStream} reads: SSE text, a byte stream, or any async iterable of chunks. */
export type StreamInput = string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** Options of {@link reduceStream}. */
export interface ReduceStreamOptions {
  /** The wire format; `auto` (default) recognises it from the first frames. */
  protocol?: ProtocolOption;
  /** The formats `auto` chooses from. */
  protocols?: readonly AdapterDefinition[];
  /** How bytes are cut into frames; `auto` (default) tells SSE from NDJSON. */
  framing?: Framing;
  /** Stops reading; the snapshot then has status `aborted`. */
  signal?: AbortSignal;
  /** Receives the full state after the stream ended, for callers who need more than the snapshot. */
  onState?: (state: ToolStreamState) => void;
}

/**
 * Reads a whole stream and returns what it amounts to, as plain JSON. For servers, tests, and
 * anyone who wants the result of a run without a store: the same adapters and reducer as the
 * live store, so a snapshot is what a UI would have shown at the end.
 *
 * Well-formed frames of the primary protocol take a fast path that writes them straight into the
 * state; the first frame that is not (another protocol, a bad field, a part after completion…)
 * hands over to the general path for the rest of the stream. The result is the same either way.
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
  const state = await reduceStreamToState(input, options);
  options.onState?.(state);
  return toSnapshot(state);
}

/** Like {@link reduceStream}, but returns the full {@link ToolStreamState}. */
export function reduceStreamToState(
  input: StreamInput,
  options: ReduceStreamOptions = {},
): Promise<ToolStreamState> {
  return readStreamToState(input, options, { fastPath: true });
}

/**
 * {@link reduceStreamToState}, with or without the primary protocol's fast path
 * (primary-fast-path.ts). Not public: tests run both and compare.
 * @internal
 */
export async function readStreamToState(
  input: StreamInput,
  options: ReduceStreamOptions,
  internal: { fastPath: boolean },
): Promise<ToolStreamState> {
  // The state is fresh and nobody sees its intermediate versions (`onState` gets only the
  // last): it is built in place, and each event is applied the moment it is emitted — no
  // copying, no arrays of pending events.
  const reducer = openReducer(initialState(), Date.now(), new Draft({ inPlace: true }));
  const apply = reducer.apply;
  apply({ type: 'run-start', assistantMessageId: 'assistant-1', userMessage: null, protocol: null });

  // Well-formed frames of the primary protocol take the fast path until the first one that is
  // not; from there on (or from the start, for other protocols) the general pipeline reads.
  const protocol = options.protocol ?? 'auto';
  const fast =
    internal.fastPath &&
    options.protocols === undefined &&
    (protocol === 'auto' || protocol === 'chat-message-response')
      ? createPrimaryFastPath(reducer)
      : null;
  let onFast = fast !== null;
  let pipeline: FramePipeline | null = null;
  const general = (): FramePipeline => {
    pipeline ??= createFramePipeline(reducer, {
      ...options,
      emitEventIds: false,
      // Continue where the fast path stopped: its SSE ids, and its calls for the adapter.
      ...(fast !== null && {
        appliedIds: fast.appliedIds,
        protocol: fast.started ? primaryContinuing(fast.adapterCalls()) : protocol,
      }),
    });
    return pipeline;
  };
  const decoder = createFrameDecoder(
    {
      onFrame(frame) {
        if (onFast) {
          const rest = fast!.push(frame);
          if (rest === null) return;
          onFast = false;
          general().push(rest);
          return;
        }
        general().push(frame);
      },
    },
    options.framing,
  );
  // The general pipeline as the stream ends, if it is needed: a stream the fast path read whole
  // needs none (the primary protocol's adapter has nothing to finish).
  const pipelineAtEnd = (): FramePipeline | null => pipeline ?? (fast?.started ? null : general());
  // The last SSE id is recorded once, at the end, rather than after every frame.
  const end = (status: 'done' | 'error' | 'aborted', error: ToolStreamError | null) => {
    const after = pipelineAtEnd();
    const lastEventId = after?.lastEventId ?? fast?.lastEventId ?? null;
    if (lastEventId !== null) apply({ type: 'event-id', id: lastEventId });
    if (status === 'done') {
      apply({
        type: 'run-info',
        protocol: after === null ? chatMessageResponseProtocol.name : after.protocol,
      });
    }
    apply({ type: 'run-end', status, error });
    return reducer.state;
  };

  const signal = options.signal;
  let outcome: 'done' | 'aborted';
  try {
    outcome = await readChunks(input, signal, (chunk) => {
      reducer.now = Date.now();
      decoder.feed(chunk);
    });
  } catch (cause) {
    if (signal?.aborted) return end('aborted', null);
    // A failing source (a dropped connection) ends the run with an error; what arrived is kept.
    return end('error', { code: 'network', message: errorText(cause), retryable: true, fatal: true });
  }
  if (outcome === 'aborted' || signal?.aborted) return end('aborted', null);
  decoder.end();
  pipelineAtEnd()?.end();
  return end('done', null);
}

/** The primary protocol's adapter, continuing from the calls the fast path read. */
function primaryContinuing(calls: Map<string, CallEntry>): AdapterDefinition {
  return { ...chatMessageResponseProtocol, create: () => chatMessageResponseReader(calls) };
}

function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

const ABORTED = Symbol('aborted');

/**
 * Hands each chunk of `input` to `onChunk` until the input ends or `signal` aborts. The abort is
 * watched while a read is pending too: a stalled source must not keep an aborted read open.
 * On abort or failure the source is told to stop (a byte stream is cancelled).
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
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) return 'aborted';
      // Without a signal there is nothing to race the read against: await it directly.
      const next =
        signal === undefined
          ? await source.next()
          : await new Promise<IteratorResult<Uint8Array | string> | typeof ABORTED>((resolve, reject) => {
              wake = resolve;
              source.next().then(resolve, reject);
            });
      wake = null;
      if (next === ABORTED) return 'aborted';
      if (next.done) {
        finished = true;
        return 'done';
      }
      onChunk(next.value);
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
