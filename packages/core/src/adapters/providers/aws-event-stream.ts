import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { SseFrame } from '../../protocol/wire.js';
import type { FrameDecoder, FrameDecoderCallbacks } from '../../reader/frame-decoder.js';

/**
 * The frame event of an event-stream message that could not be decoded (a bad checksum, a length
 * that cannot be, a stream that ended inside a message). Its data says why.
 */
export const DAMAGED_MESSAGE = 'damaged-message';

/** The smallest message: prelude and the message checksum. */
const MIN_MESSAGE = 16;
/** Larger than any message Bedrock sends (its limit is 16 MB); a longer prefix is damage. */
const MAX_MESSAGE = 24 * 1024 * 1024;

/**
 * The AWS event-stream framing (`application/vnd.amazon.eventstream`, Bedrock's ConverseStream),
 * as a wrapper around the text frame decoder. The first byte decides: every message starts with
 * its 4-byte big-endian length, so an event stream starts with a zero byte, which no SSE or
 * NDJSON text does; anything else goes to the text decoder unchanged. Messages are cut by their
 * length prefix and decoded (checksums, headers) by the AWS SDK's codec. Each becomes a frame:
 * an `event` message as `event: <:event-type>` with its payload as data; an `exception` as
 * `event: <:exception-type>` (`throttlingException`…); an `error` message as `event: error` with
 * `{"message", "code"}`. A message that cannot be decoded becomes a {@link DAMAGED_MESSAGE}
 * frame, and nothing after it is read (without a trustworthy length there is no next message).
 */
export function awsEventStreamFraming(callbacks: FrameDecoderCallbacks, text: FrameDecoder): FrameDecoder {
  let mode: 'undecided' | 'binary' | 'text' | 'broken' = 'undecided';
  let pending = new Uint8Array(0);
  let codec: EventStreamCodec | null = null;

  const damaged = (reason: string) => {
    mode = 'broken';
    pending = new Uint8Array(0);
    callbacks.onFrame({ event: DAMAGED_MESSAGE, data: reason });
  };

  const read = () => {
    while (mode === 'binary' && pending.length >= 4) {
      const length = new DataView(pending.buffer, pending.byteOffset, 4).getUint32(0, false);
      if (length < MIN_MESSAGE || length > MAX_MESSAGE) {
        damaged(`a message length of ${length} bytes`);
        return;
      }
      if (pending.length < length) return;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      let frame: SseFrame;
      try {
        codec ??= new EventStreamCodec(toUtf8, fromUtf8);
        frame = toFrame(codec.decode(message));
      } catch (cause) {
        damaged(cause instanceof Error ? cause.message : 'the message could not be decoded');
        return;
      }
      callbacks.onFrame(frame);
    }
  };

  return {
    feed(chunk) {
      if (mode === 'undecided' && chunk.length > 0) {
        mode = typeof chunk !== 'string' && chunk[0] === 0 ? 'binary' : 'text';
      }
      if (mode === 'text' || mode === 'undecided') {
        text.feed(chunk);
        return;
      }
      if (mode !== 'binary' || typeof chunk === 'string') return;
      const joined = new Uint8Array(pending.length + chunk.length);
      joined.set(pending);
      joined.set(chunk, pending.length);
      pending = joined;
      read();
    },
    end() {
      if (mode === 'binary' && pending.length > 0) {
        damaged(`the stream ended inside a message (${pending.length} bytes)`);
        return;
      }
      if (mode === 'text' || mode === 'undecided') text.end();
    },
    reset() {
      mode = 'undecided';
      pending = new Uint8Array(0);
      text.reset();
    },
  };
}

/** One decoded message as a frame. */
function toFrame({ headers, body }: ReturnType<EventStreamCodec['decode']>): SseFrame {
  const header = (name: string): string => {
    const value = headers[name]?.value;
    return typeof value === 'string' ? value : '';
  };
  const kind = header(':message-type') || 'event';
  if (kind === 'error') {
    const data = JSON.stringify({ message: header(':error-message'), code: header(':error-code') });
    return { event: 'error', data };
  }
  const name = kind === 'exception' ? header(':exception-type') : header(':event-type');
  return { event: name || kind, data: toUtf8(body) };
}
