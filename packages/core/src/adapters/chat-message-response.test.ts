import { describe, expect, it } from 'vitest';
import {
  adapterEvents,
  answerOf,
  assistantText,
  callOrderOf,
  callsOf,
  errorsWith,
  readFrames,
} from '../../test/harness.js';
import { call, chunk, cite, part, sseFrame, text, tools } from '../../test/sse-builder.js';
import { EXCERPT_LENGTH } from '../errors.js';
import type { ChatMessageResponse, SseFrame } from '../protocol/wire.js';
import { chatMessageResponseProtocol, createChatMessageResponseAdapter } from './chat-message-response.js';

/** The events of frames read by a fresh adapter, the stream not (yet) ended. */
function events(...frames: (ChatMessageResponse | SseFrame)[]) {
  return adapterEvents(
    createChatMessageResponseAdapter(),
    frames.map((f) => ('data' in f ? f : sseFrame(f))),
    false,
  );
}

describe('events of the primary protocol', () => {
  it('a complete call: one start, one end with the tool_response', () => {
    expect(
      events(tools(call({ id: 'c1', name: 'search', response: 'found', details: { summary: 's' } }))),
    ).toEqual([
      {
        type: 'tool-start',
        callId: 'c1',
        phase: 'call',
        toolName: 'search',
        kind: 'tool',
        parentCallId: null,
        agent: null,
        eventType: 'call',
        details: { summary: 's' },
      },
      { type: 'tool-end', callId: 'c1', phase: 'call', output: 'found', details: null, error: null },
    ]);
  });

  it('a streamed phase: one start, a delta per part, an end on the last', () => {
    const result = events(
      tools(
        part('d1', 'Hel', { type: 'delegation_result', details: { agent: 'scout', parent_call_id: 'p' } }),
      ),
      tools(part('d1', 'lo', { type: 'delegation_result', details: { progress: 2 } })),
      tools(part('d1', '!', { type: 'delegation_result', complete: true })),
    );
    expect(result.map((e) => e.type)).toEqual([
      'tool-start',
      'tool-delta',
      'tool-delta',
      'tool-delta',
      'tool-end',
    ]);
    expect(result[0]).toMatchObject({
      phase: 'result',
      kind: 'delegation',
      agent: 'scout',
      parentCallId: 'p',
    });
    // Details ride on the start the first time, on the delta after that.
    expect(result[1]).toMatchObject({ delta: 'Hel', details: null });
    expect(result[2]).toMatchObject({ delta: 'lo', details: { progress: 2 } });
    expect(result[4]).toMatchObject({ type: 'tool-end', output: null });
  });

  it.each<[string, ChatMessageResponse, string | null]>([
    [
      'tool_response wins on the final part',
      tools(part('c1', 'z', { complete: true, response: 'WHOLE' })),
      'WHOLE',
    ],
    ['an empty tool_response keeps the parts', tools(part('c1', 'z', { complete: true })), null],
    [
      'no stream_part: a complete update, whatever is_complete says',
      tools(call({ id: 'c1', complete: false, response: 'r' })),
      'r',
    ],
    ['a null stream_part is a complete update', tools(call({ id: 'c1', part: null, response: 'r' })), 'r'],
  ])('%s', (_name, final, output) => {
    const result = events(tools(part('c1', 'a')), final);
    expect(result.at(-1)).toMatchObject({ type: 'tool-end', callId: 'c1', output });
  });

  it('a part without is_complete is final (the default is true)', () => {
    const entry = part('c1', 'x');
    delete entry.is_complete;
    expect(events(tools(entry)).map((e) => e.type)).toEqual(['tool-start', 'tool-delta', 'tool-end']);
  });

  it('an entry with a field of the wrong type is rejected whole, with one protocol error', () => {
    const entry = { ...part('c1', ''), stream_part: 42 } as unknown as ReturnType<typeof part>;
    expect(events(tools(entry, call({ id: 'c2' })))).toEqual([
      {
        type: 'protocol-error',
        error: expect.objectContaining({ code: 'protocol', message: 'stream_part is 42, not a string' }),
      },
      expect.objectContaining({ type: 'tool-start', callId: 'c2' }),
      expect.objectContaining({ type: 'tool-end', callId: 'c2' }),
    ]);
  });

  it('a clean end of the stream is its end (done), unless a done or an error event already said so', () => {
    const end = (...frames: SseFrame[]) =>
      adapterEvents(createChatMessageResponseAdapter(), frames, true).filter((e) => e.type === 'done');
    expect(end(sseFrame(text('a')))).toHaveLength(1);
    expect(end(sseFrame(text('a')), sseFrame('', { event: 'done' }))).toHaveLength(1);
    expect(end(sseFrame('boom', { event: 'error' }))).toHaveLength(0);
  });

  it('a result implies the call phase: a later call chunk is a part after completion', () => {
    const result = events(tools(call({ id: 'c1', type: 'result' })), tools(call({ id: 'c1', type: 'call' })));
    expect(result.at(-1)).toMatchObject({
      type: 'protocol-error',
      error: { code: 'protocol', callId: 'c1' },
    });
  });

  it('text, citations and calls of one frame come out in that order', () => {
    const result = events(
      chunk({ message: 'hi', citations: ['a', 7 as unknown as string], tool_calls: [call({ id: 'c' })] }),
    );
    // The citation that is not a string is reported (once), the good one kept.
    expect(result.map((e) => e.type)).toEqual([
      'text-delta',
      'citations',
      'protocol-error',
      'tool-start',
      'tool-end',
    ]);
    expect(result[1]).toEqual({ type: 'citations', citations: [{ source: 'a' }] });
  });

  it.each<[string, SseFrame, string]>([
    ['[DONE]', sseFrame('[DONE]'), 'done'],
    ['event: done', sseFrame('', { event: 'done' }), 'done'],
    ['event: error', sseFrame('overloaded', { event: 'error' }), 'server-error'],
    ['a gateway {"error": …} frame', sseFrame({ error: { message: 'quota' } }), 'server-error'],
  ])('%s', (_name, frame, type) => {
    expect(events(frame).map((e) => e.type)).toEqual([type]);
  });

  it('reads the error message of error frames', () => {
    expect(events(sseFrame({ error: { message: 'quota' } }))[0]).toMatchObject({
      error: { message: 'quota', fatal: true },
    });
    expect(events(sseFrame({ message: 'bad' }, { event: 'error' }))[0]).toMatchObject({
      error: { message: 'bad' },
    });
    expect(events(sseFrame('', { event: 'error' }))[0]).toMatchObject({
      error: { message: 'The server reported an error.' },
    });
  });

  it('reads a frame handed over already parsed', () => {
    const frame: SseFrame = { data: '', json: text('parsed') };
    expect(events(frame)).toEqual([{ type: 'text-delta', delta: 'parsed' }]);
  });

  it('sniffs its own frames only', () => {
    const sniff = (frame: SseFrame) => chatMessageResponseProtocol.sniff(frame, JSON.parse(frame.data));
    expect(sniff(sseFrame(text('x')))).toBe(true);
    expect(sniff(sseFrame({ tool_calls: [] }))).toBe(true);
    expect(sniff(sseFrame(text('x'), { event: 'message' }))).toBe(true);
    expect(sniff(sseFrame(text('x'), { event: 'delta' }))).toBe(false);
    expect(sniff(sseFrame({ choices: [] }))).toBe(false);
  });
});

describe('semantics, from wire chunks to state', () => {
  it('same call_id = one call; call and result are two phases', () => {
    const { state } = readFrames([
      tools(call({ id: 'c1', name: 'search', response: '{"q":"x"}' })),
      tools(call({ id: 'c1', type: 'result', name: 'search', response: '3 hits' })),
    ]);
    expect(callOrderOf(state)).toEqual(['c1']);
    expect(callsOf(state).c1).toMatchObject({
      toolName: 'search',
      kind: 'tool',
      status: 'complete',
      eventType: 'result',
      call: { text: '{"q":"x"}', complete: true },
      result: { text: '3 hits', complete: true },
    });
  });

  it.each([
    ['call', 'result', 'tool'],
    ['delegation_call', 'delegation_result', 'delegation'],
  ] as const)(
    'a complete %s phase does not block streaming of the %s phase',
    (callType, resultType, kind) => {
      const { states, state } = readFrames([
        tools(call({ id: 'c1', type: callType, response: 'args' })),
        tools(part('c1', 'Hel', { type: resultType })),
        tools(part('c1', 'lo', { type: resultType })),
        tools(part('c1', '', { type: resultType, complete: true })),
      ]);
      expect(callsOf(states[1]!).c1).toMatchObject({
        status: 'streaming',
        result: { text: 'Hel', complete: false },
      });
      expect(callsOf(states[2]!).c1!.result!.text).toBe('Hello');
      expect(callsOf(state).c1).toMatchObject({
        kind,
        status: 'complete',
        result: { text: 'Hello', complete: true },
      });
      expect(state.errors).toEqual([]);
    },
  );

  it('a result phase without a call phase', () => {
    const { state } = readFrames([tools(call({ id: 'r1', type: 'delegation_result', response: 'summary' }))]);
    expect(callsOf(state).r1).toMatchObject({
      kind: 'delegation',
      status: 'complete',
      call: { complete: true },
      result: { text: 'summary' },
    });
  });

  it('accumulates stream_part until is_complete, then the final tool_response wins', () => {
    const { states } = readFrames([
      tools(part('c1', 'a')),
      tools(part('c1', 'b')),
      tools(part('c1', 'c', { complete: true, response: 'the whole answer' })),
    ]);
    expect(states.map((s) => [callsOf(s).c1!.call.text, callsOf(s).c1!.status])).toEqual([
      ['a', 'streaming'],
      ['ab', 'streaming'],
      ['the whole answer', 'running'],
    ]);
  });

  it('a final part with an empty tool_response keeps the accumulated text, last part included', () => {
    const { state } = readFrames([tools(part('c1', 'a')), tools(part('c1', 'b', { complete: true }))]);
    expect(callsOf(state).c1!.call).toMatchObject({ text: 'ab', complete: true });
  });

  it('interleaves several calls, within a frame and across frames', () => {
    const { state } = readFrames([
      tools(part('a', 'A1'), part('b', 'B1')),
      tools(part('c', 'C1')),
      tools(part('b', 'B2'), part('a', 'A2', { complete: true })),
      tools(part('c', 'C2', { complete: true }), part('b', 'B3', { complete: true })),
    ]);
    expect(callOrderOf(state)).toEqual(['a', 'b', 'c']);
    expect(callOrderOf(state).map((id) => callsOf(state)[id]!.call.text)).toEqual(['A1A2', 'B1B2B3', 'C1C2']);
    expect(state.errors).toEqual([]);
  });

  it('keeps text and calls as ordered message parts', () => {
    const { state } = readFrames([
      text('Searching. '),
      chunk({ message: 'Two things: ', tool_calls: [call({ id: 'a' }), call({ id: 'b' })] }),
      text('Found.'),
    ]);
    const message = state.messages.at(-1);
    expect(message?.role === 'assistant' && message.parts).toEqual([
      { type: 'text', text: 'Searching. Two things: ' },
      { type: 'tool-call', callId: 'a' },
      { type: 'tool-call', callId: 'b' },
      { type: 'text', text: 'Found.' },
    ]);
  });

  it('nests calls under delegations by parent_call_id, any depth, with agent names', () => {
    const { state } = readFrames([
      tools(call({ id: 'd1', type: 'delegation_call', name: 'delegate', details: { agent: 'research' } })),
      tools(call({ id: 'd2', type: 'delegation_call', details: { parent_call_id: 'd1', agent: 'deep' } })),
      tools(call({ id: 't1', details: { parent_call_id: 'd2', agent: 'deep' } })),
      tools(call({ id: 't2', details: { parent_call_id: 'd1' } })),
      tools(call({ id: 'top' })),
    ]);
    expect(answerOf(state).children).toEqual({ d1: ['d2', 't2'], d2: ['t1'] });
    expect(callsOf(state).d1).toMatchObject({ parentId: null, agent: 'research', kind: 'delegation' });
    expect(callsOf(state).t1).toMatchObject({ parentId: 'd2', agent: 'deep', kind: 'tool' });
    const message = state.messages.at(-1);
    expect(message?.role === 'assistant' && message.parts).toEqual([
      { type: 'tool-call', callId: 'd1' },
      { type: 'tool-call', callId: 'top' },
    ]);
  });

  it('merges tool_call_details, later keys overriding', () => {
    const { state } = readFrames([
      tools(part('c1', 'a', { details: { summary: 'start', step: 1 } })),
      tools(part('c1', 'b', { details: { step: 2, extra: true } })),
      tools(part('c1', 'c', { complete: true, details: { summary: 'end' } })),
      tools(call({ id: 'c1', type: 'result', details: { step: 3 } })),
    ]);
    expect(callsOf(state).c1!.details).toEqual({ summary: 'end', step: 3, extra: true });
  });

  it('keeps citations unique in first-arrival order', () => {
    const { state } = readFrames([cite('b.md', 'a.md'), cite('a.md', 'c.md', 'b.md'), cite('d.md')]);
    const message = state.messages.at(-1);
    expect(message?.role === 'assistant' && message.citations).toEqual(
      ['b.md', 'a.md', 'c.md', 'd.md'].map((source) => ({ source })),
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['tool_call_details.error', { error: 'timeout after 30s' }, 'timeout after 30s'],
    ['status: "error"', { status: 'error' }, 'the tool reported a failure'],
    ['status: "failed"', { status: 'failed' }, 'the tool reported a failure'],
  ])('a tool failure via %s: status error and a tool-failed error', (_name, details, message) => {
    const { state } = readFrames([
      tools(call({ id: 'c1', name: 'fetch' })),
      tools(call({ id: 'c1', type: 'result', name: 'fetch', details })),
      text('sorry'),
    ]);
    expect(callsOf(state).c1).toMatchObject({ status: 'error', error: message });
    expect(errorsWith(state, 'tool-failed')).toEqual([
      expect.objectContaining({ callId: 'c1', fatal: false }),
    ]);
    expect(state.status).toBe('streaming');
  });

  it('a failure on a streamed final part', () => {
    const { state } = readFrames([
      tools(part('c1', 'x')),
      tools(part('c1', 'y', { complete: true, details: { error: 'x' } })),
    ]);
    expect(callsOf(state).c1!.status).toBe('error');
  });
});

describe('bad input never throws, is recorded with the frame, and the stream goes on', () => {
  const good = text('still here');
  const cases: { name: string; frame: SseFrame; message: RegExp; setup?: ChatMessageResponse[] }[] = [
    { name: 'invalid JSON', frame: sseFrame('{"message": "x"'), message: /not valid JSON/ },
    { name: 'plain text', frame: sseFrame('hello'), message: /not valid JSON/ },
    { name: 'a JSON array', frame: sseFrame('[1,2]'), message: /not a JSON object/ },
    { name: 'JSON null', frame: { data: 'null', json: null }, message: /not a JSON object/ },
    { name: 'a JSON number', frame: { data: '42', json: 42 }, message: /not a JSON object/ },
    {
      name: 'an object of another format',
      frame: sseFrame({ foo: 1 }),
      message: /not a ChatMessageResponse/,
    },
    {
      name: 'a missing call_id',
      frame: sseFrame(tools({ ...call({ id: 'x' }), call_id: undefined as unknown as string })),
      message: /without call_id/,
    },
    { name: 'an empty call_id', frame: sseFrame(tools(call({ id: '' }))), message: /without call_id/ },
    {
      name: 'an unknown event_type',
      frame: sseFrame(tools(call({ id: 'c', type: 'invoke' as 'call' }))),
      message: /unknown event_type "invoke"/,
    },
    {
      name: 'a tool_calls entry that is not an object',
      frame: sseFrame(chunk({ tool_calls: ['c1' as unknown as never] })),
      message: /not an object/,
    },
    {
      name: 'tool_calls not an array',
      frame: sseFrame({ message: '', tool_calls: { call_id: 'c' } }),
      message: /tool_calls is not an array/,
    },
    {
      name: 'citations not an array',
      frame: sseFrame({ message: '', citations: 'a.md' }),
      message: /citations is not an array/,
    },
    {
      name: 'message not a string',
      frame: sseFrame({ message: 5, tool_calls: [] }),
      message: /message is not a string/,
    },
    {
      name: 'a part after completion',
      setup: [tools(call({ id: 'c1', response: 'done' }))],
      frame: sseFrame(tools(part('c1', 'late'))),
      message: /part after completion/,
    },
    {
      name: 'a complete update after completion',
      setup: [tools(part('c1', 'a')), tools(part('c1', 'b', { complete: true }))],
      frame: sseFrame(tools(call({ id: 'c1', response: 'again' }))),
      message: /part after completion/,
    },
    {
      name: 'a result part after the result completed',
      setup: [tools(call({ id: 'c1', type: 'delegation_result' }))],
      frame: sseFrame(tools(part('c1', 'x', { type: 'delegation_result' }))),
      message: /result phase of call "c1" is already complete/,
    },
  ];

  it.each(cases)('$name: exactly one protocol error, with the frame', ({ frame, message, setup = [] }) => {
    const { states, state } = readFrames([...setup, frame, good]);
    const before = setup.length === 0 ? [] : states[setup.length - 1]!.errors;
    const added = states[setup.length]!.errors.slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ code: 'protocol', fatal: false, retryable: false });
    expect(added[0]!.message).toMatch(message);
    expect(added[0]).toMatchObject({ frame: frame.data === '' ? JSON.stringify(frame.json) : frame.data });
    // The stream goes on, and the offending frame changed no call.
    expect(assistantText(state)).toBe('still here');
    expect(state.status).toBe('streaming');
    if (setup.length > 0) expect(callsOf(states[setup.length]!)).toBe(callsOf(states[setup.length - 1]!));
  });

  it('truncates the recorded frame', () => {
    const long = `{"message": "${'x'.repeat(EXCERPT_LENGTH * 2)}`;
    const { state } = readFrames([sseFrame(long)]);
    expect(state.errors[0]).toMatchObject({ frame: `${long.slice(0, EXCERPT_LENGTH)}…` });
  });

  it('keeps the good entries of a frame with a bad one', () => {
    const { state } = readFrames([
      tools(
        call({ id: 'ok1' }),
        call({ id: '' }),
        call({ id: 'bad', type: 'nope' as 'call' }),
        call({ id: 'ok2' }),
      ),
    ]);
    expect(callOrderOf(state)).toEqual(['ok1', 'ok2']);
    expect(errorsWith(state, 'protocol')).toHaveLength(2);
  });

  it('one error per offending chunk, for each repeated offence', () => {
    const late = tools(part('c1', 'late'));
    const { state } = readFrames([tools(call({ id: 'c1' })), late, late, late]);
    expect(errorsWith(state, 'protocol')).toHaveLength(3);
  });
});
