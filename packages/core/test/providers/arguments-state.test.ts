import { describe, expect, it } from 'vitest';
import { reduceStream, type ToolStreamState } from '../../src/index.js';
import type { StreamEvent } from '../../src/protocol/events.js';
import type { ToolStreamAction } from '../../src/reducer/actions.js';
import { applyActions } from '../../src/reducer/reduce.js';
import { initialState } from '../../src/reducer/state.js';
import { toSnapshot } from '../../src/snapshot/snapshot.js';
import { callsOf } from '../harness.js';

const start = (callId: string): StreamEvent => ({
  type: 'tool-start',
  callId,
  phase: 'call',
  toolName: 'tool',
  kind: 'tool',
  parentCallId: null,
  agent: null,
  eventType: 'call',
  details: null,
});
const args = (callId: string, delta: string): StreamEvent => ({ type: 'tool-args-delta', callId, delta });
const end = (
  callId: string,
  extra: Partial<Extract<StreamEvent, { type: 'tool-end' }>> = {},
): StreamEvent => ({
  type: 'tool-end',
  callId,
  phase: 'call',
  output: null,
  details: null,
  error: null,
  ...extra,
});

/** Applies each action as its own batch, as a live store with per-frame publishing would. */
function run(actions: readonly ToolStreamAction[], from: ToolStreamState = begin()): ToolStreamState {
  return actions.reduce((state, action) => applyActions(state, [action], 0), from);
}
function begin(): ToolStreamState {
  return applyActions(
    initialState(),
    [
      {
        type: 'run-start',
        assistantMessageId: 'assistant-1',
        placement: { kind: 'append', userMessage: null },
        protocol: null,
      },
    ],
    0,
  );
}

describe('tool-call arguments in state', () => {
  it('exposes the partial arguments while they stream, then the parsed object', () => {
    const streaming = run([start('c'), args('c', '{"path": "a.ts", "lines": [1, 2')]);
    expect(callsOf(streaming).c!.args).toEqual({ path: 'a.ts', lines: [1, 2] });
    expect(callsOf(streaming).c!.argsText).toBe('{"path": "a.ts", "lines": [1, 2');
    expect(callsOf(streaming).c!.status).toBe('streaming');
    const done = run([args('c', ']}'), end('c')], streaming);
    expect(callsOf(done).c!.args).toEqual({ path: 'a.ts', lines: [1, 2] });
    expect(callsOf(done).c!.argsError).toBeNull();
    expect(toSnapshot(done).toolCalls[0]).toMatchObject({
      arguments: { path: 'a.ts', lines: [1, 2] },
      arguments_raw: '{"path": "a.ts", "lines": [1, 2]}',
    });
  });

  it('leaves unchanged calls and argument values with their identity (structural sharing)', () => {
    const before = run([start('a'), args('a', '{"x": {"y": 1}, "s": "'), start('b'), args('b', '{"q": "')]);
    const after = run([args('b', 'more')], before);
    expect(callsOf(after).a).toBe(callsOf(before).a);
    expect(callsOf(after).b).not.toBe(callsOf(before).b);
    const whitespace = run([args('a', '')], before);
    expect(callsOf(whitespace).a!.args).toBe(callsOf(before).a!.args);
    const grown = run([args('a', 'z')], before);
    expect((callsOf(grown).a!.args as { x: unknown }).x).toBe((callsOf(before).a!.args as { x: unknown }).x);
  });

  it('does not change an earlier state, and a branch from it is independent', () => {
    const base = run([start('c'), args('c', '{"v": "a')]);
    const frozen = JSON.stringify(base);
    const left = run([args('c', 'b"}'), end('c')], base);
    const right = run([args('c', 'c"}'), end('c')], base);
    expect(JSON.stringify(base)).toBe(frozen);
    expect(callsOf(left).c!.args).toEqual({ v: 'ab' });
    expect(callsOf(right).c!.args).toEqual({ v: 'ac' });
  });

  it('stays plain JSON, and a state restored from JSON streams on', () => {
    const state = run([start('c'), args('c', '{"list": [{"a": 1}, {"b": "te')]);
    const restored = JSON.parse(JSON.stringify(state)) as ToolStreamState;
    expect(restored).toEqual(state);
    const next = run([args('c', 'xt"}]}'), end('c')], restored);
    expect(callsOf(next).c!.args).toEqual({ list: [{ a: 1 }, { b: 'text' }] });
  });

  it('reports invalid arguments as a protocol error naming the call, never throws', () => {
    const state = run([start('bad'), args('bad', '{"a": 1,,}'), end('bad')]);
    expect(callsOf(state).bad!.args).toBeNull();
    expect(callsOf(state).bad!.argsError).toMatch(/^invalid JSON/);
    expect(state.errors).toHaveLength(1);
    expect(state.errors[0]).toMatchObject({ code: 'protocol', callId: 'bad', fatal: false });
    expect(state.errors[0]!.message).toContain('"bad"');
    expect(toSnapshot(state).toolCalls[0]).toMatchObject({
      is_complete: true,
      arguments: null,
      arguments_raw: '{"a": 1,,}',
    });
  });

  it('takes final text and values from tool-end when the adapter gives them', () => {
    const text = run([start('t'), args('t', '{"lost": '), end('t', { argsText: '{"a": 2}' })]);
    expect(callsOf(text).t).toMatchObject({ args: { a: 2 }, argsText: '{"a": 2}', argsError: null });
    const value = run([
      start('v'),
      { type: 'tool-args-delta', callId: 'v', delta: 'SELECT', args: { input: 'SELECT' } },
      end('v', { args: { input: 'SELECT 1' }, argsText: 'SELECT 1' }),
    ]);
    expect(callsOf(value).v).toMatchObject({
      args: { input: 'SELECT 1' },
      argsText: 'SELECT 1',
      argsError: null,
    });
  });

  it('reports arguments after the call phase completed', () => {
    const state = run([start('c'), args('c', '{}'), end('c'), args('c', '{"late": 1}')]);
    expect(callsOf(state).c!.argsText).toBe('{}');
    expect(state.errors[0]).toMatchObject({ code: 'protocol', callId: 'c' });
  });

  it('a call opened but never closed is incomplete in the snapshot, with its raw text', () => {
    const state = run([
      start('open'),
      args('open', '{"q": "par'),
      { type: 'run-end', status: 'done', error: null },
    ]);
    expect(toSnapshot(state).toolCalls[0]).toMatchObject({
      is_complete: false,
      arguments: null,
      arguments_raw: '{"q": "par',
    });
  });

  it('protocols without arguments keep arguments and arguments_raw null, and reasoning ""', async () => {
    const primary = `data: ${JSON.stringify({
      message: 'Hi',
      citations: [],
      tool_calls: [
        { call_id: 'p', event_type: 'call', tool_name: 'x', tool_response: 'r', tool_call_details: {} },
      ],
    })}\n\n`;
    const snapshot = await reduceStream(primary);
    expect(snapshot.reasoning).toBe('');
    expect(snapshot.toolCalls[0]).toMatchObject({
      call_id: 'p',
      is_complete: true,
      arguments: null,
      arguments_raw: null,
    });
  });
});
