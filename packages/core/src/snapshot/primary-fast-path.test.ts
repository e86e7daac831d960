import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, frame, ndjson, part, sse, sseFrame, text, tools, typed } from '../../test/sse-builder.js';
import type { SseFrame } from '../protocol/wire.js';
import { Draft } from '../reducer/draft.js';
import { openReducer } from '../reducer/reduce.js';
import { initialState, type ToolStreamState } from '../reducer/state.js';
import { createPrimaryFastPath } from './primary-fast-path.js';
import { readStreamToState } from './reduce-stream.js';

const NOW = 1_700_000_000_000;

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A fast path on a fresh in-place state, as `reduceStream` opens it. */
function openFastPath() {
  const reducer = openReducer(initialState(), NOW, new Draft({ inPlace: true }));
  reducer.apply({ type: 'run-start', assistantMessageId: 'assistant-1', userMessage: null, protocol: null });
  return { reducer, fast: createPrimaryFastPath(reducer) };
}

/** The final state through the fast path and through the general path. */
async function bothPaths(stream: string) {
  const read = (fastPath: boolean): Promise<ToolStreamState> => readStreamToState(stream, {}, { fastPath });
  return { fast: await read(true), general: await read(false) };
}

describe('the fast path reads well-formed frames', () => {
  it('applies text, calls, pieces and completions straight to the state', () => {
    const { reducer, fast } = openFastPath();
    const frames: SseFrame[] = [
      sseFrame(text('Looking'), { id: '1' }),
      sseFrame(tools(call({ id: 'd1', type: 'delegation_call', name: 'writer', details: { agent: 'w' } })), {
        id: '2',
      }),
      sseFrame(tools(part('d1', 'Dra', { type: 'delegation_result', name: 'writer' })), { id: '3' }),
      sseFrame(
        tools(
          part('d1', 'ft', {
            type: 'delegation_result',
            name: 'writer',
            details: { progress: 2 },
            complete: true,
          }),
        ),
        { id: '4' },
      ),
    ];
    for (const f of frames) expect(fast.push(f)).toBeNull();
    const state = reducer.state;
    expect(fast.started).toBe(true);
    expect(fast.lastEventId).toBe('4');
    expect(state.status).toBe('streaming');
    expect(state.messages[0]).toMatchObject({
      parts: [
        { type: 'text', text: 'Looking' },
        { type: 'tool-call', callId: 'd1' },
      ],
    });
    expect(state.calls.d1).toMatchObject({
      kind: 'delegation',
      agent: 'w',
      phase: 'result',
      eventType: 'delegation_result',
      status: 'complete',
      details: { agent: 'w', progress: 2 },
      call: { complete: true, streamed: false },
      result: { text: 'Draft', streamed: true, complete: true, completedAt: NOW },
      completedAt: NOW,
    });
  });

  it('reads a JSON object with blanks before it, as the general path does', async () => {
    const { reducer, fast } = openFastPath();
    const padded: SseFrame = { data: ` \t${JSON.stringify(text('padded'))}`, id: '1' };
    expect(fast.push(padded)).toBeNull();
    expect(reducer.state.messages[0]).toMatchObject({ parts: [{ type: 'text', text: 'padded' }] });

    const stream = `data:  ${JSON.stringify(tools(call({ id: 'c1', name: 'search', response: 'ok' })))}\n\n`;
    const { fast: viaFast, general } = await bothPaths(stream);
    expect(viaFast).toEqual(general);
    expect(viaFast.calls.c1).toMatchObject({ toolName: 'search', call: { text: 'ok', complete: true } });
  });

  it('drops a frame whose SSE id was applied already', () => {
    const { reducer, fast } = openFastPath();
    expect(fast.push(sseFrame(text('once'), { id: '7' }))).toBeNull();
    expect(fast.push(sseFrame(text('once'), { id: '7' }))).toBeNull();
    expect(reducer.state.messages[0]).toMatchObject({ parts: [{ type: 'text', text: 'once' }] });
  });
});

describe('the fast path hands over to the general path', () => {
  it('on a first frame of another protocol, whole and with its id, having read nothing', () => {
    const { fast } = openFastPath();
    const typedFrame: SseFrame = { event: 'message', data: 'hello', id: '1' };
    expect(fast.push(typedFrame)).toEqual(typedFrame);
    expect(fast.started).toBe(false);
    // Stopped for good: later frames go back untouched.
    const later = sseFrame(text('x'), { id: '2' });
    expect(fast.push(later)).toBe(later);
  });

  it('on data that is JSON but not an object, whole, having read nothing', () => {
    for (const data of ['[1,2]', '42', '"text"', 'null']) {
      const { fast } = openFastPath();
      const notAnObject: SseFrame = { data, id: '1' };
      expect(fast.push(notAnObject)).toBe(notAnObject);
      expect(fast.started).toBe(false);
    }
  });

  it('mid-frame, with the entries it did not apply and without the id it recorded', () => {
    const { reducer, fast } = openFastPath();
    expect(fast.push(sseFrame(tools(call({ id: 'c1', name: 'search' }))))).toBeNull();
    const failing = call({ id: 'c2', name: 'fetch', details: { error: 'timeout' } });
    const after = call({ id: 'c3', name: 'sql' });
    const mixed = sseFrame(
      { message: 'Hi', citations: [], tool_calls: [call({ id: 'c4' }), failing, after] },
      {
        id: '5',
      },
    );
    const rest = fast.push(mixed);
    expect(rest).toEqual({ event: undefined, data: mixed.data, json: { tool_calls: [failing, after] } });
    expect(fast.lastEventId).toBe('5');
    // What came before the failing entry is applied; the rest is not.
    expect(reducer.state.callOrder).toEqual(['c1', 'c4']);
    expect(reducer.state.messages[0]).toMatchObject({
      parts: [{ type: 'tool-call' }, { type: 'text', text: 'Hi' }, { type: 'tool-call' }],
    });
  });

  it('tells the adapter which phases it opened and closed', () => {
    const { fast } = openFastPath();
    fast.push(sseFrame(tools(call({ id: 'c1' }), part('c2', 'a'), call({ id: 'c3', type: 'result' }))));
    fast.push(sseFrame(tools(part('c4', 'x'), part('c4', 'y', { type: 'result' }))));
    const bits = Object.fromEntries([...fast.adapterCalls()].map(([id, entry]) => [id, entry.bits]));
    // 1 call opened, 2 result opened, 4 call closed, 8 result closed.
    expect(bits).toEqual({ c1: 1 | 4, c2: 1, c3: 1 | 2 | 4 | 8, c4: 1 | 2 | 4 });
  });
});

describe('after a hand-over the general path goes on from what the fast path read', () => {
  it('reports a part after completion of a call the fast path completed', async () => {
    const stream = sse(
      tools(call({ id: 'c1', name: 'search', response: 'done' })),
      frame('not json'),
      tools(part('c1', 'late')),
    );
    const { fast, general } = await bothPaths(stream);
    expect(fast).toEqual(general);
    expect(fast.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('not valid JSON'),
      expect.stringContaining('part after completion'),
    ]);
    expect(fast.calls.c1!.call.text).toBe('done');
  });

  it('skips an SSE id the fast path applied', async () => {
    const stream = [
      frame(text('one'), { id: '1' }),
      frame('', { event: 'ping' }),
      frame(text('one'), { id: '1' }),
      frame(text(' two'), { id: '2' }),
    ].join('');
    const { fast, general } = await bothPaths(stream);
    expect(fast).toEqual(general);
    expect(fast.messages[0]).toMatchObject({ parts: [{ type: 'text', text: 'one two' }] });
    expect(fast.run.lastEventId).toBe('2');
  });

  it('fills in a call that the result names an agent and a tool for', async () => {
    const stream = sse(
      tools(call({ id: 'c1', name: '' })),
      tools(part('c1', 'r', { type: 'result', name: 'search', details: { agent: 'scout' }, complete: true })),
    );
    const { fast, general } = await bothPaths(stream);
    expect(fast).toEqual(general);
    expect(fast.calls.c1).toMatchObject({ toolName: 'search', agent: 'scout', status: 'complete' });
  });

  it('reads NDJSON the same way', async () => {
    const stream = ndjson(text('a'), tools(part('c1', 'x'), part('c1', 'y', { complete: true })), text('b'));
    const { fast, general } = await bothPaths(stream);
    expect(fast).toEqual(general);
    expect(fast.calls.c1!.call).toMatchObject({ text: 'xy', complete: true });
  });

  it('reads a stream of another protocol entirely on the general path', async () => {
    const stream = [typed('message', 'Hel'), typed('message', 'lo'), typed('done')].join('');
    const { fast, general } = await bothPaths(stream);
    expect(fast).toEqual(general);
    expect(fast.run.protocol).toBe('typed-events');
  });

  it('names the primary protocol for a stream it read whole, and none for a stream with no frames', async () => {
    const whole = await bothPaths(sse(text('a'), tools(part('c1', 'x', { complete: true }))));
    expect(whole.fast).toEqual(whole.general);
    expect(whole.fast.run.protocol).toBe('chat-message-response');
    for (const stream of ['', ': a comment only\n\n', 'retry: 100\n\n']) {
      const { fast, general } = await bothPaths(stream);
      expect(fast).toEqual(general);
      expect(fast.run.protocol).toBeNull();
    }
  });
});
