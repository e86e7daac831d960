import { describe, expect, it } from 'vitest';
import { badFrame, textDelta, toolDelta, toolEnd, toolStart } from '../../test/events.js';
import { deepFreeze, fold, started, T0 } from '../../test/harness.js';
import type { ToolStreamAction } from './actions.js';
import { Draft } from './draft.js';
import { applyActions } from './reduce.js';

/** A bit of everything: text, reasoning, citations, nested and top-level calls, errors, ids. */
const everything: ToolStreamAction[] = [
  { type: 'status', status: 'streaming' },
  { type: 'run-info', runId: 'r1', protocol: 'chat-message-response' },
  textDelta('Hi '),
  { type: 'reasoning-delta', delta: 'hmm' },
  { type: 'citations', citations: ['a', 'b'] },
  toolStart('d1', { kind: 'delegation', agent: 'scout', details: { summary: 's' } }),
  toolStart('n1', { parent: 'd1' }),
  toolDelta('n1', 'x', 'call', { k: 1 }),
  { type: 'tool-args-delta', callId: 'n1', delta: '{}' },
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
    expect(next.calls).not.toBe(base.calls);
    expect(next.calls.a).not.toBe(base.calls.a);
    expect(next.calls.b).toBe(base.calls.b);
    expect(next.calls.d1).toBe(base.calls.d1);
    expect(next.calls.a!.call.text).toBe('more');
  });

  it('a call event leaves messages, children and errors alone', () => {
    const next = applyActions(base, [toolDelta('a', 'more'), toolEnd('b')], T0 + 50);
    expect(next.messages).toBe(base.messages);
    expect(next.children).toBe(base.children);
    expect(next.errors).toBe(base.errors);
    expect(next.callOrder).toBe(base.callOrder);
  });

  it('a nested call touches children but no message', () => {
    const next = applyActions(base, [toolStart('n1', { parent: 'd1' })], T0 + 50);
    expect(next.messages).toBe(base.messages);
    expect(next.children).not.toBe(base.children);
  });

  it('text keeps every call and every other message', () => {
    const withHistory = fold(
      [{ type: 'run-start', assistantMessageId: 'a2', userMessage: { id: 'u2', text: 'q' }, protocol: null }],
      base,
    );
    const next = applyActions(withHistory, [textDelta('!')], T0 + 60);
    expect(next.calls).toBe(withHistory.calls);
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

  it('a draft shared across batches builds the same state as fresh drafts', () => {
    const draft = new Draft();
    let shared = started();
    let fresh = started();
    for (const action of everything) {
      shared = applyActions(shared, [action], T0 + 1, draft);
      fresh = applyActions(fresh, [action], T0 + 1);
    }
    expect(shared).toEqual(fresh);
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

  it('adopts objects created in the batch without copying', () => {
    const draft = new Draft();
    const created = draft.adopt({ a: 1 });
    expect(draft.own(created)).toBe(created);
  });
});
