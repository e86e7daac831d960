import { describe, expect, it } from 'vitest';
import { reduce, sseNamed } from '../../../test/providers/streams.js';
import type { InputAnswer } from '../../input/answers.js';
import type { AssistantMessageState, CallAnswer } from '../../reducer/state.js';
import { interruptAnswers, langGraphResumeValue, resumeCommand } from './langgraph-resume.js';

/** An answer read from a LangGraph stream that ends at the interrupts given. */
async function waitingAnswer(...interrupts: unknown[]): Promise<AssistantMessageState> {
  const { state } = await reduce(
    sseNamed(
      [
        'updates',
        {
          model: {
            messages: [
              {
                type: 'ai',
                id: 'm',
                content: '',
                tool_calls: [
                  { id: 'c_sql', name: 'execute_sql', args: { query: 'DELETE' } },
                  { id: 'c_file', name: 'write_file', args: { path: 'a.txt' } },
                ],
              },
            ],
          },
        },
      ],
      ['updates', { __interrupt__: interrupts }],
    ),
  );
  return state.messages.at(-1) as AssistantMessageState;
}

const answered = (answer: AssistantMessageState, given: Record<string, CallAnswer>): InputAnswer[] =>
  Object.entries(given).map(([callId, value]) => ({
    callId,
    ref: answer.calls[callId]!.input!.ref,
    kind: answer.calls[callId]!.input!.kind,
    answer: value,
  }));

const command = (answer: AssistantMessageState, given: Record<string, CallAnswer>) =>
  resumeCommand(interruptAnswers(answer, answered(answer, given)), langGraphResumeValue);

describe('the resume a LangGraph transport sends', () => {
  it("answers LangChain's human-in-the-loop request with its decisions, in the order of its actions", async () => {
    const request = {
      actionRequests: [
        { name: 'execute_sql', args: { query: 'DELETE' } },
        { name: 'write_file', args: { path: 'a.txt' } },
      ],
      reviewConfigs: [
        { actionName: 'execute_sql', allowedDecisions: ['approve', 'reject'] },
        { actionName: 'write_file', allowedDecisions: ['approve', 'edit', 'reject'] },
      ],
    };
    const answer = await waitingAnswer({ id: 'h1', value: request });
    // Answered in the other order: the decisions follow the actions.
    expect(
      command(answer, {
        c_file: { type: 'approve', args: { path: 'b.txt' }, by: 'user' },
        c_sql: { type: 'deny', reason: 'too broad', by: 'user' },
      }),
    ).toEqual({
      decisions: [
        { type: 'reject', message: 'too broad' },
        { type: 'edit', editedAction: { name: 'write_file', args: { path: 'b.txt' } } },
      ],
    });
    expect(
      command(answer, { c_sql: { type: 'approve', by: 'user' }, c_file: { type: 'approve', by: 'user' } }),
    ).toEqual({ decisions: [{ type: 'approve' }, { type: 'approve' }] });
  });

  it('answers an approval of a call with an action, a question with its value, several interrupts by id', async () => {
    const answer = await waitingAnswer(
      { id: 'i1', value: { question: 'Run it?', tool_call: { id: 'c_sql', name: 'execute_sql' } } },
      { id: 'i2', value: 'Which city?' },
    );
    const question = answer.callOrder.find((id) => id.startsWith('interrupt:'))!;
    expect(answer.calls[question]!.input).toMatchObject({ kind: 'input', ref: 'i2' });
    expect(
      command(answer, {
        c_sql: { type: 'approve', by: 'user' },
        [question]: { type: 'value', value: 'Oslo', by: 'user' },
      }),
    ).toEqual({
      i1: { action: 'approve' },
      i2: 'Oslo',
    });
    const one = await waitingAnswer({ id: 'i1', value: { tool_call_id: 'c_file' } });
    expect(command(one, { c_file: { type: 'deny', reason: null, by: 'user' } })).toEqual({
      action: 'reject',
    });
    expect(command(one, { c_file: { type: 'approve', args: { path: 'z' }, by: 'user' } })).toEqual({
      action: 'edit',
      args: { path: 'z' },
    });
  });
});
