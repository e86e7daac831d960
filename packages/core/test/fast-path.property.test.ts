/**
 * `reduceStream`'s fast path for the primary protocol (src/snapshot/primary-fast-path.ts) must
 * end in exactly the state the general path (frame pipeline, adapter, reducer) ends in, on any
 * stream: well-formed runs, and runs with anything odd at any point — bad fields, unknown and
 * empty ids, parts after completion, failing tools, replayed SSE ids, lifecycle events, other
 * protocols' frames, garbage — from which the general path takes over.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProtocolOption } from '../src/adapters/protocols.js';
import type { ChatMessageResponse, ToolCallResponse } from '../src/protocol/wire.js';
import type { ToolStreamState } from '../src/reducer/state.js';
import { readStreamToState } from '../src/snapshot/reduce-stream.js';
import { cutPlan, delegationRun, planOffsets, richText } from './arbitraries.js';
import { asyncChunks, cutAt, utf8 } from './harness.js';
import { frame, sse } from './sse-builder.js';

beforeEach(() => {
  // Both paths stamp calls with Date.now(): hold it still so their states can be compared whole.
  vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function bothPaths(text: string, offsets: number[], protocol: ProtocolOption) {
  const chunks = cutAt(utf8(text), offsets);
  const read = (fastPath: boolean): Promise<ToolStreamState> =>
    readStreamToState(asyncChunks(chunks), { protocol }, { fastPath });
  return { fast: await read(true), general: await read(false) };
}

/** An odd `tool_calls` entry: any field may be missing, empty, of the wrong type or failing. */
const oddEntry: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .record(
      {
        call_id: fc.constantFrom('d1', 'n1', 'n2', 'x9', '', 7),
        event_type: fc.constantFrom('call', 'result', 'delegation_call', 'delegation_result', 'bogus'),
        tool_name: fc.constantFrom('search', '', 3),
        tool_response: fc.oneof(fc.constant(''), richText, fc.constant(null)),
        tool_call_details: fc.oneof(
          fc.dictionary(
            fc.constantFrom('parent_call_id', 'agent', 'status', 'error', 'summary'),
            fc.oneof(fc.constantFrom('d1', 'n1', 'writer', 'error', 'failed', 'ok', ''), fc.integer()),
            { maxKeys: 3 },
          ),
          fc.constantFrom(null, 'details', [1]),
        ),
        stream_part: fc.oneof(richText, fc.constantFrom(null, 5)),
        is_complete: fc.oneof(fc.boolean(), fc.constant('no')),
      },
      { requiredKeys: [] },
    )
    .map((entry) => entry as unknown),
  fc.constantFrom(null, 'entry', [1, 2]),
);

/** A frame to splice into a good run: odd entries, lifecycle events, other formats, garbage. */
const oddFrame: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(oddEntry, { minLength: 1, maxLength: 3 })
      .map((tool_calls) => frame({ message: '', citations: [], tool_calls })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      frame('', { event: 'done' }),
      frame('{"message":"boom"}', { event: 'error' }),
      frame('[DONE]'),
      frame('{"message": 1'),
      frame('[1]'),
      frame('{"message": 3, "citations": [], "tool_calls": []}'),
      frame('{"message": "", "citations": "a.md", "tool_calls": []}'),
      frame('{"message": "", "citations": ["a.md", 4], "tool_calls": []}'),
      frame('{"message": "", "citations": [], "tool_calls": {}}'),
      frame('{"citations": ["only.md"]}'),
      frame('{"error": {"message": "gateway"}}'),
      frame('{"other": true}'),
      frame(' {"message": "leading space", "citations": [], "tool_calls": []}'),
      frame('{"message": "typed", "citations": [], "tool_calls": []}', { event: 'message' }),
      frame('search', { event: 'tool_start' }),
      frame('{"type": "text-delta", "delta": "x"}'),
      frame('{"choices": [{"delta": {"content": "hi"}}]}'),
      frame('plain words'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(oddEntry, { maxLength: 2 })
      .map((tool_calls) => frame({ message: 'x', citations: [], tool_calls })),
  },
);

/**
 * The run's chunks with `tool_call_details` that change as the call goes on (a progress count, a
 * new summary) on the entries `picks` selects: later keys override earlier ones on every piece.
 */
function withChangingDetails(chunks: readonly ChatMessageResponse[], picks: readonly number[]) {
  const entries = chunks.flatMap((chunk) => chunk.tool_calls);
  for (const [n, pick] of picks.entries()) {
    const entry = entries[pick % Math.max(entries.length, 1)];
    if (entry === undefined) break;
    entry.tool_call_details = {
      ...entry.tool_call_details,
      progress: n,
      ...(n % 2 ? { summary: `s${n}` } : {}),
    };
  }
  return chunks;
}

/** A good run's frames with SSE ids, some replayed, and odd frames spliced in at random places. */
const messyStream = fc
  .record({
    run: delegationRun,
    detailPicks: fc.array(fc.nat(), { maxLength: 6 }),
    odd: fc.array(fc.tuple(fc.nat(), oddFrame), { maxLength: 3 }),
    replays: fc.array(fc.nat(), { maxLength: 3 }),
    withIds: fc.boolean(),
  })
  .map(({ run, detailPicks, odd, replays, withIds }) => {
    const frames = withChangingDetails(run.chunks, detailPicks).map((chunk: ChatMessageResponse, i) =>
      frame(chunk, withIds ? { id: String(i + 1) } : {}),
    );
    // A server replaying a frame it already sent (same id, same data) after a hiccup.
    for (const at of replays) {
      if (frames.length === 0) break;
      const i = at % frames.length;
      frames.splice(i + 1, 0, frames[i]!);
    }
    for (const [at, extra] of odd) frames.splice(at % (frames.length + 1), 0, extra);
    return frames.join('');
  });

describe('reduceStream fast path', () => {
  it.each(['auto', 'chat-message-response'] as const)(
    'ends in the same state as the general path on well-formed runs (%s)',
    async (protocol) => {
      await fc.assert(
        fc.asyncProperty(
          delegationRun,
          fc.array(fc.nat(), { maxLength: 6 }),
          cutPlan,
          async (run, picks, plan) => {
            const text = sse(...withChangingDetails(run.chunks, picks));
            const { fast, general } = await bothPaths(text, planOffsets(plan, utf8(text)), protocol);
            expect(fast).toEqual(general);
            expect(fast.errors).toEqual([]);
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it.each(['auto', 'chat-message-response'] as const)(
    'ends in the same state as the general path when odd frames interrupt a run (%s)',
    async (protocol) => {
      await fc.assert(
        fc.asyncProperty(messyStream, cutPlan, async (text, plan) => {
          const { fast, general } = await bothPaths(text, planOffsets(plan, utf8(text)), protocol);
          expect(fast).toEqual(general);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('ends in the same state on streams made only of odd entries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(oddEntry, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        async (entries) => {
          const text = entries
            .map((tool_calls) =>
              frame({ message: '', citations: [], tool_calls: tool_calls as ToolCallResponse[] }),
            )
            .join('');
          const { fast, general } = await bothPaths(text, [], 'auto');
          expect(fast).toEqual(general);
        },
      ),
      { numRuns: 300 },
    );
  });
});
