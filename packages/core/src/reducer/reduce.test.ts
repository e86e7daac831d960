import { describe, expect, it } from 'vitest';
import { badFrame, textDelta, toolDelta, toolEnd, toolStart } from '../../test/events.js';
import {
  ASSISTANT_ID,
  answerOf,
  callOrderOf,
  callsOf,
  errorsWith,
  fold,
  started,
  T0,
} from '../../test/harness.js';
import type { StreamEvent } from '../protocol/events.js';
import { applyActions, reduce } from './reduce.js';
import { type AssistantMessageState, initialState, type ToolStreamState } from './state.js';

function assistant(state: ToolStreamState): AssistantMessageState {
  const message = state.messages.find((m) => m.id === state.run.messageId);
  if (message?.role !== 'assistant') throw new Error('no assistant message');
  return message;
}

describe('text and message parts', () => {
  it('appends text deltas to one text part', () => {
    const state = fold([textDelta('Hel'), textDelta('lo'), textDelta(', world')]);
    expect(assistant(state).parts).toEqual([{ type: 'text', text: 'Hello, world' }]);
  });

  it('keeps text and top-level calls in arrival order', () => {
    const state = fold([
      textDelta('Let me look. '),
      toolStart('c1'),
      textDelta('Found it. '),
      textDelta('And more: '),
      toolStart('c2'),
      toolStart('c3'),
      textDelta('Done.'),
    ]);
    expect(assistant(state).parts).toEqual([
      { type: 'text', text: 'Let me look. ' },
      { type: 'tool-call', callId: 'c1' },
      { type: 'text', text: 'Found it. And more: ' },
      { type: 'tool-call', callId: 'c2' },
      { type: 'tool-call', callId: 'c3' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('keeps reasoning apart from text', () => {
    const state = fold([
      { type: 'reasoning-delta', delta: 'think' },
      { type: 'reasoning-delta', delta: 'ing' },
      textDelta('answer'),
    ]);
    expect(assistant(state).parts).toEqual([
      { type: 'reasoning', text: 'thinking' },
      { type: 'text', text: 'answer' },
    ]);
  });

  it('ignores empty deltas without touching the state', () => {
    const state = started();
    expect(applyActions(state, [textDelta('')], T0 + 1)).toBe(state);
    expect(applyActions(state, [{ type: 'reasoning-delta', delta: '' }], T0 + 1)).toBe(state);
  });

  it('creates an assistant message when content arrives without a run', () => {
    const state = applyActions(initialState(), [textDelta('hi')], T0);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ role: 'assistant', parts: [{ type: 'text', text: 'hi' }] });
    expect(state.run.messageId).toBe(state.messages[0]!.id);
    expect(state.status).toBe('streaming');
  });

  it('returns the same state for an empty batch', () => {
    const state = started();
    expect(applyActions(state, [], T0 + 5)).toBe(state);
  });

  it('reduce(state, action) equals applyActions(state, [action])', () => {
    const state = started();
    const action = toolStart('c1', { details: { summary: 's' } });
    expect(reduce(state, action, T0 + 3)).toEqual(applyActions(state, [action], T0 + 3));
  });
});

describe('citations', () => {
  it.each<{ name: string; batches: string[][]; expected: string[] }>([
    { name: 'in first-arrival order', batches: [['b.md', 'a.md']], expected: ['b.md', 'a.md'] },
    {
      name: 'unique across chunks',
      batches: [['a.md'], ['b.md', 'a.md'], ['c.md']],
      expected: ['a.md', 'b.md', 'c.md'],
    },
    {
      name: 'unique within a chunk',
      batches: [['a.md', 'a.md', 'b.md', 'a.md']],
      expected: ['a.md', 'b.md'],
    },
    { name: 'empty lists change nothing', batches: [[], ['x'], []], expected: ['x'] },
  ])('are kept $name', ({ batches, expected }) => {
    const state = fold(
      batches.map((sources) => ({ type: 'citations', citations: sources.map((source) => ({ source })) })),
    );
    expect(assistant(state).citations).toEqual(expected.map((source) => ({ source })));
  });

  it('stay unique over tens of thousands, in one batch and across batches', () => {
    // Checked through a set kept beside the list: at the old scan per citation, this took minutes
    // and would hit the test timeout.
    const sources = Array.from({ length: 40_000 }, (_, i) => ({ source: `https://example.com/${i}` }));
    const once = fold([{ type: 'citations', citations: [...sources, ...sources.slice(0, 100)] }]);
    expect(assistant(once).citations).toHaveLength(40_000);
    const batches = Array.from({ length: 400 }, (_, i) => sources.slice(i * 100, i * 100 + 150));
    const spread = fold(batches.map((citations) => ({ type: 'citations', citations })));
    expect(assistant(spread).citations).toEqual(sources);
  });

  it('leave the state alone when all are known', () => {
    const state = fold([{ type: 'citations', citations: [{ source: 'a' }] }]);
    expect(
      applyActions(state, [{ type: 'citations', citations: [{ source: 'a', title: 'A' }] }], T0 + 9),
    ).toBe(state);
  });
});

describe('tool calls', () => {
  it('one call id is one call, in callOrder once', () => {
    const state = fold([
      toolStart('c1', { toolName: 'search' }),
      toolDelta('c1', 'a'),
      toolDelta('c1', 'b'),
      toolEnd('c1'),
      toolStart('c1', { phase: 'result' }),
      toolEnd('c1', { phase: 'result', output: 'done' }),
    ]);
    expect(callOrderOf(state)).toEqual(['c1']);
    expect(Object.keys(callsOf(state))).toEqual(['c1']);
    expect(assistant(state).parts.filter((p) => p.type === 'tool-call')).toHaveLength(1);
  });

  it('walks the statuses of a call and its result phase', () => {
    const steps: [StreamEvent, string][] = [
      [toolStart('c1'), 'pending'],
      [toolDelta('c1', '{"q":'), 'streaming'],
      [toolDelta('c1', '"x"}'), 'streaming'],
      [toolEnd('c1'), 'running'],
      [toolStart('c1', { phase: 'result' }), 'pending'],
      [toolDelta('c1', 'res', 'result'), 'streaming'],
      [toolEnd('c1', { phase: 'result' }), 'complete'],
    ];
    let state = started();
    for (const [event, status] of steps) {
      state = reduce(state, event, T0 + 1);
      expect(callsOf(state).c1?.status).toBe(status);
    }
  });

  it('keeps the call phase text when the result streams (two phases of one call)', () => {
    const state = fold([
      toolStart('c1'),
      toolEnd('c1', { output: '{"q":"x"}' }),
      toolStart('c1', { phase: 'result', eventType: 'result' }),
      toolDelta('c1', 'par', 'result'),
      toolDelta('c1', 'tial', 'result'),
    ]);
    const call = callsOf(state).c1!;
    expect(call.call).toMatchObject({ text: '{"q":"x"}', complete: true });
    expect(call.result).toMatchObject({ text: 'partial', complete: false, streamed: true });
    expect(call.phase).toBe('result');
    expect(call.eventType).toBe('result');
    expect(state.errors).toEqual([]);
  });

  it('accepts a result with no call phase: the call phase counts as made', () => {
    const state = fold([
      toolStart('r1', { phase: 'result' }),
      toolEnd('r1', { phase: 'result', output: 'ok' }),
    ]);
    const call = callsOf(state).r1!;
    expect(call.call.complete).toBe(true);
    expect(call.result).toMatchObject({ text: 'ok', complete: true });
    expect(call.status).toBe('complete');
    expect(assistant(state).parts).toEqual([{ type: 'tool-call', callId: 'r1' }]);
  });

  it('opens the result phase for a result part that had no tool-start', () => {
    const state = fold([toolStart('c1'), toolDelta('c1', 'x', 'result')]);
    expect(callsOf(state).c1!.call.complete).toBe(true);
    expect(callsOf(state).c1!.result).toMatchObject({ text: 'x', complete: false });
    expect(state.errors).toEqual([]);
  });

  it('closes an open call phase when the result starts', () => {
    const state = fold(
      [toolStart('c1'), toolDelta('c1', 'args'), toolStart('c1', { phase: 'result' })],
      started(),
      50,
    );
    expect(callsOf(state).c1!.call).toMatchObject({ text: 'args', complete: true, completedAt: 52 });
  });

  it.each<{ name: string; events: StreamEvent[]; text: string }>([
    {
      name: 'parts accumulate',
      events: [toolDelta('c1', 'a'), toolDelta('c1', 'b'), toolDelta('c1', 'c'), toolEnd('c1')],
      text: 'abc',
    },
    {
      name: 'the complete output wins over the parts',
      events: [toolDelta('c1', 'a'), toolDelta('c1', 'b'), toolEnd('c1', { output: 'FINAL' })],
      text: 'FINAL',
    },
    {
      name: 'an empty complete output is still the output',
      events: [toolDelta('c1', 'a'), toolEnd('c1', { output: '' })],
      text: '',
    },
    {
      name: 'no output keeps the parts',
      events: [toolDelta('c1', 'a'), toolEnd('c1', { output: null })],
      text: 'a',
    },
    { name: 'a complete update with no parts', events: [toolEnd('c1', { output: 'whole' })], text: 'whole' },
  ])('phase text: $name', ({ events, text }) => {
    const state = fold([toolStart('c1'), ...events]);
    expect(callsOf(state).c1!.call).toMatchObject({ text, complete: true });
  });

  it('streams several calls at once, interleaved', () => {
    const state = fold([
      toolStart('a'),
      toolStart('b'),
      toolDelta('a', '1'),
      toolDelta('b', 'x'),
      toolDelta('a', '2'),
      toolEnd('b'),
      toolDelta('a', '3'),
    ]);
    expect(callsOf(state).a!.call).toMatchObject({ text: '123', complete: false });
    expect(callsOf(state).b!.call).toMatchObject({ text: 'x', complete: true });
    expect(callOrderOf(state)).toEqual(['a', 'b']);
  });

  it('fills a missing tool name and agent from a later start, without overwriting', () => {
    const state = fold([
      toolStart('c1', { toolName: '' }),
      toolStart('c1', { phase: 'result', toolName: 'search', agent: 'scout' }),
      toolStart('c1', { phase: 'result', toolName: 'other', agent: 'other' }),
    ]);
    expect(callsOf(state).c1).toMatchObject({ toolName: 'search', agent: 'scout' });
  });

  it('marks a call delegation when its result phase is one', () => {
    const state = fold([toolStart('d1'), toolStart('d1', { phase: 'result', kind: 'delegation' })]);
    expect(callsOf(state).d1!.kind).toBe('delegation');
    expect(callsOf(state).d1!.eventType).toBe('delegation_result');
  });
});

describe('nesting', () => {
  const nested = fold([
    toolStart('d1', { kind: 'delegation', toolName: 'delegate', agent: 'researcher' }),
    toolStart('n1', { parent: 'd1', agent: 'researcher' }),
    toolStart('n2', { parent: 'd1' }),
    toolStart('n1a', { parent: 'n1' }),
    toolStart('n1a-i', { parent: 'n1a' }),
    textDelta('between'),
    toolStart('top2'),
  ]);

  it('records children by parent, at any depth, in order', () => {
    expect(answerOf(nested).children).toEqual({ d1: ['n1', 'n2'], n1: ['n1a'], n1a: ['n1a-i'] });
    expect(callsOf(nested)['n1a-i']!.parentId).toBe('n1a');
  });

  it('puts only top-level calls in the message parts', () => {
    const callParts = assistant(nested).parts.filter((p) => p.type === 'tool-call');
    expect(callParts.map((p) => (p.type === 'tool-call' ? p.callId : ''))).toEqual(['d1', 'top2']);
  });

  it('keeps every call, nested ones too, in the message of its turn', () => {
    expect(callOrderOf(nested)).toEqual(['d1', 'n1', 'n2', 'n1a', 'n1a-i', 'top2']);
    expect(answerOf(nested).id).toBe(ASSISTANT_ID);
    expect(Object.keys(callsOf(nested)).sort()).toEqual([...callOrderOf(nested)].sort());
  });

  it('keeps agent names and kinds', () => {
    expect(callsOf(nested).d1).toMatchObject({ kind: 'delegation', agent: 'researcher', parentId: null });
    expect(callsOf(nested).n1).toMatchObject({ kind: 'tool', agent: 'researcher', parentId: 'd1' });
    expect(callsOf(nested).n2!.agent).toBeNull();
  });

  it('accepts a child whose parent has not been seen', () => {
    const state = fold([toolStart('orphan', { parent: 'ghost' })]);
    expect(answerOf(state).children).toEqual({ ghost: ['orphan'] });
    expect(assistant(state).parts).toEqual([]);
  });
});

describe('details', () => {
  it('merge with later keys overriding earlier ones, from every event kind', () => {
    const state = fold([
      toolStart('c1', { details: { summary: 'first', a: 1 } }),
      toolDelta('c1', 'x', 'call', { b: 2 }),
      toolEnd('c1', { details: { summary: 'second' } }),
      toolStart('c1', { phase: 'result', details: { c: 3, a: 10 } }),
    ]);
    expect(callsOf(state).c1!.details).toEqual({ summary: 'second', a: 10, b: 2, c: 3 });
  });

  it('do not copy the call when nothing changes', () => {
    const state = fold([toolStart('c1', { details: { a: 1 } }), toolDelta('c1', 'x')]);
    const next = applyActions(state, [toolStart('c1', { details: { a: 1 } })], T0 + 20);
    expect(callsOf(next).c1!.details).toBe(callsOf(state).c1!.details);
  });

  it('are never shared with the event that brought them', () => {
    const details = { a: 1 };
    const state = fold([toolStart('c1', { details })]);
    details.a = 2;
    expect(callsOf(state).c1!.details).toEqual({ a: 1 });
  });
});

describe('bad input is recorded, never thrown', () => {
  it.each<{ name: string; events: StreamEvent[]; message: RegExp }>([
    { name: 'a part for an unknown call', events: [toolDelta('nope', 'x')], message: /unknown call "nope"/ },
    { name: 'an end for an unknown call', events: [toolEnd('nope')], message: /unknown call "nope"/ },
    {
      name: 'arguments for an unknown call',
      events: [{ type: 'tool-args-delta', callId: 'nope', delta: '{', args: {} }],
      message: /unknown call "nope"/,
    },
    {
      name: 'a part after completion',
      events: [toolStart('c1'), toolEnd('c1', { output: 'x' }), toolDelta('c1', 'late')],
      message: /after completion of the call phase/,
    },
    {
      name: 'a second end',
      events: [toolStart('c1'), toolEnd('c1'), toolEnd('c1', { output: 'again' })],
      message: /after completion/,
    },
    {
      name: 'a result part after the result completed',
      events: [
        toolStart('c1', { phase: 'result' }),
        toolEnd('c1', { phase: 'result' }),
        toolDelta('c1', 'x', 'result'),
      ],
      message: /after completion of the result phase/,
    },
  ])('$name: exactly one protocol error, content unchanged', ({ events, message }) => {
    const setup = events.slice(0, -1);
    const before = fold(setup);
    const after = applyActions(before, [events.at(-1)!], T0 + 100);
    const added = after.errors.slice(before.errors.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ code: 'protocol', fatal: false, retryable: false });
    expect(added[0]!.message).toMatch(message);
    expect(callsOf(after)).toEqual(callsOf(before));
  });

  it('a part for a call the run closed', () => {
    const state = fold([
      toolStart('c1'),
      { type: 'run-end', status: 'aborted', error: null },
      toolDelta('c1', 'x'),
    ]);
    expect(errorsWith(state, 'protocol')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/closed call "c1"/), callId: 'c1' }),
    ]);
    expect(callsOf(state).c1!.call.text).toBe('');
  });

  it('keeps protocol errors in order with their frames, and goes on', () => {
    const state = fold([badFrame('one', '{"a"'), textDelta('still here'), badFrame('two', 'x')]);
    expect(state.errors.map((e) => [e.message, e.code === 'protocol' ? e.frame : null])).toEqual([
      ['one', '{"a"'],
      ['two', 'x'],
    ]);
    expect(assistant(state).parts).toEqual([{ type: 'text', text: 'still here' }]);
    expect(state.status).toBe('streaming');
    expect(state.error).toBeNull();
  });
});

describe('tool failures', () => {
  it('set status error and record a tool-failed error', () => {
    const state = fold([
      toolStart('c1', { toolName: 'fetch_page' }),
      toolStart('c1', { phase: 'result' }),
      toolEnd('c1', { phase: 'result', output: 'boom', error: '404 not found' }),
    ]);
    expect(callsOf(state).c1).toMatchObject({ status: 'error', error: '404 not found', completedAt: T0 + 3 });
    expect(state.errors).toEqual([
      expect.objectContaining({ code: 'tool-failed', callId: 'c1', fatal: false, retryable: false }),
    ]);
    expect(state.errors[0]!.message).toContain('fetch_page');
    expect(state.errors[0]!.message).toContain('404 not found');
    expect(state.status).toBe('streaming');
    expect(state.error).toBeNull();
  });

  it('a failure in the call phase fails the call', () => {
    const state = fold([toolStart('c1'), toolEnd('c1', { error: 'denied' })]);
    expect(callsOf(state).c1!.status).toBe('error');
  });
});

describe('client timestamps', () => {
  it('stamp the call and its phases with the batch time', () => {
    let state = started(100);
    state = applyActions(state, [toolStart('c1')], 200);
    state = applyActions(state, [toolDelta('c1', 'a')], 250);
    state = applyActions(state, [toolEnd('c1')], 300);
    expect(callsOf(state).c1).toMatchObject({ startedAt: 200, completedAt: null, status: 'running' });
    expect(callsOf(state).c1!.call).toMatchObject({ startedAt: 200, completedAt: 300 });
    state = applyActions(state, [toolStart('c1', { phase: 'result' })], 400);
    state = applyActions(state, [toolEnd('c1', { phase: 'result', output: 'r' })], 500);
    expect(callsOf(state).c1!.result).toMatchObject({ startedAt: 400, completedAt: 500 });
    expect(callsOf(state).c1).toMatchObject({ startedAt: 200, completedAt: 500 });
  });

  it('stamp the messages a run creates', () => {
    const state = started(123, 'hello');
    expect(state.messages).toEqual([
      { id: 'u1', role: 'user', text: 'hello', createdAt: 123 },
      expect.objectContaining({
        id: ASSISTANT_ID,
        role: 'assistant',
        parts: [],
        citations: [],
        createdAt: 123,
      }),
    ]);
  });

  it('use one time for a whole batch', () => {
    const state = applyActions(started(), [toolStart('a'), toolStart('b'), toolEnd('a')], 777);
    expect([
      callsOf(state).a!.startedAt,
      callsOf(state).b!.startedAt,
      callsOf(state).a!.call.completedAt,
    ]).toEqual([777, 777, 777]);
  });
});
