import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatMessages, crc32, encodeMessage } from '../../../test/providers/event-stream-encoder.js';
import type { SseFrame } from '../../protocol/wire.js';
import { createFrameDecoder } from '../../reader/frame-decoder.js';
import { awsEventStreamFraming, DAMAGED_MESSAGE } from './aws-event-stream.js';

const event = (type: string, payload: unknown) =>
  encodeMessage(
    { ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' },
    JSON.stringify(payload),
  );

/** The frames a framing makes of `chunks`. */
function framesOf(chunks: readonly (Uint8Array | string)[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const callbacks = { onFrame: (frame: SseFrame) => frames.push(frame) };
  const decoder = awsEventStreamFraming(callbacks, createFrameDecoder(callbacks));
  for (const chunk of chunks) decoder.feed(chunk);
  decoder.end();
  return frames;
}

/** `bytes` cut at the given offsets. */
function cutBytes(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

describe('AWS event-stream framing', () => {
  it('checks its test encoder against the CRC-32 check value', () => {
    // The standard check value of CRC-32/ISO-HDLC for "123456789".
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('cuts messages by their length prefix and names each frame after its event type', () => {
    const bytes = concatMessages([
      event('messageStart', { role: 'assistant' }),
      event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hé 🙂' } }),
    ]);
    expect(framesOf([bytes])).toEqual([
      { event: 'messageStart', data: '{"role":"assistant"}' },
      { event: 'contentBlockDelta', data: '{"contentBlockIndex":0,"delta":{"text":"Hé 🙂"}}' },
    ]);
  });

  it('gives the same frames however the bytes are cut', () => {
    const messages = fc.array(
      fc.tuple(fc.constantFrom('contentBlockDelta', 'messageStop', 'metadata'), fc.string()),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(messages, fc.array(fc.nat(), { maxLength: 20 }), (list, offsets) => {
        const bytes = concatMessages(list.map(([type, text]) => event(type, { text })));
        expect(framesOf(cutBytes(bytes, offsets))).toEqual(framesOf([bytes]));
      }),
      { numRuns: 200 },
    );
  });

  it('names an exception after its type, and an error message as event: error', () => {
    const exception = encodeMessage(
      {
        ':exception-type': 'throttlingException',
        ':content-type': 'application/json',
        ':message-type': 'exception',
      },
      '{"message":"Slow down"}',
    );
    const error = encodeMessage(
      { ':error-code': 'InternalFailure', ':error-message': 'It broke', ':message-type': 'error' },
      '',
    );
    expect(framesOf([concatMessages([exception, error])])).toEqual([
      { event: 'throttlingException', data: '{"message":"Slow down"}' },
      { event: 'error', data: '{"message":"It broke","code":"InternalFailure"}' },
    ]);
  });

  it('reports a damaged message (a checksum that does not match) and reads nothing after it', () => {
    const good = event('messageStart', { role: 'assistant' });
    const bad = event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' } });
    bad[bad.length - 1] = bad[bad.length - 1]! ^ 0xff;
    const frames = framesOf([concatMessages([good, bad, good])]);
    expect(frames.map((frame) => frame.event)).toEqual(['messageStart', DAMAGED_MESSAGE]);
    expect(frames[1]!.data).toContain('checksum');
  });

  it('reports a stream that ends inside a message', () => {
    const message = event('messageStop', { stopReason: 'end_turn' });
    const frames = framesOf([message.subarray(0, message.length - 3)]);
    expect(frames).toEqual([
      { event: DAMAGED_MESSAGE, data: expect.stringContaining('ended inside a message') },
    ]);
  });

  it('hands text streams to the text decoder unchanged', () => {
    const text = 'data: {"a":1}\n\nevent: x\ndata: two\n\n';
    const bytes = new TextEncoder().encode(text);
    expect(framesOf([bytes])).toEqual([
      { data: '{"a":1}', event: undefined, id: undefined },
      { data: 'two', event: 'x', id: undefined },
    ]);
    expect(framesOf([text])).toEqual(framesOf([bytes]));
  });
});
