/**
 * The two ways events reach the reducer give the same state. `reduceStream` hands the frame
 * pipeline its open reducer as an `EventSink`, so tool deltas arrive as method calls and skip
 * the reducer's checks when their phase is already streaming; the store collects event objects
 * and folds them in batches, copy-on-write. Messy streams — parts after completion, unknown and
 * reused ids, details changing mid-stream, a `done` in the middle, garbage — must end the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventSink } from '../src/adapters/event-sink.js';
import { createFramePipeline } from '../src/adapters/frame-pipeline.js';
import type { StreamEvent } from '../src/protocol/events.js';
import type { SseFrame, ToolCallResponse } from '../src/protocol/wire.js';
import { Draft } from '../src/reducer/draft.js';
import { applyActions, openReducer } from '../src/reducer/reduce.js';
import type { ToolStreamState } from '../src/reducer/state.js';
import { richText } from './arbitraries.js';
import { deepFreeze, started, T0 } from './harness.js';
import { sseFrame } from './sse-builder.js';

const callId = fc.constantFrom('c1', 'c2', 'c3', 'd1', '');
const details = fc.option(
  fc.dictionary(
    fc.constantFrom('parent_call_id', 'agent', 'status', 'error', 'page'),
    fc.oneof(fc.constantFrom('d1', 'c1', 'writer', 'error', 'ok'), fc.integer({ min: 0, max: 3 })),
    { maxKeys: 3 },
  ),
  { nil: undefined },
);

/** One `tool_calls` entry, any combination of fields the primary protocol allows (and some it does not). */
const entry: fc.Arbitrary<ToolCallResponse> = fc
  .record({
    call_id: callId,
    event_type: fc.constantFrom('call', 'result', 'delegation_call', 'delegation_result', 'bogus'),
    tool_name: fc.constantFrom('search', 'writer_agent', ''),
    tool_response: fc.oneof(fc.constant(''), richText),
    tool_call_details: details,
    stream_part: fc.option(richText, { nil: null }),
    is_complete: fc.boolean(),
  })
  .map((fields) => fields as ToolCallResponse);

/** A frame: mostly tool entries, some text, the odd `done` or garbage frame in the middle. */
const frameArb: fc.Arbitrary<SseFrame> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(entry, { minLength: 1, maxLength: 3 })
      .map((tool_calls) => sseFrame({ message: '', citations: [], tool_calls })),
  },
  { weight: 2, arbitrary: richText.map((message) => sseFrame({ message, citations: [], tool_calls: [] })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(sseFrame('', { event: 'done' }), sseFrame('{"message": 1'), sseFrame('[1]')),
  },
);

/** The sink path, as `reduceStream` runs it: an open reducer, built in place or copy-on-write. */
function throughSink(frames: readonly SseFrame[], inPlace: boolean): ToolStreamState {
  const reducer = openReducer(structuredClone(started()), T0 + 1, new Draft({ inPlace }));
  const pipeline = createFramePipeline(reducer, { protocol: 'chat-message-response' });
  for (const frame of frames) pipeline.push(frame);
  pipeline.end();
  return reducer.state;
}

/**
 * The event path, as the store runs it: event objects folded in batches of the given sizes, each
 * batch's input frozen (a batch must copy what it changes, also on the delta fast path).
 */
function throughEvents(frames: readonly SseFrame[], batchSizes: readonly number[]): ToolStreamState {
  const events: StreamEvent[] = [];
  const pipeline = createFramePipeline((event) => events.push(event), { protocol: 'chat-message-response' });
  for (const frame of frames) pipeline.push(frame);
  pipeline.end();
  let state = started();
  let start = 0;
  for (let i = 0; start < events.length; i++) {
    const size = batchSizes.length === 0 ? events.length : batchSizes[i % batchSizes.length]!;
    state = applyActions(deepFreeze(state), events.slice(start, start + size), T0 + 1);
    start += size;
  }
  return state;
}

describe('tool deltas as method calls (EventSink) and as events', () => {
  it('give the same state, built in place, copy-on-write, or in batches of any size', () => {
    fc.assert(
      fc.property(
        fc.array(frameArb, { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
        (frames, batchSizes) => {
          const expected = throughEvents(frames, batchSizes);
          expect(throughSink(frames, true)).toEqual(expected);
          expect(throughSink(frames, false)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('eventSink turns the method call into the event it stands for', () => {
    const events: StreamEvent[] = [];
    const sink = eventSink((event) => events.push(event));
    sink.toolDelta('c1', 'result', 'piece', { page: 2 });
    sink.emit({ type: 'done' });
    expect(events).toEqual([
      { type: 'tool-delta', callId: 'c1', phase: 'result', delta: 'piece', details: { page: 2 } },
      { type: 'done' },
    ]);
  });

  it('a copy-on-write open reducer leaves the state it started from untouched', () => {
    const before = started();
    const frozen = structuredClone(before);
    const reducer = openReducer(before, T0 + 1);
    const pipeline = createFramePipeline(reducer, { protocol: 'chat-message-response' });
    for (const piece of ['a', 'b']) {
      pipeline.push(
        sseFrame({
          message: '',
          citations: [],
          tool_calls: [
            {
              call_id: 'c1',
              event_type: 'result',
              tool_name: 's',
              tool_response: '',
              stream_part: piece,
              is_complete: false,
            },
          ],
        }),
      );
    }
    expect(before).toEqual(frozen);
    expect(reducer.state.calls.c1?.result?.text).toBe('ab');
  });
});
