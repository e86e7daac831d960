import { describe, expect, it } from 'vitest';
import { asyncChunks, callsOf, cutAt, readableOf, utf8 } from '../../test/harness.js';
import { call, cite, frame, ndjson, part, sse, text, tools, typed } from '../../test/sse-builder.js';
import type { ToolStreamState } from '../reducer/state.js';
import { type ReduceStreamOptions, reduceStream, type StreamInput } from './reduce-stream.js';

/** The whole state `reduceStream` ends in (through `onState`). */
async function reduceToState(
  input: StreamInput,
  options: ReduceStreamOptions = {},
): Promise<ToolStreamState> {
  let state: ToolStreamState | null = null;
  await reduceStream(input, {
    ...options,
    onState: (s) => {
      state = s;
    },
  });
  return state!;
}

/** A short run: text, a streamed delegation with a nested call, citations, more text. */
const run = sse(
  text('Let me ask the researcher. '),
  tools(
    call({ id: 'd1', type: 'delegation_call', name: 'research', details: { agent: 'scout', summary: 'q' } }),
  ),
  tools(call({ id: 't1', name: 'search', details: { parent_call_id: 'd1' }, response: '{"q":"x"}' })),
  tools(part('d1', 'Found ', { type: 'delegation_result', name: 'research' })),
  tools(call({ id: 't1', type: 'result', name: 'search', response: '3 hits' })),
  tools(part('d1', '3 things.', { type: 'delegation_result', name: 'research', complete: true })),
  cite('a.md', 'b.md'),
  cite('a.md'),
  text('Done: 日本語 🚀'),
);

const expectedSnapshot = {
  status: 'done',
  outcome: 'done',
  text: 'Let me ask the researcher. Done: 日本語 🚀',
  citations: [{ source: 'a.md' }, { source: 'b.md' }],
  toolCalls: [
    {
      call_id: 'd1',
      tool_name: 'research',
      kind: 'delegation',
      parent_call_id: null,
      event_type: 'delegation_result',
      details: { agent: 'scout', summary: 'q' },
      output: 'Found 3 things.',
      is_complete: true,
      status: 'complete',
    },
    {
      call_id: 't1',
      tool_name: 'search',
      kind: 'tool',
      parent_call_id: 'd1',
      event_type: 'result',
      details: { parent_call_id: 'd1' },
      output: '3 hits',
      is_complete: true,
      status: 'complete',
    },
  ],
  errors: [],
};

/** A source that yields `chunks`, then waits forever (a stalled connection). */
function stalled(chunks: readonly string[], onCancel: () => void = () => {}): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[index++];
      if (next !== undefined) controller.enqueue(utf8(next));
      else return new Promise<void>(() => {});
    },
    cancel: onCancel,
  });
}

describe('reduceStream inputs', () => {
  const bytes = utf8(run);
  const cuts = [1, 7, 50, 51, 52, 200, bytes.length - 3, bytes.length - 2];

  it.each<[string, () => Parameters<typeof reduceStream>[0]]>([
    ['a string', () => run],
    ['a ReadableStream of bytes', () => readableOf(cutAt(bytes, cuts))],
    ['an AsyncIterable of bytes', () => asyncChunks(cutAt(bytes, cuts))],
    [
      'an AsyncIterable of strings',
      () => asyncChunks([run.slice(0, 10), run.slice(10, 333), run.slice(333)]),
    ],
    ['a sync-iterable array treated as async', () => asyncChunks([run])],
  ])('reads %s', async (_name, input) => {
    const snapshot = await reduceStream(input());
    expect(snapshot).toMatchObject(expectedSnapshot);
  });

  it('reads NDJSON', async () => {
    const snapshot = await reduceStream(
      ndjson(text('a'), tools(call({ id: 'c1', response: 'r' })), text('b')),
    );
    expect(snapshot).toMatchObject({
      status: 'done',
      text: 'ab',
      toolCalls: [{ call_id: 'c1', output: 'r' }],
    });
  });

  it('reads typed events, recognised or named', async () => {
    const stream =
      typed('message', 'Checking. ') +
      typed('tool_start', 'weather') +
      typed('tool_end', 'weather') +
      typed('done');
    for (const protocol of ['auto', 'typed-events'] as const) {
      const snapshot = await reduceStream(stream, { protocol });
      expect(snapshot).toMatchObject({
        status: 'done',
        text: 'Checking. ',
        toolCalls: [{ tool_name: 'weather', is_complete: true }],
        errors: [],
      });
    }
  });

  it('reads an empty stream', async () => {
    expect(await reduceStream('')).toMatchObject({
      status: 'done',
      text: '',
      citations: [],
      toolCalls: [],
      errors: [],
    });
  });

  it('hands over the full state and the protocol it settled on', async () => {
    let state: ToolStreamState | null = null;
    await reduceStream(run, {
      onState: (s) => {
        state = s;
      },
    });
    expect(state).toMatchObject({ status: 'done', run: { protocol: 'chat-message-response' } });
  });

  it('reduceStreamToState returns the state', async () => {
    const state = await reduceToState(sse(frame(text('x'), { id: '5' })));
    expect(state.run.lastEventId).toBe('5');
    expect(state.status).toBe('done');
  });

  it('a call still open at the end is not complete, and marked interrupted', async () => {
    const state = await reduceToState(sse(tools(part('c1', 'half'))));
    expect(callsOf(state).c1!.status).toBe('interrupted');
    expect(await reduceStream(sse(tools(part('c1', 'half'))))).toMatchObject({
      toolCalls: [{ output: 'half', is_complete: false }],
    });
  });
});

describe('reduceStream outcomes', () => {
  it('a server error: status error, content kept, a later done ignored', async () => {
    const snapshot = await reduceStream(
      sse(text('partial'), typed('error', 'LLM provider failed'), typed('done')),
    );
    expect(snapshot).toMatchObject({
      status: 'error',
      text: 'partial',
      errors: [{ code: 'server', message: 'LLM provider failed' }],
    });
  });

  it('protocol errors do not end the run', async () => {
    const snapshot = await reduceStream(sse(text('a'), frame('{broken'), text('b')));
    expect(snapshot).toMatchObject({ status: 'done', text: 'ab', errors: [{ code: 'protocol' }] });
  });

  it('a signal aborted before reading gives status aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const snapshot = await reduceStream(run, { signal: controller.signal });
    expect(snapshot).toMatchObject({ status: 'aborted', text: '' });
  });

  it('aborting between chunks keeps what arrived and stops reading', async () => {
    const controller = new AbortController();
    let pulled = 0;
    async function* source() {
      pulled++;
      yield sse(text('first '), tools(part('c1', 'half')));
      controller.abort();
      pulled++;
      yield sse(text('second'));
      pulled++;
      yield sse(text('third'));
    }
    const state = await reduceToState(source(), { signal: controller.signal });
    expect(state.status).toBe('aborted');
    expect(callsOf(state).c1!.status).toBe('stopped');
    expect(pulled).toBeLessThanOrEqual(2);
    expect(state.messages.at(-1)).toMatchObject({
      parts: [{ type: 'text', text: 'first ' }, { type: 'tool-call' }],
    });
  });

  it('aborting while the source is waiting ends the read and cancels the source', async () => {
    const controller = new AbortController();
    let cancelled = false;
    const source = stalled([sse(text('so far'))], () => {
      cancelled = true;
    });
    const result = reduceStream(source, { signal: controller.signal });
    // Let the first chunk be read, then stop while the next read is pending.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const snapshot = await result;
    expect(snapshot).toMatchObject({ status: 'aborted', text: 'so far' });
    expect(cancelled).toBe(true);
  });

  it('aborting a waiting async iterable ends the read', async () => {
    const controller = new AbortController();
    async function* source() {
      yield sse(text('so far'));
      await new Promise(() => {});
    }
    const result = reduceStream(source(), { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await result).toMatchObject({ status: 'aborted', text: 'so far' });
  });

  it('a source that throws mid-stream: status error with code network, partial content kept', async () => {
    async function* source() {
      yield sse(text('partial '), tools(part('c1', 'streaming')));
      yield 'data: {"message": "cut of';
      throw new Error('socket hang up');
    }
    let state: ToolStreamState | null = null;
    const snapshot = await reduceStream(source(), {
      onState: (s) => {
        state = s;
      },
    });
    expect(snapshot).toMatchObject({
      status: 'error',
      text: 'partial ',
      toolCalls: [{ call_id: 'c1', output: 'streaming', is_complete: false }],
      errors: [{ code: 'network', message: 'socket hang up' }],
    });
    expect(state).toMatchObject({ error: { code: 'network', fatal: true, retryable: true } });
    expect(callsOf(state!).c1!.status).toBe('error');
  });

  it('a ReadableStream that errors: status error with code network', async () => {
    let sent = false;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(utf8(sse(text('kept'))));
        } else controller.error(new TypeError('network error'));
      },
    });
    expect(await reduceStream(source)).toMatchObject({
      status: 'error',
      text: 'kept',
      errors: [{ code: 'network', message: 'network error' }],
    });
  });

  it('a thrown non-Error is described', async () => {
    // biome-ignore lint/correctness/useYield: the source fails before it yields anything
    async function* source(): AsyncGenerator<string> {
      throw 'gone';
    }
    expect(await reduceStream(source())).toMatchObject({
      status: 'error',
      errors: [{ code: 'network', message: 'gone' }],
    });
  });
});
