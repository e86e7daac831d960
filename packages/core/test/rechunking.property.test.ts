/**
 * However the bytes of a stream are cut into reads (inside a UTF-8 character, between `\r` and
 * `\n`, one byte at a time), the outcome is the one of reading it whole, and it is what the
 * generated run says it must be.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduceStream } from '../src/snapshot/reduce-stream.js';
import { cutPlan, delegationRun, encodeRun, lineEnding, planOffsets, trickyOffsets } from './arbitraries.js';
import { asyncChunks, cutAt, readableOf, utf8 } from './harness.js';

describe('re-chunking', () => {
  it('a generated run gives exactly what its model says', async () => {
    await fc.assert(
      fc.asyncProperty(delegationRun, lineEnding, async (run, eol) => {
        const snapshot = await reduceStream(encodeRun(run.chunks, eol));
        expect(snapshot).toMatchObject({
          status: 'done',
          text: run.text,
          citations: run.citations.map((source) => ({ source })),
          toolCalls: run.calls.map((c) => expect.objectContaining(c)),
          errors: [],
        });
      }),
    );
  });

  it('any split of the bytes into reads gives the same snapshot as reading it whole', async () => {
    await fc.assert(
      fc.asyncProperty(delegationRun, lineEnding, cutPlan, async (run, eol, plan) => {
        const text = encodeRun(run.chunks, eol);
        const bytes = utf8(text);
        const pieces = cutAt(bytes, planOffsets(plan, bytes));
        const whole = await reduceStream(text);
        expect(await reduceStream(asyncChunks(pieces))).toEqual(whole);
        expect(await reduceStream(readableOf(pieces))).toEqual(whole);
      }),
    );
  });

  it('the generated streams do reach the tricky cuts', () => {
    fc.assert(
      fc.property(delegationRun, (run) => {
        const bytes = utf8(encodeRun(run.chunks, '\r\n'));
        const offsets = trickyOffsets(bytes);
        // Every frame has CRLFs; non-ASCII text is there whenever a chunk has any.
        expect(offsets.some((i) => bytes[i] === 10)).toBe(true);
        if (/[^\x20-\x7e]/.test(JSON.stringify(run.chunks).replace(/\\u[0-9a-f]{4}/g, ''))) {
          expect(offsets.some((i) => bytes[i] !== 10)).toBe(true);
        }
      }),
    );
  });
});
