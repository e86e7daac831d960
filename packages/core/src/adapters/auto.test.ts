import { describe, expect, it } from 'vitest';
import {
  adapterEvents,
  assistantText,
  callListOf,
  callOrderOf,
  errorsWith,
  readFrames,
} from '../../test/harness.js';
import { call, sseFrame, text, tools } from '../../test/sse-builder.js';
import type { SseFrame } from '../protocol/wire.js';
import { type AdapterDefinition, createAdapterContext } from './adapter.js';
import { createAdapter, createAutoAdapter, type ProtocolOption } from './auto.js';
import { chatMessageResponseProtocol } from './chat-message-response.js';

const ev = (event: string, data = '') => sseFrame(data, { event });

function auto(candidates?: readonly AdapterDefinition[]) {
  return createAutoAdapter(createAdapterContext(), candidates);
}

function read(...frames: SseFrame[]) {
  return readFrames(frames, { protocol: 'auto' });
}

describe('auto adapter', () => {
  it.each<[string, SseFrame[], string]>([
    ['a ChatMessageResponse', [sseFrame(text('hi'))], 'chat-message-response'],
    ['tool calls only', [sseFrame(tools(call({ id: 'c1' })))], 'chat-message-response'],
    ['plain text', [sseFrame('hi')], 'typed-events'],
    ['a message event', [ev('message', 'hi')], 'typed-events'],
    ['a tool_start event', [ev('tool_start', 'weather')], 'typed-events'],
    [
      'an unknown JSON object (falls back to the primary protocol)',
      [sseFrame({ foo: 1 })],
      'chat-message-response',
    ],
  ])('picks the format from %s', (_name, frames, protocol) => {
    const adapter = auto();
    expect(adapter.protocol).toBeNull();
    adapterEvents(adapter, frames);
    expect(adapter.protocol).toBe(protocol);
  });

  it('reads the whole stream with the adapter it picked', () => {
    const { state } = read(
      sseFrame(text('Hello ')),
      sseFrame(text('world')),
      sseFrame(tools(call({ id: 'c1' }))),
    );
    expect(assistantText(state)).toBe('Hello world');
    expect(callOrderOf(state)).toEqual(['c1']);
    expect(state.errors).toEqual([]);
  });

  it('reads a typed-events stream', () => {
    const { state } = read(
      ev('message', 'Checking'),
      ev('tool_start', 'weather'),
      ev('tool_end', 'weather'),
      ev('done'),
    );
    expect(assistantText(state)).toBe('Checking');
    expect(callListOf(state).map((c) => [c.toolName, c.status])).toEqual([['weather', 'complete']]);
    expect(state.status).toBe('done');
  });

  it.each<[string, SseFrame, string]>([
    ['event: done', ev('done'), 'done'],
    ['[DONE]', sseFrame('[DONE]'), 'done'],
    ['event: error', ev('error', 'guard rejected the request'), 'server-error'],
  ])('handles %s before deciding', (_name, frame, type) => {
    const adapter = auto();
    const result = adapterEvents(adapter, [frame]);
    expect(result.map((e) => e.type)).toEqual([type]);
    expect(result.some((e) => e.type === 'protocol-error')).toBe(false);
    expect(adapter.protocol).toBeNull();
  });

  it('an error before any content ends the run with a server error', () => {
    const { state } = read(ev('error', 'rate limit exceeded'), ev('done'));
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'server', message: 'rate limit exceeded' });
  });

  it.each<[string, string, string]>([
    // Groq's and OpenAI's shape (PROTOCOL.md §9.1: the provider's type in parentheses).
    [
      'an OpenAI-style error object',
      '{"error":{"message":"Failed to call a function.","type":"invalid_request_error"}}',
      'Failed to call a function. (invalid_request_error)',
    ],
    // Anthropic's: the outer `type` is the event's own name and says nothing.
    [
      'an Anthropic error event',
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      'Overloaded (overloaded_error)',
    ],
    ['a flat message', '{"message":"rate limit exceeded","code":"rate_limited"}', 'rate limit exceeded'],
    ['an error string', '{"error":"upstream timed out"}', 'upstream timed out'],
  ])('an event: error first frame keeps the provider’s type: %s', (_name, data, message) => {
    const { state } = read(ev('error', data));
    expect(state.error).toMatchObject({ code: 'server', message });
  });

  it('skips empty frames before deciding', () => {
    const adapter = auto();
    expect(adapterEvents(adapter, [sseFrame('')], false)).toEqual([]);
    expect(adapter.protocol).toBeNull();
    adapterEvents(adapter, [sseFrame(text('x'))]);
    expect(adapter.protocol).toBe('chat-message-response');
  });

  describe('a garbage first frame', () => {
    it('broken JSON does not decide the format, and is reported by the adapter chosen later', () => {
      const { state, events } = read(
        sseFrame('{"message": "Hel'),
        sseFrame(text('Hello')),
        sseFrame(text('!')),
      );
      expect(assistantText(state)).toBe('Hello!');
      expect(state.errors).toEqual([
        expect.objectContaining({
          code: 'protocol',
          message: 'frame is not valid JSON',
          frame: '{"message": "Hel',
        }),
      ]);
      expect(events.filter((e) => e.type === 'protocol-error')).toHaveLength(1);
    });

    it('broken JSON ahead of typed events becomes their text (nothing lost)', () => {
      const { state } = read(ev('message', '{'), ev('message', ' "a": 1 }'), ev('tool_start', 'x'));
      expect(assistantText(state)).toBe('{ "a": 1 }');
      expect(state.errors).toEqual([]);
    });

    it('an event nobody knows is handed to the adapter chosen later', () => {
      const { state } = read(ev('ping', 'x'), ev('message', 'text'));
      expect(assistantText(state)).toBe('text');
      expect(errorsWith(state, 'protocol')).toEqual([
        expect.objectContaining({ message: 'unknown event "ping"', frame: 'x' }),
      ]);
    });

    it('an unknown JSON object is reported by the primary protocol', () => {
      const { state } = read(sseFrame({ hello: 'world' }), sseFrame(text('ok')));
      expect(errorsWith(state, 'protocol')).toHaveLength(1);
      expect(assistantText(state)).toBe('ok');
    });

    it('frames that never decide are reported when the stream ends', () => {
      const adapter = auto();
      const result = adapterEvents(adapter, [sseFrame('{broken'), ev('ping', 'x')]);
      expect(result).toEqual([
        expect.objectContaining({
          type: 'protocol-error',
          error: expect.objectContaining({ frame: '{broken' }),
        }),
        expect.objectContaining({ type: 'protocol-error', error: expect.objectContaining({ frame: 'x' }) }),
      ]);
      expect(adapter.protocol).toBeNull();
    });

    it('holds back a bounded number of frames', () => {
      const adapter = auto();
      const garbage = Array.from({ length: 40 }, (_, i) => sseFrame(`{bad ${i}`));
      const during = adapterEvents(adapter, garbage, false);
      const after = adapterEvents(adapter, [], true);
      expect(during.length).toBeGreaterThan(0);
      expect(during.length + after.length).toBe(garbage.length);
    });
  });

  it('tries custom candidates in order, first match wins', () => {
    const seen: string[] = [];
    const custom = (name: string, accepts: boolean): AdapterDefinition => ({
      name,
      sniff: () => {
        seen.push(name);
        return accepts;
      },
      create: () => ({
        protocol: name,
        push: (frame, emit) => emit({ type: 'text-delta', delta: `${name}:${frame.data}` }),
        end: () => {},
      }),
    });
    const adapter = auto([custom('first', false), custom('second', true), custom('third', true)]);
    expect(adapterEvents(adapter, [sseFrame('{"x":1}')])).toEqual([
      { type: 'text-delta', delta: 'second:{"x":1}' },
    ]);
    expect(seen).toEqual(['first', 'second']);
    expect(adapter.protocol).toBe('second');
  });

  it('hands the chosen adapter the parsed JSON', () => {
    let received: SseFrame | null = null;
    const spy: AdapterDefinition = {
      name: 'spy',
      sniff: (_frame, json) => json !== undefined,
      create: () => ({
        protocol: 'spy',
        push: (frame) => {
          received = frame;
        },
        end: () => {},
      }),
    };
    adapterEvents(auto([spy]), [sseFrame('{"a":1}')]);
    expect(received).toMatchObject({ data: '{"a":1}', json: { a: 1 } });
  });
});

describe('createAdapter', () => {
  it('resolves auto, built-in names and definitions', () => {
    const context = createAdapterContext();
    expect(createAdapter('auto', context).protocol).toBeNull();
    expect(createAdapter('typed-events', context).protocol).toBe('typed-events');
    expect(createAdapter('chat-message-response', context).protocol).toBe('chat-message-response');
    expect(createAdapter(chatMessageResponseProtocol, context).protocol).toBe('chat-message-response');
  });

  it('throws a helpful TypeError for an unknown name', () => {
    const name = 'grpc' as ProtocolOption; // a name from outside the types (plain JavaScript)
    expect(() => createAdapter(name, createAdapterContext())).toThrow(TypeError);
    expect(() => createAdapter(name, createAdapterContext())).toThrow(
      /protocol "grpc" is not among `protocols`.*"typed-events"/,
    );
  });

  it('generates stable ids per context', () => {
    const a = createAdapterContext();
    const b = createAdapterContext();
    expect([a.generateId('tool'), a.generateId('tool'), b.generateId('call')]).toEqual([
      'tool-1',
      'tool-2',
      'call-1',
    ]);
  });
});
