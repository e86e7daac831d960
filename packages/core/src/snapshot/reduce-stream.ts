import type { AdapterDefinition } from '../adapters/adapter.js';
import { createFramePipeline } from '../adapters/frame-pipeline.js';
import type { ProtocolOption } from '../adapters/protocols.js';
import type { StreamEvent } from '../protocol/events.js';
import type { ToolStreamAction } from '../reducer/actions.js';
import { Draft } from '../reducer/draft.js';
import { applyActions } from '../reducer/reduce.js';
import { initialState, type ToolStreamState } from '../reducer/state.js';
import { createFrameDecoder, type Framing } from '../sse/frame-decoder.js';
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
export async function reduceStreamToState(
  input: StreamInput,
  options: ReduceStreamOptions = {},
): Promise<ToolStreamState> {
  let state = initialState();
  // Nobody sees intermediate states, so one draft serves the whole stream: built in place.
  const draft = new Draft();
  let pending: ToolStreamAction[] = [];
  const emit = (event: StreamEvent) => {
    pending.push(event);
  };
  const pipeline = createFramePipeline(emit, options);
  const decoder = createFrameDecoder({ onFrame: (frame) => pipeline.push(frame) }, options.framing);
  const applyPending = () => {
    if (pending.length === 0) return;
    state = applyActions(state, pending, Date.now(), draft);
    pending = [];
  };

  pending.push({ type: 'run-start', assistantMessageId: 'assistant-1', userMessage: null, protocol: null });
  const signal = options.signal;
  let aborted = false;
  try {
    for await (const chunk of chunksOf(input)) {
      if (signal?.aborted) {
        aborted = true;
        break;
      }
      decoder.feed(chunk);
      applyPending();
    }
  } catch (cause) {
    if (signal?.aborted) {
      pending.push({ type: 'run-end', status: 'aborted', error: null });
      applyPending();
      return state;
    }
    // A failing source (a dropped connection) ends the run with an error; what arrived is kept.
    pending.push({
      type: 'run-end',
      status: 'error',
      error: { code: 'network', message: errorText(cause), retryable: true, fatal: true },
    });
    applyPending();
    return state;
  }
  if (aborted || signal?.aborted) {
    pending.push({ type: 'run-end', status: 'aborted', error: null });
  } else {
    decoder.end();
    pipeline.end();
    pending.push({ type: 'run-info', protocol: pipeline.protocol });
    pending.push({ type: 'run-end', status: 'done', error: null });
  }
  applyPending();
  return state;
}

function errorText(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** Iterates any {@link StreamInput} as chunks. */
async function* chunksOf(input: StreamInput): AsyncIterable<Uint8Array | string> {
  if (typeof input === 'string') {
    yield input;
    return;
  }
  if (isReadableStream(input)) {
    const reader = input.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          return;
        }
        yield value;
      }
    } finally {
      // Left early (aborted): let the source stop producing.
      if (!finished) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }
  yield* input as AsyncIterable<Uint8Array | string>;
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | null)?.getReader === 'function';
}
