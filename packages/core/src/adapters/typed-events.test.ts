import { describe, expect, it } from 'vitest';
import {
  adapterEvents,
  assistantText,
  callListOf,
  callOrderOf,
  callsOf,
  errorsWith,
  readFrames,
} from '../../test/harness.js';
import { sseFrame } from '../../test/sse-builder.js';
import type { SseFrame } from '../protocol/wire.js';
import { createAdapterContext } from './adapter.js';
import { createTypedEventsAdapter, typedEventsProtocol } from './typed-events.js';

const ev = (event: string, data = '') => sseFrame(data, { event });

/** The events of frames read by a fresh adapter, the stream not (yet) ended. */
function events(...frames: SseFrame[]) {
  return adapterEvents(createTypedEventsAdapter(createAdapterContext()), frames, false);
}

function read(...frames: SseFrame[]) {
  return readFrames(frames, { protocol: 'typed-events' });
}

describe('typed-events adapter', () => {
  it('message events are text; a default event is a message', () => {
    expect(events(ev('message', 'Hel'), sseFrame('lo'), ev('message', ''))).toEqual([
      { type: 'text-delta', delta: 'Hel' },
      { type: 'text-delta', delta: 'lo' },
    ]);
  });

  it('keeps JSON-looking text as text', () => {
    expect(events(ev('message', '{"a":1}'))).toEqual([{ type: 'text-delta', delta: '{"a":1}' }]);
  });

  it('tool_start opens a call with a generated id; tool_end completes it', () => {
    const result = events(ev('tool_start', 'weather'), ev('tool_end', 'weather'));
    expect(result).toEqual([
      {
        type: 'tool-start',
        callId: 'tool-1',
        phase: 'call',
        toolName: 'weather',
        kind: 'tool',
        parentCallId: null,
        agent: null,
        eventType: 'tool_start',
        details: null,
      },
      { type: 'tool-end', callId: 'tool-1', phase: 'call', output: null, details: null, error: null },
      expect.objectContaining({
        type: 'tool-start',
        callId: 'tool-1',
        phase: 'result',
        eventType: 'tool_end',
      }),
      { type: 'tool-end', callId: 'tool-1', phase: 'result', output: null, details: null, error: null },
    ]);
  });

  it('tool_end closes the oldest open call of that name', () => {
    const { state } = read(
      ev('tool_start', 'weather'),
      ev('tool_start', 'time'),
      ev('tool_start', 'weather'),
      ev('tool_end', 'weather'),
    );
    expect(callOrderOf(state)).toEqual(['tool-1', 'tool-2', 'tool-3']);
    expect(
      callOrderOf(state).map((id) => [callsOf(state)[id]!.toolName, callsOf(state)[id]!.status]),
    ).toEqual([
      ['weather', 'complete'],
      ['time', 'pending'],
      ['weather', 'pending'],
    ]);
  });

  it('JSON tool events may name their own id and tool', () => {
    const { state } = read(
      ev('tool_start', JSON.stringify({ id: 'w1', name: 'weather' })),
      ev('tool_start', JSON.stringify({ call_id: 'w2', tool_name: 'weather' })),
      ev('tool_end', JSON.stringify({ id: 'w2', name: 'weather' })),
    );
    expect(callsOf(state).w1!.status).toBe('pending');
    expect(callsOf(state).w2).toMatchObject({ toolName: 'weather', status: 'complete' });
  });

  it('trims tool names', () => {
    expect(events(ev('tool_start', ' weather \n'))[0]).toMatchObject({ toolName: 'weather' });
  });

  it('a tool_end with nothing open is a protocol error', () => {
    const { state } = read(ev('tool_end', 'weather'), ev('message', 'goes on'));
    expect(errorsWith(state, 'protocol')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/"weather", which has not started/),
        frame: 'weather',
      }),
    ]);
    expect(assistantText(state)).toBe('goes on');
  });

  it('a tool_end for an id not open is a protocol error', () => {
    const { state } = read(
      ev('tool_start', 'weather'),
      ev('tool_end', JSON.stringify({ id: 'other', name: 'weather' })),
    );
    expect(errorsWith(state, 'protocol')).toHaveLength(1);
    expect(callsOf(state)['tool-1']!.status).toBe('pending');
  });

  it('an unknown event is a protocol error and the stream goes on', () => {
    const { state } = read(ev('thinking', 'hmm'), ev('message', 'ok'));
    expect(state.errors).toEqual([
      expect.objectContaining({
        code: 'protocol',
        message: 'unknown event "thinking"',
        frame: 'hmm',
        fatal: false,
      }),
    ]);
    expect(assistantText(state)).toBe('ok');
  });

  it('error ends the run with a fatal server error; a later done keeps it', () => {
    const { state } = read(
      ev('message', 'Let me check'),
      ev('tool_start', 'weather'),
      ev('error', 'Request timeout'),
      ev('done'),
    );
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'server', message: 'Request timeout', fatal: true });
    expect(callsOf(state)['tool-1']!.status).toBe('error');
    expect(assistantText(state)).toBe('Let me check');
  });

  it('done ends the run', () => {
    const { state } = read(ev('message', 'Seoul is clear.'), ev('done'));
    expect(state.status).toBe('done');
    expect(state.errors).toEqual([]);
  });

  it('the example run of the guide: text, two tools, more text', () => {
    const { state } = read(
      ev('message', 'Let me check both for you.'),
      ev('tool_start', 'weather'),
      ev('tool_end', 'weather'),
      ev('tool_start', 'time'),
      ev('tool_end', 'time'),
      ev('message', ' Seoul is clear, 3:00 PM.'),
      ev('done'),
    );
    expect(assistantText(state)).toBe('Let me check both for you. Seoul is clear, 3:00 PM.');
    const message = state.messages.at(-1);
    expect(message?.role === 'assistant' && message.parts.map((p) => p.type)).toEqual([
      'text',
      'tool-call',
      'tool-call',
      'text',
    ]);
    expect(callListOf(state).map((c) => c.status)).toEqual(['complete', 'complete']);
  });

  it.each<[string, SseFrame, boolean]>([
    ['tool_start', ev('tool_start', 'x'), true],
    ['tool_end', ev('tool_end', 'x'), true],
    ['plain text in a default event', sseFrame('hello'), true],
    ['plain text in a message event', ev('message', 'hello'), true],
    ['JSON data', sseFrame('{"message":"x"}'), false],
    ['[DONE]', sseFrame('[DONE]'), false],
    ['another event name', ev('delta', 'x'), false],
  ])('sniffs %s → %s', (_name, frame, expected) => {
    let json: unknown;
    try {
      json = JSON.parse(frame.data);
    } catch {
      json = undefined;
    }
    expect(typedEventsProtocol.sniff(frame, json)).toBe(expected);
  });
});
