import { describe, expect, it } from 'vitest';
import { textDelta, toolDelta, toolEnd, toolStart } from '../../test/events.js';
import { callsOf, fold, started } from '../../test/harness.js';
import type { RunStatus } from '../reducer/state.js';
import { messageText, toSnapshot } from './snapshot.js';

describe('toSnapshot', () => {
  it.each<[RunStatus, string]>([
    ['done', 'done'],
    ['error', 'error'],
    ['aborted', 'aborted'],
    ['idle', 'done'],
    ['streaming', 'done'],
  ])('maps run status %s to %s', (status, expected) => {
    expect(toSnapshot(fold([{ type: 'status', status }])).status).toBe(expected);
  });

  it("joins the text parts of the run's answer, and keeps reasoning apart", () => {
    const first = fold([textDelta('earlier turn')]);
    const state = fold(
      [
        {
          type: 'run-start',
          assistantMessageId: 'a2',
          placement: { kind: 'append', userMessage: { id: 'u2', text: 'user text' } },
          protocol: null,
        },
        textDelta('one '),
        { type: 'reasoning-delta', delta: 'hidden' },
        toolStart('c'),
        textDelta('two'),
      ],
      first,
    );
    expect(toSnapshot(state)).toMatchObject({ text: 'one two', reasoning: 'hidden' });
  });

  it('keeps citations unique by source, in first-arrival order, with what else they carry', () => {
    const state = fold([
      { type: 'citations', citations: [{ source: 'b' }, { source: 'a', title: 'A' }] },
      {
        type: 'citations',
        citations: [
          { source: 'a', title: 'again' },
          { source: 'c', quote: 'q' },
        ],
      },
    ]);
    expect(toSnapshot(state).citations).toEqual([
      { source: 'b' },
      { source: 'a', title: 'A' },
      { source: 'c', quote: 'q' },
    ]);
  });

  it('gives how the turn ended, why the model stopped, and the usage', () => {
    const state = fold([
      textDelta('cut'),
      { type: 'finish', reason: 'length', raw: 'max_tokens' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } },
      { type: 'usage', usage: { outputTokens: 64 } },
      { type: 'done' },
    ]);
    expect(toSnapshot(state)).toMatchObject({
      status: 'done',
      outcome: 'truncated',
      finishReason: 'length',
      usage: { inputTokens: 10, outputTokens: 64 },
    });
  });

  it('describes calls in order of appearance with the latest phase', () => {
    const state = fold([
      toolStart('d1', { kind: 'delegation', toolName: 'delegate', details: { agent: 'x' } }),
      toolStart('t1', { parent: 'd1', toolName: 'search' }),
      toolEnd('t1', { output: 'args' }),
      toolDelta('d1', 'streaming…'),
      toolStart('t1', { phase: 'result', eventType: 'result' }),
      toolEnd('t1', { phase: 'result', output: 'hits' }),
    ]);
    expect(toSnapshot(state).toolCalls).toEqual([
      expect.objectContaining({
        call_id: 'd1',
        tool_name: 'delegate',
        kind: 'delegation',
        parent_call_id: null,
        event_type: 'delegation_call',
        details: { agent: 'x' },
        output: 'streaming…',
        is_complete: false,
      }),
      expect.objectContaining({
        call_id: 't1',
        tool_name: 'search',
        kind: 'tool',
        parent_call_id: 'd1',
        event_type: 'result',
        output: 'hits',
        is_complete: true,
      }),
    ]);
  });

  it('gives plain copies: changing the snapshot leaves the state alone', () => {
    const state = fold([toolStart('c', { details: { a: 1 } })]);
    const snapshot = toSnapshot(state);
    snapshot.toolCalls[0]!.details.a = 2;
    expect(callsOf(state).c!.details).toEqual({ a: 1 });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('keeps only the code and message of errors', () => {
    const state = fold([toolDelta('ghost', 'x')]);
    expect(toSnapshot(state).errors).toEqual([
      { code: 'protocol', message: expect.stringContaining('ghost') },
    ]);
  });

  it('messageText joins text parts only', () => {
    const message = fold([
      textDelta('a'),
      toolStart('c'),
      { type: 'reasoning-delta', delta: 'r' },
      textDelta('b'),
    ]).messages[0]!;
    expect(message.role === 'assistant' && messageText(message)).toBe('ab');
    expect(toSnapshot(started()).text).toBe('');
  });
});
