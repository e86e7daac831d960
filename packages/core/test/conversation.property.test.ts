/**
 * Conversations of 2–6 turns whose runs reuse the same call ids (every generated run calls
 * `d1`, `n1`…), some dropped mid-stream and then retried, some regenerated: every turn ends with
 * exactly its own text and call outputs, and no turn changes once a later one has begun.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssistantMessageState, ToolStreamState } from '../src/reducer/state.js';
import { createToolStreamStore } from '../src/store/create-store.js';
import { delegationRun, encodeRun, type RunModel } from './arbitraries.js';
import { type Answer, scriptedTransport } from './transport/scripted-transport.js';

interface TurnPlan {
  run: RunModel;
  /** Drop the first attempt after this many reads (then retry), or answer at once. */
  dropAfterReads: number | null;
  /** After the turn, regenerate it with this run (kept: the first answer becomes a version). */
  regenerate: RunModel | null;
  readBytes: number;
}

const turnPlan: fc.Arbitrary<TurnPlan> = fc.record({
  run: delegationRun,
  dropAfterReads: fc.option(fc.integer({ min: 0, max: 6 }), { freq: 3 }),
  regenerate: fc.option(delegationRun, { freq: 4 }),
  readBytes: fc.integer({ min: 7, max: 400 }),
});

function answerText(message: AssistantMessageState): string {
  return message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

/** The calls of an answer as the run model describes them. */
function callsOf(message: AssistantMessageState) {
  return message.callOrder.map((id) => {
    const call = message.calls[id]!;
    const latest = call.result ?? call.call;
    return {
      call_id: call.id,
      tool_name: call.toolName,
      kind: call.kind,
      parent_call_id: call.parentId,
      event_type: call.eventType,
      output: latest.text,
      is_complete: latest.complete,
    };
  });
}

/** What an answer must hold: exactly its run's text, citations and calls, ended `done`. */
function expectAnswerOf(message: AssistantMessageState, run: RunModel): void {
  expect(answerText(message)).toBe(run.text);
  expect(message.citations.map((c) => c.source)).toEqual(run.citations);
  expect(callsOf(message)).toEqual(run.calls);
  expect(message.end).toMatchObject({ outcome: 'done', error: null });
}

const answers = (state: ToolStreamState) =>
  state.messages.filter((m): m is AssistantMessageState => m.role === 'assistant');

describe('conversations of several turns', () => {
  it('every turn keeps exactly its own content; earlier turns never change', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(turnPlan, { minLength: 2, maxLength: 6 }), async (plans) => {
        const script: Answer[] = [];
        for (const plan of plans) {
          const sse = encodeRun(plan.run.chunks, '\n');
          if (plan.dropAfterReads !== null) {
            script.push({ sse, readBytes: plan.readBytes, dropAfterReads: plan.dropAfterReads });
          }
          script.push({ sse, readBytes: plan.readBytes });
          if (plan.regenerate !== null) {
            script.push({ sse: encodeRun(plan.regenerate.chunks, '\n'), readBytes: plan.readBytes });
          }
        }
        const transport = scriptedTransport(script);
        const store = createToolStreamStore({ transport, schedule: 'microtask' });
        /** Each turn's answer as it was when the turn ended, to compare with later. */
        const ended: AssistantMessageState[] = [];

        for (const [index, plan] of plans.entries()) {
          await store.send(`question ${index + 1}`);
          if (plan.dropAfterReads !== null) {
            expect(answers(store.getState()).at(-1)!.end).toMatchObject({
              outcome: 'failed',
              error: { code: 'network' },
            });
            await store.retry();
          }
          if (plan.regenerate !== null) await store.regenerate();
          store.flush();
          const answer = answers(store.getState()).at(-1)!;
          expectAnswerOf(answer, plan.regenerate ?? plan.run);
          if (plan.regenerate !== null) {
            expect(answer.versions).toHaveLength(1);
            expectAnswerOf(answer.versions[0]!, plan.run);
          } else {
            // A retried failure is replaced, not kept as a version.
            expect(answer.versions).toEqual([]);
          }
          ended.push(answer);
        }

        const state = store.getState();
        expect(state.messages.map((m) => m.role)).toEqual(plans.flatMap(() => ['user', 'assistant']));
        answers(state).forEach((answer, index) => {
          expect(answer).toBe(ended[index]);
        });
        expect(state.errors.filter((e) => e.code !== 'network')).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
