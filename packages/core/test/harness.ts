/**
 * Small drivers shared by the core's tests: fold events into state with a fixed clock, push
 * frames through a pipeline, freeze inputs, and cut byte streams into reads.
 */
import type { StreamAdapter } from '../src/adapters/adapter.js';
import { createFramePipeline, type FramePipelineOptions } from '../src/adapters/frame-pipeline.js';
import type { ToolStreamError, ToolStreamErrorCode } from '../src/errors.js';
import type { StreamEvent } from '../src/protocol/events.js';
import type { ChatMessageResponse, SseFrame } from '../src/protocol/wire.js';
import type { ToolStreamAction } from '../src/reducer/actions.js';
import { applyActions } from '../src/reducer/reduce.js';
import {
  type AssistantMessageState,
  initialState,
  type ToolCallState,
  type ToolStreamState,
} from '../src/reducer/state.js';
import { sseFrame } from './sse-builder.js';

/** The clock tests start from. */
export const T0 = 1_000;

/** The id `started()` gives the run's assistant message. */
export const ASSISTANT_ID = 'a1';

/** A state with a run started (status `connecting`, an empty assistant message). */
export function started(now = T0, userText: string | null = null): ToolStreamState {
  return applyActions(
    initialState(),
    [
      {
        type: 'run-start',
        assistantMessageId: ASSISTANT_ID,
        placement: { kind: 'append', userMessage: userText === null ? null : { id: 'u1', text: userText } },
        protocol: null,
      },
    ],
    now,
  );
}

/** Folds actions one batch each, the clock advancing by one per batch from `now`. */
export function fold(actions: readonly ToolStreamAction[], state = started(), now = T0 + 1): ToolStreamState {
  let current = state;
  actions.forEach((action, i) => {
    current = applyActions(current, [action], now + i);
  });
  return current;
}

/** Runs frames through an adapter and returns the events it emitted. */
export function adapterEvents(
  adapter: StreamAdapter,
  frames: readonly SseFrame[],
  end = true,
): StreamEvent[] {
  const events: StreamEvent[] = [];
  const emit = (event: StreamEvent) => events.push(event);
  for (const frame of frames) adapter.push(frame, emit);
  if (end) adapter.end(emit);
  return events;
}

/** What {@link readFrames} returns: the state after every frame, and the events in order. */
export interface ReadResult {
  state: ToolStreamState;
  /** The state after each frame (index i: after frame i). */
  states: ToolStreamState[];
  events: StreamEvent[];
}

/**
 * Pushes frames through a frame pipeline (dedupe + adapter) and folds each frame's events in a
 * batch of its own at time `T0 + 1 + index`, as a live store would publish them.
 */
export function readFrames(
  frames: readonly (SseFrame | ChatMessageResponse)[],
  options: FramePipelineOptions & { state?: ToolStreamState } = {},
): ReadResult {
  const events: StreamEvent[] = [];
  let batch: StreamEvent[] = [];
  const pipeline = createFramePipeline((event) => batch.push(event), {
    protocol: 'chat-message-response',
    ...options,
  });
  let state = options.state ?? started();
  const states: ToolStreamState[] = [];
  frames.forEach((input, i) => {
    const frame = isFrame(input) ? input : sseFrame(input);
    pipeline.push(frame);
    state = applyActions(state, batch, T0 + 1 + i);
    events.push(...batch);
    batch = [];
    states.push(state);
  });
  return { state, states, events };
}

function isFrame(value: SseFrame | ChatMessageResponse): value is SseFrame {
  return typeof (value as SseFrame).data === 'string';
}

/** The last assistant message of a state (the run's answer); fails the test when there is none. */
export function answerOf(state: ToolStreamState): AssistantMessageState {
  const message = state.messages.findLast((m) => m.role === 'assistant');
  if (message === undefined) throw new Error('the state has no assistant message');
  return message as AssistantMessageState;
}

/** The calls of the last answer, by id. */
export function callsOf(state: ToolStreamState): Readonly<Record<string, ToolCallState>> {
  return answerOf(state).calls;
}

/** The call ids of the last answer, in order of appearance. */
export function callOrderOf(state: ToolStreamState): readonly string[] {
  return answerOf(state).callOrder;
}

/** The calls of the last answer, in order of appearance. */
export function callListOf(state: ToolStreamState): ToolCallState[] {
  const answer = answerOf(state);
  return answer.callOrder.map((id) => answer.calls[id]!);
}

/** The errors of a state with the given code. */
export function errorsWith(state: ToolStreamState, code: ToolStreamErrorCode): ToolStreamError[] {
  return state.errors.filter((error) => error.code === code);
}

/** The text of the run's assistant message parts, joined. */
export function assistantText(state: ToolStreamState): string {
  let text = '';
  for (const message of state.messages) {
    if (message.role !== 'assistant') continue;
    for (const p of message.parts) if (p.type === 'text') text += p.text;
  }
  return text;
}

/** Freezes a value and everything reachable from it, so any mutation throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Cuts `bytes` at the given offsets (any order, duplicates and out-of-range ones ignored). */
export function cutAt(bytes: Uint8Array, offsets: Iterable<number>): Uint8Array[] {
  const points = [...new Set(offsets)].filter((n) => n > 0 && n < bytes.length).sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.slice(start, point));
    start = point;
  }
  pieces.push(bytes.slice(start));
  return pieces;
}

/** Yields the chunks one by one, each after a microtask, as a network read would. */
export async function* asyncChunks<T>(chunks: readonly T[]): AsyncGenerator<T> {
  for (const piece of chunks) {
    await Promise.resolve();
    yield piece;
  }
}

/** A byte stream that delivers the given chunks, then closes. */
export function readableOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[index++];
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
