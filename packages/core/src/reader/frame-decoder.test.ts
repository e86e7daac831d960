import { describe, expect, it } from 'vitest';
import { cutAt, utf8 } from '../../test/harness.js';
import { frame, type LineEnding } from '../../test/sse-builder.js';
import type { SseFrame } from '../protocol/wire.js';
import { createFrameDecoder, type Framing } from './frame-decoder.js';

function decode(chunks: readonly (string | Uint8Array)[], framing?: Framing) {
  const frames: SseFrame[] = [];
  const retries: number[] = [];
  const decoder = createFrameDecoder(
    { onFrame: (f) => frames.push(f), onRetry: (ms) => retries.push(ms) },
    framing,
  );
  for (const piece of chunks) decoder.feed(piece);
  decoder.end();
  return { frames, retries };
}

/** Every way to cut a text in two, as strings and as bytes. */
function everyTwoWayCut(text: string): (string | Uint8Array)[][] {
  const bytes = utf8(text);
  const cuts: (string | Uint8Array)[][] = [];
  for (let i = 1; i < text.length; i++) cuts.push([text.slice(0, i), text.slice(i)]);
  for (let i = 1; i < bytes.length; i++) cuts.push(cutAt(bytes, [i]));
  return cuts;
}

const plain = (data: string, rest: Partial<SseFrame> = {}): SseFrame => ({
  event: undefined,
  id: undefined,
  data,
  ...rest,
});

describe('SSE framing', () => {
  it.each<[string, LineEnding]>([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads %s line endings', (_name, eol) => {
    const text = frame('one', { eol }) + frame('two', { eol, id: '2', event: 'message' });
    expect(decode([text]).frames).toEqual([plain('one'), plain('two', { id: '2', event: 'message' })]);
  });

  it('reads mixed line endings in one stream', () => {
    expect(decode(['data: a\n\ndata: b\r\n\r\ndata: c\r\r']).frames.map((f) => f.data)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('ignores comments, also before the first field', () => {
    const text = `: keep-alive\n\n${frame('x', { comment: 'hello' })}:\n\n`;
    expect(decode([text]).frames).toEqual([plain('x')]);
  });

  it('joins multi-line data with \\n', () => {
    expect(decode([frame('line 1\nline 2\n\nline 4')]).frames).toEqual([plain('line 1\nline 2\n\nline 4')]);
  });

  it('keeps a leading space of the value after the one that follows the colon', () => {
    expect(decode(['data:no space\n\ndata:  two spaces\n\n']).frames.map((f) => f.data)).toEqual([
      'no space',
      ' two spaces',
    ]);
  });

  it('delivers event, id and retry', () => {
    const { frames, retries } = decode([frame('{"a":1}', { event: 'tool_start', id: 'evt-9', retry: 2500 })]);
    expect(frames).toEqual([{ event: 'tool_start', id: 'evt-9', data: '{"a":1}' }]);
    expect(retries).toEqual([2500]);
  });

  it('does not carry an id over to the next event', () => {
    expect(decode([frame('a', { id: '1' }) + frame('b')]).frames.map((f) => f.id)).toEqual(['1', undefined]);
  });

  it('skips events without data', () => {
    expect(decode(['event: ping\n\nid: 4\n\n', frame('x')]).frames).toEqual([plain('x')]);
  });

  it.each<[string, string]>([
    ['LF', 'data: last'],
    ['after a line end', 'data: last\n'],
    ['CRLF', 'data: last\r\n'],
    ['CR', 'data: last\r'],
  ])('delivers a last event without its blank line (%s)', (_name, tail) => {
    expect(decode([`data: first\n\n${tail}`]).frames.map((f) => f.data)).toEqual(['first', 'last']);
  });

  it('delivers nothing for a partial field name at the end', () => {
    expect(decode(['data: a\n\nda']).frames.map((f) => f.data)).toEqual(['a']);
  });

  it.each<[string, string]>([
    ['LF', frame('a', { id: '1' }) + frame('multi\nline', { event: 'message' })],
    ['CRLF', frame('a', { id: '1', eol: '\r\n' }) + frame('multi\nline', { event: 'message', eol: '\r\n' })],
    ['CR', frame('a', { id: '1', eol: '\r' }) + frame('multi\nline', { event: 'message', eol: '\r' })],
    ['non-ASCII', frame('日本語 🚀 café', { eol: '\r\n' }) + frame('👩‍👩‍👧 done')],
  ])('gives the same frames however the stream is cut in two (%s)', (_name, text) => {
    const whole = decode([text]).frames;
    for (const pieces of everyTwoWayCut(text)) expect(decode(pieces).frames).toEqual(whole);
  });

  it('splits between \\r and \\n do not make an extra blank line', () => {
    const { frames } = decode(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(frames).toEqual([plain('a\nb')]);
  });

  it('decodes UTF-8 split inside a character, byte by byte', () => {
    const text = frame('🚀 日本 é');
    const bytes = utf8(text);
    const pieces = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(decode(pieces).frames).toEqual([plain('🚀 日本 é')]);
  });

  it('accepts strings and bytes in one stream', () => {
    expect(decode(['data: a', utf8('bc\n'), '\n']).frames).toEqual([plain('abc')]);
  });

  it('forgets partial input on reset', () => {
    const frames: SseFrame[] = [];
    const decoder = createFrameDecoder({ onFrame: (f) => frames.push(f) });
    decoder.feed(frame('one'));
    decoder.feed('data: half of a lost ev');
    decoder.feed(utf8('🚀').slice(0, 2));
    decoder.reset();
    decoder.feed(frame('two'));
    decoder.end();
    expect(frames.map((f) => f.data)).toEqual(['one', 'two']);
  });
});

describe('a byte order mark at the start of the stream', () => {
  const bom = '\ufeff';

  it('is not content, as text or as bytes, cut anywhere (else the first event would be lost)', () => {
    const text = `${bom}data: first\n\ndata: second\n\n`;
    for (const chunks of [[text], ...everyTwoWayCut(text)]) {
      expect(decode(chunks).frames.map((f) => f.data)).toEqual(['first', 'second']);
    }
    expect(decode([`${bom}{"a":1}\n`]).frames).toEqual([{ data: '{"a":1}' }]);
  });

  it('only one, only at the start; a BOM at the start of a frame stays in its data', () => {
    expect(decode([`${bom}${bom}data: x\n\n`]).frames).toEqual([]);
    expect(decode([utf8(`${bom}${bom}data: x\n\n`)]).frames).toEqual([]);
    expect(decode([`data: x\n\n${bom}data: y\n\n`]).frames.map((f) => f.data)).toEqual(['x']);
    expect(decode([`${bom}data: ${bom}x\n\n`]).frames.map((f) => f.data)).toEqual([`${bom}x`]);
  });

  it('a new response may start with one again', () => {
    const frames: SseFrame[] = [];
    const decoder = createFrameDecoder({ onFrame: (f) => frames.push(f) });
    decoder.feed(`${bom}data: one\n\n`);
    decoder.reset();
    decoder.feed(`${bom}data: two\n\n`);
    decoder.end();
    expect(frames.map((f) => f.data)).toEqual(['one', 'two']);
  });
});

describe('NDJSON framing', () => {
  it('is detected from a first { or [', () => {
    const text = '{"message":"a"}\n[1]\n';
    expect(decode([text]).frames).toEqual([{ data: '{"message":"a"}' }, { data: '[1]' }]);
  });

  it('is detected after leading blank lines, cut anywhere', () => {
    const text = '\n  \r\n{"a":1}\r\n\r\n{"b":2}';
    const whole = decode([text]).frames;
    // Blank and whitespace-only lines are no frames.
    expect(whole).toEqual([{ data: '{"a":1}' }, { data: '{"b":2}' }]);
    for (const pieces of everyTwoWayCut(text)) expect(decode(pieces).frames).toEqual(whole);
  });

  it('delivers a last line without a newline at the end', () => {
    expect(decode(['{"a":1}\n{"b":', '2}']).frames.map((f) => f.data)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('keeps lines that are not JSON for the adapter to report', () => {
    expect(decode(['{"a":1}\nnot json\n']).frames.map((f) => f.data)).toEqual(['{"a":1}', 'not json']);
  });

  it('can be forced, and SSE too', () => {
    expect(decode(['data: x\n'], 'ndjson').frames).toEqual([{ data: 'data: x' }]);
    expect(decode(['{"a":1}\n\n'], 'sse').frames).toEqual([]);
  });

  it('decodes UTF-8 split inside a character', () => {
    const bytes = utf8('{"message":"日本語🚀"}\n');
    expect(decode(cutAt(bytes, [13, 14, 20, 21, 22])).frames).toEqual([{ data: '{"message":"日本語🚀"}' }]);
  });
});

describe('auto framing', () => {
  it.each<[string, string]>([
    ['a field', 'data: x\n\n'],
    ['a comment', ': hi\n\ndata: x\n\n'],
    ['an event line', 'event: message\ndata: x\n\n'],
  ])('reads SSE that starts with %s', (_name, text) => {
    expect(decode([text]).frames.map((f) => f.data)).toEqual(['x']);
  });

  it('waits past whitespace-only chunks to decide', () => {
    expect(decode(['  ', '\n', '{"a":1}\n']).frames).toEqual([{ data: '{"a":1}' }]);
    expect(decode(['\n', '\n', 'data: x\n\n']).frames.map((f) => f.data)).toEqual(['x']);
  });

  it('an empty stream gives no frames', () => {
    expect(decode([]).frames).toEqual([]);
    expect(decode(['', '  \n']).frames).toEqual([]);
  });
});
