import { describe, expect, it } from 'vitest';
import { badFrame, textDelta, toolDelta, toolEnd, toolStart } from '../../test/events.js';
import { answerOf, callOrderOf, callsOf, deepFreeze, fold, started, T0 } from '../../test/harness.js';
import type { ToolStreamAction } from './actions.js';
import { Draft } from './draft.js';
import { applyActions, openBatch } from './reduce.js';

/** A bit of everything: text, reasoning, citations, nested and top-level calls, errors, ids. */
const everything: ToolStreamAction[] = [
  { type: 'status', status: 'streaming' },
  { type: 'run-info', runId: 'r1', protocol: 'chat-message-response' },
  textDelta('Hi '),
  { type: 'reasoning-delta', delta: 'hmm' },
  { type: 'citations', citations: [{ source: 'a' }, { source: 'b' }] },
  toolStart('d1', { kind: 'delegation', agent: 'scout', details: { summary: 's' } }),
  toolStart('n1', { parent: 'd1' }),
  toolDelta('n1', 'x', 'call', { k: 1 }),
  { type: 'tool-args-delta', callId: 'n1', delta: '{}', args: {} },
  toolEnd('n1', { output: 'args' }),
  toolStart('n1', { phase: 'result' }),
  toolDelta('n1', 'r', 'result'),
  toolEnd('n1', { phase: 'result', error: 'failed' }),
  toolDelta('d1', 'y'),
  textDelta('there'),
  badFrame(),
  { type: 'event-id', id: '9' },
  toolDelta('ghost', 'x'),
  { type: 'run-end', status: 'done', error: null },
];

describe('structural sharing', () => {
  const base = fold([
    textDelta('intro'),
    toolStart('a'),
    toolStart('b'),
    toolDelta('b', 'b-text'),
    toolStart('d1', { kind: 'delegation' }),
  ]);

  it('an event for call A keeps call B (and every other call) as is', () => {
    const next = applyActions(base, [toolDelta('a', 'more')], T0 + 50);
    expect(callsOf(next)).not.toBe(callsOf(base));
    expect(callsOf(next).a).not.toBe(callsOf(base).a);
    expect(callsOf(next).b).toBe(callsOf(base).b);
    expect(callsOf(next).d1).toBe(callsOf(base).d1);
    expect(callsOf(next).a!.call.text).toBe('more');
  });

  it('a call event leaves the parts, children, order and errors of its message alone', () => {
    const next = applyActions(base, [toolDelta('a', 'more'), toolEnd('b')], T0 + 50);
    expect(answerOf(next)).not.toBe(answerOf(base));
    expect(answerOf(next).parts).toBe(answerOf(base).parts);
    expect(answerOf(next).children).toBe(answerOf(base).children);
    expect(answerOf(next).citations).toBe(answerOf(base).citations);
    expect(next.errors).toBe(base.errors);
    expect(callOrderOf(next)).toBe(callOrderOf(base));
  });

  it('a nested call touches children and the order of calls, not the parts', () => {
    const next = applyActions(base, [toolStart('n1', { parent: 'd1' })], T0 + 50);
    expect(answerOf(next).parts).toBe(answerOf(base).parts);
    expect(answerOf(next).children).not.toBe(answerOf(base).children);
    expect(callsOf(next).d1).toBe(callsOf(base).d1);
  });

  it('text keeps every call and every other message', () => {
    const withHistory = fold(
      [
        {
          type: 'run-start',
          assistantMessageId: 'a2',
          placement: { kind: 'append', userMessage: { id: 'u2', text: 'q' } },
          protocol: null,
        },
        toolStart('x'),
      ],
      base,
    );
    const next = applyActions(withHistory, [textDelta('!')], T0 + 60);
    expect(callsOf(next)).toBe(callsOf(withHistory));
    expect(next.messages).not.toBe(withHistory.messages);
    expect(next.messages.slice(0, -1)).toEqual(withHistory.messages.slice(0, -1));
    next.messages.slice(0, -1).forEach((message, i) => {
      expect(message).toBe(withHistory.messages[i]);
    });
  });

  it('a part of a text keeps earlier parts', () => {
    const state = fold([textDelta('one'), toolStart('c'), textDelta('two')]);
    const next = applyActions(state, [textDelta('+')], T0 + 70);
    const before = state.messages.at(-1);
    const after = next.messages.at(-1);
    if (before?.role !== 'assistant' || after?.role !== 'assistant') throw new Error('expected assistant');
    expect(after.parts[0]).toBe(before.parts[0]);
    expect(after.parts[1]).toBe(before.parts[1]);
    expect(after.parts[2]).toEqual({ type: 'text', text: 'two+' });
  });

  it('never mutates its input (deep-frozen), batch by batch or all at once', () => {
    const frozen = deepFreeze(started());
    const snapshot = structuredClone(frozen);
    let state = frozen;
    for (const action of everything) state = deepFreeze(applyActions(state, [action], T0 + 1));
    const whole = applyActions(frozen, everything, T0 + 1);
    expect(frozen).toEqual(snapshot);
    expect(whole).toEqual(state);
  });

  it('one open batch for everything (as reduceStream folds a stream) builds the same state as a batch per action', () => {
    const batch = openBatch(started(), T0 + 1);
    let fresh = started();
    for (const action of everything) {
      batch.apply(action);
      fresh = applyActions(fresh, [action], T0 + 1);
    }
    expect(batch.state).toEqual(fresh);
  });
});

describe('Draft', () => {
  it('copies an object once per draft and leaves the original alone', () => {
    const draft = new Draft();
    const original = { a: 1 };
    const copy = draft.own(original);
    expect(copy).not.toBe(original);
    expect(draft.own(copy)).toBe(copy);
    copy.a = 2;
    expect(original.a).toBe(1);
  });

  it('copies arrays as arrays', () => {
    const copy = new Draft().own([1, 2]);
    expect(Array.isArray(copy)).toBe(true);
    expect(copy).toEqual([1, 2]);
  });

  it('copies a table into a table without a prototype, whatever the original had', () => {
    const draft = new Draft();
    const fromJson = JSON.parse('{"a": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = draft.ownTable(fromJson);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    Reflect.set(copy, '__proto__', 'written'); // an own entry: there is no inherited setter to call
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(draft.ownTable(copy)).toBe(copy);
  });

  it('adopts objects created in the batch without copying', () => {
    const draft = new Draft();
    const created = draft.adopt({ a: 1 });
    expect(draft.own(created)).toBe(created);
  });
});
