import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../adapters/adapter.js';
import type { StreamEvent } from '../protocol/events.js';
import type { FrameDecoder, FrameDecoderCallbacks } from './frame-decoder.js';
import { createStreamReader, type StreamReaderOptions } from './stream-reader.js';

function eventsOf(
  chunks: readonly (string | Uint8Array)[],
  options: StreamReaderOptions = {},
): StreamEvent[] {
  const events: StreamEvent[] = [];
  const reader = createStreamReader((event) => events.push(event), options);
  for (const chunk of chunks) reader.feed(chunk);
  reader.end();
  return events;
}

/** A format whose framing turns every byte `0xff`-led chunk into one `tick` frame, and reads ticks as text. */
const tickProtocol: AdapterDefinition = {
  name: 'tick',
  sniff: (frame) => frame.event === 'tick',
  create: () => ({
    protocol: 'tick',
    push(frame, emit) {
      emit({ type: 'text-delta', delta: frame.data });
    },
    end(emit) {
      emit({ type: 'done' });
    },
  }),
  framing(callbacks: FrameDecoderCallbacks, text: FrameDecoder): FrameDecoder {
    return {
      feed(chunk) {
        if (typeof chunk !== 'string' && chunk[0] === 0xff)
          callbacks.onFrame({ event: 'tick', data: String(chunk.length) });
        else text.feed(chunk);
      },
      end: () => text.end(),
      reset: () => text.reset(),
    };
  },
};

describe('stream reader', () => {
  it("uses a format's own framing when it is named or among the candidates, and only then", () => {
    const bytes = new Uint8Array([0xff, 1, 2]);
    const text = (events: StreamEvent[]) => events.filter((e) => e.type === 'text-delta');
    expect(text(eventsOf([bytes], { protocols: [tickProtocol] }))).toEqual([
      { type: 'text-delta', delta: '3' },
    ]);
    expect(text(eventsOf([bytes], { protocol: tickProtocol }))).toEqual([{ type: 'text-delta', delta: '3' }]);
    // Not a candidate: the bytes go to the text decoder, which finds nothing it can read.
    expect(eventsOf([bytes]).filter((e) => e.type === 'protocol-error')).toHaveLength(1);
  });

  it('says so when nothing in a stream is an event (binary data, an HTML page), instead of ending empty', () => {
    for (const input of [
      new Uint8Array([0, 0, 0, 42, 9, 200, 13, 10]),
      '<!doctype html>\n<p>Sign in</p>\n',
    ]) {
      const events = eventsOf([input]);
      expect(events.filter((e) => e.type === 'text-delta')).toEqual([]);
      expect(events.find((e) => e.type === 'protocol-error')).toMatchObject({
        error: { code: 'protocol', message: 'could not recognise the stream format' },
      });
    }
  });

  it('keeps quiet about an unknown field in a stream that has events', () => {
    const events = eventsOf(['x-unknown: 1\n\ndata: {"message":"Hi","citations":[],"tool_calls":[]}\n\n']);
    expect(events.filter((e) => e.type === 'protocol-error')).toEqual([]);
    expect(events).toContainEqual({ type: 'text-delta', delta: 'Hi' });
  });
});
