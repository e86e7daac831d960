import { describe, expect, it } from 'vitest';
import { createCallWriter, type FinalArguments } from '../../src/adapters/providers/provider-events.js';
import { reduceStream, type ToolStreamState } from '../../src/index.js';
import type { StreamEvent } from '../../src/protocol/events.js';
import type { ToolStreamAction } from '../../src/reducer/actions.js';
import { applyActions } from '../../src/reducer/reduce.js';
import { initialState } from '../../src/reducer/state.js';
import { toSnapshot } from '../../src/snapshot/snapshot.js';
import { callsOf } from '../harness.js';

/**
 * Events as a provider adapter emits them for its calls (`createCallWriter`: the arguments are
 * read as they stream, in the adapter). One writer per stream; `writer()` makes a fresh one.
 */
function writer() {
  const calls = createCallWriter();
  const collect = (write: (emit: (event: StreamEvent) => void) => void): StreamEvent[] => {
    const events: StreamEvent[] = [];
    write((event) => events.push(event));
    return events;
  };
  return {
    start: (callId: string) => collect((emit) => calls.startCall(emit, callId, 'tool')),
    args: (callId: string, delta: string) => collect((emit) => calls.argsDelta(emit, callId, delta)),
    end: (callId: string, final: FinalArguments = {}) =>
      collect((emit) => calls.endCall(emit, callId, final)),
  };
}

/** Applies each action as its own batch, as a live store with per-frame publishing would. */
function run(
  actions: readonly (ToolStreamAction | readonly StreamEvent[])[],
  from: ToolStreamState = begin(),
): ToolStreamState {
  return actions.flat().reduce((state, action) => applyActions(state, [action], 0), from);
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
    const { start, args, end } = writer();
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
    const { start, args } = writer();
    const before = run([start('a'), args('a', '{"x": {"y": 1}, "s": "'), start('b'), args('b', '{"q": "')]);
    const after = run([args('b', 'more')], before);
    expect(callsOf(after).a).toBe(callsOf(before).a);
    expect(callsOf(after).b).not.toBe(callsOf(before).b);
    const grown = run([args('a', 'z')], before);
    expect((callsOf(grown).a!.args as { x: unknown }).x).toBe((callsOf(before).a!.args as { x: unknown }).x);
    expect(args('a', '')).toEqual([]); // nothing to say: the call and its arguments stay as they are
    const spaced = writer();
    const [, empty] = spaced.start('s');
    const [whitespace] = spaced.args('s', '   ');
    expect(whitespace).toMatchObject({ args: {} });
    expect((whitespace as { args: unknown }).args).toBe((empty as { args: unknown }).args);
  });

  it('does not change an earlier state, and a branch from it is independent', () => {
    const left = writer();
    const right = writer();
    const base = run([left.start('c'), left.args('c', '{"v": "a')]);
    right.start('c');
    right.args('c', '{"v": "a');
    const frozen = JSON.stringify(base);
    const leftState = run([left.args('c', 'b"}'), left.end('c')], base);
    const rightState = run([right.args('c', 'c"}'), right.end('c')], base);
    expect(JSON.stringify(base)).toBe(frozen);
    expect(callsOf(leftState).c!.args).toEqual({ v: 'ab' });
    expect(callsOf(rightState).c!.args).toEqual({ v: 'ac' });
  });

  it('stays plain JSON, and a state restored from JSON streams on', () => {
    const { start, args, end } = writer();
    const state = run([start('c'), args('c', '{"list": [{"a": 1}, {"b": "te')]);
    const restored = JSON.parse(JSON.stringify(state)) as ToolStreamState;
    expect(restored).toEqual(state);
    const next = run([args('c', 'xt"}]}'), end('c')], restored);
    expect(callsOf(next).c!.args).toEqual({ list: [{ a: 1 }, { b: 'text' }] });
  });

  it('reports invalid arguments as a protocol error naming the call, never throws', () => {
    const { start, args, end } = writer();
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
    const { start, args, end } = writer();
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
    const { start, args, end } = writer();
    const state = run([start('c'), args('c', '{}'), end('c'), args('c', '{"late": 1}')]);
    expect(callsOf(state).c!.argsText).toBe('{}');
    expect(state.errors[0]).toMatchObject({ code: 'protocol', callId: 'c' });
  });

  it('a call opened but never closed is incomplete in the snapshot, with its raw text', () => {
    const { start, args } = writer();
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
