import { createParser } from 'eventsource-parser';
import type { SseFrame } from '../protocol/wire.js';

/**
 * How the byte stream is cut into frames: Server-Sent Events, newline-delimited JSON (Ollama's
 * native API), or `auto`, which looks at the first non-blank character (`{` or `[` can only
 * start NDJSON; an SSE stream starts with a field name or a `:` comment).
 */
export type Framing = 'sse' | 'ndjson' | 'auto';

/** Callbacks of a {@link FrameDecoder}. */
export interface FrameDecoderCallbacks {
  onFrame(frame: SseFrame): void;
  /** The server's `retry:` field, in milliseconds. */
  onRetry?(ms: number): void;
  /** A line that is not SSE (no known field): binary data, an HTML page… */
  onInvalid?(line: string): void;
}

/** Turns bytes or text, cut anywhere, into frames. */
export interface FrameDecoder {
  /** Feeds the next piece of the stream (bytes are decoded as UTF-8, across chunk boundaries). */
  feed(chunk: Uint8Array | string): void;
  /**
   * The stream ended normally: a last event that lacks its closing blank line is still
   * delivered (servers that close right after the last `data:` line are common).
   */
  end(): void;
  /** Forgets any partial input (after a dropped connection, before reading a new response). */
  reset(): void;
}

/** Creates a {@link FrameDecoder}. */
export function createFrameDecoder(
  callbacks: FrameDecoderCallbacks,
  framing: Framing = 'auto',
): FrameDecoder {
  let decoder = new TextDecoder('utf-8');
  let mode: 'sse' | 'ndjson' | null = framing === 'auto' ? null : framing;
  let pending = '';
  // Nothing read yet: a byte order mark may come first.
  let atStart = true;
  let sse: ReturnType<typeof createParser> | null = null;

  const sseParser = () => {
    sse ??= createParser({
      // The parser's event already has the shape of a frame (`event`, `data`, `id`): no copy.
      onEvent: callbacks.onFrame,
      onRetry: (ms) => callbacks.onRetry?.(ms),
      onError: (error) => callbacks.onInvalid?.(error.line ?? error.message),
    });
    return sse;
  };

  // NDJSON: the pieces of the line still open. Only new text is searched for a newline, and a
  // line is joined once, when it ends: a long line arriving in small reads costs its length, not
  // its length times the number of reads.
  let openLine: string[] = [];
  const feedNdjson = (text: string, flush: boolean) => {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      const tail = text.slice(start, newline);
      emitLine(openLine.length === 0 ? tail : openLine.join('') + tail);
      openLine = [];
      start = newline + 1;
    }
    if (start < text.length) openLine.push(start === 0 ? text : text.slice(start));
    if (flush && openLine.length > 0) {
      emitLine(openLine.join(''));
      openLine = [];
    }
  };
  const emitLine = (line: string) => {
    const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (trimmed.trim() !== '') callbacks.onFrame({ data: trimmed });
  };

  const feedText = (text: string) => {
    if (text === '') return;
    if (mode === null) {
      pending += text;
      const first = pending.trimStart()[0];
      if (first === undefined) return;
      mode = first === '{' || first === '[' ? 'ndjson' : 'sse';
      text = pending;
      pending = '';
    }
    if (mode === 'sse') sseParser().feed(text);
    else feedNdjson(text, false);
  };

  /**
   * Text handed over as strings has not been through a decoder, so the stream's byte order mark
   * may still be there: like the decoder (WHATWG "UTF-8 decode", which an event stream is read
   * with), drop one at the very start. Left in, it would be part of the first field name
   * (`\uFEFFdata`), and the first event would be lost.
   */
  const fromString = (text: string) => (atStart && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

  return {
    feed(chunk) {
      const text = typeof chunk === 'string' ? fromString(chunk) : decoder.decode(chunk, { stream: true });
      if (chunk.length > 0) atStart = false;
      feedText(text);
    },
    end() {
      feedText(decoder.decode());
      if (mode === 'sse') sseParser().feed('\n\n');
      else if (mode === 'ndjson') feedNdjson('', true);
    },
    reset() {
      decoder = new TextDecoder('utf-8');
      atStart = true;
      pending = '';
      openLine = [];
      sse?.reset();
    },
  };
}
