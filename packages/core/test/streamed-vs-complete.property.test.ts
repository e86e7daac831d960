/**
 * A phase streamed in parts (however it ends) amounts to the same call as the phase sent whole
 * in one complete update: same output, same is_complete, same status.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolEventType } from '../src/protocol/wire.js';
import type { ToolStreamState } from '../src/reducer/state.js';
import { reduceStream } from '../src/snapshot/reduce-stream.js';
import { phaseEntries, richText } from './arbitraries.js';
import { callsOf } from './harness.js';
import { call, sse, text, tools } from './sse-builder.js';

async function read(stream: string) {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(stream, {
    onState: (s) => {
      state = s;
    },
  });
  return { snapshot, state: state! };
}

const scenario = fc.record({
  type: fc.constantFrom<ToolEventType>('call', 'result', 'delegation_call', 'delegation_result'),
  pieces: fc.array(richText, { minLength: 1, maxLength: 8 }),
  ending: fc.constantFrom('last-part', 'last-part-with-response', 'complete-update') as fc.Arbitrary<
    'last-part' | 'last-part-with-response' | 'complete-update'
  >,
  withCallPhase: fc.boolean(),
  details: fc.dictionary(fc.constantFrom('summary', 'agent', 'step'), fc.string(), { maxKeys: 3 }),
  before: richText,
  after: richText,
});

describe('streamed parts = one complete update', () => {
  it('gives the same call, whatever the event type and the way the parts end', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ type, pieces, ending, withCallPhase, details, before, after }) => {
        const isResult = type === 'result' || type === 'delegation_result';
        const callType: ToolEventType = type === 'delegation_result' ? 'delegation_call' : 'call';
        const prefix =
          withCallPhase && isResult ? [tools(call({ id: 'c1', type: callType, name: 'tool' }))] : [];
        const streamed = phaseEntries('c1', type, 'tool', pieces, ending, details);
        const whole = phaseEntries('c1', type, 'tool', pieces, 'whole', details);

        const a = await read(sse(text(before), ...prefix, ...streamed.map((e) => tools(e)), text(after)));
        const b = await read(sse(text(before), ...prefix, ...whole.map((e) => tools(e)), text(after)));

        expect(a.snapshot).toEqual(b.snapshot);
        expect(a.snapshot.toolCalls).toEqual([
          expect.objectContaining({ call_id: 'c1', output: pieces.join(''), is_complete: true }),
        ]);
        expect(a.snapshot.errors).toEqual([]);
        const [x, y] = [callsOf(a.state).c1!, callsOf(b.state).c1!];
        expect([x.status, x.call.text, x.call.complete, x.result?.text]).toEqual([
          y.status,
          y.call.text,
          y.call.complete,
          y.result?.text,
        ]);
      }),
    );
  });

  it('holds with other calls streaming in between', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(richText, { minLength: 1, maxLength: 6 }),
        fc.array(richText, { minLength: 1, maxLength: 6 }),
        async (aPieces, bPieces) => {
          const aStreamed = phaseEntries('a', 'delegation_result', 'x', aPieces, 'last-part');
          const bStreamed = phaseEntries('b', 'result', 'y', bPieces, 'last-part-with-response');
          const interleaved = [];
          for (let i = 0; i < Math.max(aStreamed.length, bStreamed.length); i++) {
            interleaved.push(tools(...[aStreamed[i], bStreamed[i]].filter((e) => e !== undefined)));
          }
          const streamed = await reduceStream(sse(...interleaved));
          const whole = await reduceStream(
            sse(
              tools(...phaseEntries('a', 'delegation_result', 'x', aPieces, 'whole')),
              tools(...phaseEntries('b', 'result', 'y', bPieces, 'whole')),
            ),
          );
          expect(streamed).toEqual(whole);
        },
      ),
    );
  });
});
