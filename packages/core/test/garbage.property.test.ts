/**
 * Garbage frames (arbitrary strings, JSON values, bytes) mixed between good frames never throw,
 * each is reported as exactly one protocol error with its frame, and the good frames' content
 * still comes through unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolStreamState } from '../src/reducer/state.js';
import { reduceStream } from '../src/snapshot/reduce-stream.js';
import { delegationRun, interleave } from './arbitraries.js';
import { asyncChunks, errorsWith, utf8 } from './harness.js';
import { frame } from './sse-builder.js';

/** Whether `data` could be a legitimate frame: a JSON object (possibly a ChatMessageResponse), or `[DONE]`. */
function couldBeValid(data: string): boolean {
  if (data === '[DONE]') return true;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The data a `data:` line carries once decoded (lines re-joined with `\n`). */
function asData(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

type Garbage = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array };

const garbage: fc.Arbitrary<Garbage> = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 40 }).map((text): Garbage => ({ kind: 'text', text })),
    fc.string({ maxLength: 40 }).map((text): Garbage => ({ kind: 'text', text })),
    fc
      .jsonValue({ maxDepth: 3 })
      .map((value): Garbage => ({ kind: 'text', text: JSON.stringify(value) ?? 'null' })),
    // Raw bytes, invalid UTF-8 included; no line breaks, so the frame around them stays one frame.
    fc
      .uint8Array({ maxLength: 40 })
      .map(
        (bytes): Garbage => ({ kind: 'bytes', bytes: bytes.map((b) => (b === 10 || b === 13 ? 0x7f : b)) }),
      ),
    fc.constantFrom<Garbage>(
      { kind: 'text', text: '{"message": "cut of' },
      { kind: 'text', text: '{"tool_calls": {}}' },
      { kind: 'text', text: '{"message": 1}' },
      { kind: 'text', text: '' },
    ),
  )
  .filter((g) => !couldBeValid(g.kind === 'text' ? g.text.replace(/\r\n|\r/g, '\n') : asData(g.bytes)));

/** A garbage frame as bytes: `data:` lines around the garbage, a blank line after. */
function garbageFrame(g: Garbage): Uint8Array {
  if (g.kind === 'text') return utf8(frame(g.text));
  return new Uint8Array([...utf8('data: '), ...g.bytes, ...utf8('\n\n')]);
}

/** Some garbage frames are plain JSON objects of another shape: still exactly one error each. */
const foreignObject = fc
  .dictionary(
    fc.string({ maxLength: 8 }).filter((k) => !['message', 'citations', 'tool_calls', 'error'].includes(k)),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map((value): Garbage => ({ kind: 'text', text: JSON.stringify(value) }));

async function read(input: AsyncIterable<Uint8Array> | string, protocol: 'auto' | 'chat-message-response') {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(input, {
    protocol,
    onState: (s) => {
      state = s;
    },
  });
  return { snapshot, state: state! };
}

describe('garbage between good frames', () => {
  it.each(['chat-message-response', 'auto'] as const)(
    'never throws, one protocol error per garbage frame, good content intact (%s)',
    async (protocol) => {
      await fc.assert(
        fc.asyncProperty(
          delegationRun,
          fc.array(fc.oneof({ weight: 4, arbitrary: garbage }, { weight: 1, arbitrary: foreignObject }), {
            minLength: 1,
            maxLength: 8,
          }),
          fc.array(fc.nat({ max: 3 }), { maxLength: 30 }),
          async (run, junk, choices) => {
            const good = run.chunks.map((c) => utf8(frame(c)));
            const bad = junk.map(garbageFrame);
            // `auto` decides on the first frame: plain text would rightly make it typed-events, so
            // there the stream starts with a good frame. A named protocol takes garbage anywhere.
            const lead = protocol === 'auto' ? good.slice(0, 1) : [];
            const frames = [...lead, ...interleave([good.slice(lead.length), bad], choices)];
            const clean = await read(asyncChunks(good), protocol);
            const dirty = await read(asyncChunks(frames), protocol);

            const protocolErrors = errorsWith(dirty.state, 'protocol');
            expect(protocolErrors).toHaveLength(junk.length);
            for (const error of protocolErrors) expect(error).toMatchObject({ frame: expect.any(String) });
            expect(dirty.state.errors).toHaveLength(junk.length);
            expect({ ...dirty.snapshot, errors: [] }).toEqual(clean.snapshot);
          },
        ),
      );
    },
  );

  it('garbage alone: every frame reported, nothing made up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(garbage, { minLength: 1, maxLength: 10 }), async (junk) => {
        const { snapshot } = await read(asyncChunks(junk.map(garbageFrame)), 'chat-message-response');
        expect(snapshot).toMatchObject({ status: 'done', text: '', citations: [], toolCalls: [] });
        expect(snapshot.errors).toHaveLength(junk.length);
        expect(snapshot.errors.every((e) => e.code === 'protocol')).toBe(true);
      }),
    );
  });
});
