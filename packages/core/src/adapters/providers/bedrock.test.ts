import { describe, expect, it } from 'vitest';
import { concatMessages, encodeMessage } from '../../../test/providers/event-stream-encoder.js';
import { completeCalls, ndjson, sse } from '../../../test/providers/streams.js';
import { reduceStream, type StreamSnapshot, type ToolStreamState } from '../../index.js';
import type { AdapterDefinition } from '../adapter.js';
import { defaultProtocols } from '../auto.js';
import { bedrockProtocol } from './bedrock.js';
import { allProtocols } from './index.js';

const event = (type: string, payload: Record<string, unknown>) =>
  encodeMessage(
    { ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' },
    JSON.stringify({ ...payload, p: 'abcdefgh' }),
  );

/** Reduces binary (or text) input, fed as bytes. */
async function reduceBytes(
  input: Uint8Array | string,
  options: { protocols?: readonly AdapterDefinition[]; protocol?: AdapterDefinition | 'auto' } = {},
): Promise<{ snapshot: StreamSnapshot; protocol: string | null }> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(
    (async function* () {
      yield bytes;
    })(),
    {
      protocol: options.protocol ?? 'auto',
      protocols: options.protocols ?? allProtocols,
      onState: (s) => {
        state = s;
      },
    },
  );
  return { snapshot, protocol: (state as ToolStreamState | null)?.run.protocol ?? null };
}

const messageStop = (stopReason: string) => event('messageStop', { stopReason });

describe('Amazon Bedrock ConverseStream', () => {
  it('is recognised from its binary framing only when it is among the protocols, and named explicitly', async () => {
    const bytes = concatMessages([
      event('messageStart', { role: 'assistant' }),
      event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hi.' } }),
      event('contentBlockStop', { contentBlockIndex: 0 }),
      messageStop('end_turn'),
    ]);
    const auto = await reduceBytes(bytes);
    expect(auto.protocol).toBe('bedrock');
    expect(auto.snapshot).toMatchObject({ text: 'Hi.', finishReason: 'stop', outcome: 'done', errors: [] });
    const named = await reduceBytes(bytes, { protocol: bedrockProtocol, protocols: defaultProtocols });
    expect(named.snapshot).toEqual(auto.snapshot);
    // Without the Bedrock definition the bytes are not readable: said so, never an empty success.
    const unknown = await reduceBytes(bytes, { protocols: defaultProtocols });
    expect(unknown.snapshot.text).toBe('');
    expect(unknown.snapshot.errors.length).toBeGreaterThan(0);
    expect(unknown.snapshot.errors.every((error) => error.code === 'protocol')).toBe(true);
  });

  it('shows a server tool and its result, and cites sources for their text block', async () => {
    const bytes = concatMessages([
      event('messageStart', { role: 'assistant' }),
      event('contentBlockStart', {
        contentBlockIndex: 0,
        start: { toolUse: { toolUseId: 'srv_1', name: 'web_grounding', type: 'server_tool_use' } },
      }),
      event('contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: '{"query":"rain"}' } } }),
      event('contentBlockStop', { contentBlockIndex: 0 }),
      event('contentBlockStart', {
        contentBlockIndex: 1,
        start: { toolResult: { toolUseId: 'srv_1', status: 'success' } },
      }),
      event('contentBlockDelta', {
        contentBlockIndex: 1,
        delta: { toolResult: [{ text: 'Rain ' }, { json: { mm: 4 } }] },
      }),
      event('contentBlockStop', { contentBlockIndex: 1 }),
      event('contentBlockDelta', {
        contentBlockIndex: 2,
        delta: {
          citation: {
            title: 'Forecast',
            sourceContent: [{ text: 'Rain expected.' }],
            location: { web: { url: 'https://weather.example', domain: 'weather.example' } },
          },
        },
      }),
      event('contentBlockDelta', { contentBlockIndex: 2, delta: { text: 'It will rain.' } }),
      event('contentBlockStop', { contentBlockIndex: 2 }),
      messageStop('end_turn'),
      event('metadata', {
        usage: { inputTokens: 20, outputTokens: 9, totalTokens: 29 },
        metrics: { latencyMs: 300 },
      }),
    ]);
    const { snapshot } = await reduceBytes(bytes);
    expect(snapshot.toolCalls).toMatchObject([
      {
        call_id: 'srv_1',
        tool_name: 'web_grounding',
        kind: 'provider',
        status: 'complete',
        arguments: { query: 'rain' },
        output: 'Rain {"mm":4}',
      },
    ]);
    expect(snapshot.citations).toEqual([
      {
        source: 'https://weather.example',
        title: 'Forecast',
        quote: 'Rain expected.',
        span: { start: 0, end: 13 },
      },
    ]);
    expect(snapshot).toMatchObject({
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 9, totalTokens: 29 },
    });
  });

  it('ends with the provider error and its type at an exception', async () => {
    const bytes = concatMessages([
      event('messageStart', { role: 'assistant' }),
      encodeMessage(
        { ':exception-type': 'modelStreamErrorException', ':message-type': 'exception' },
        '{"message":"Model stream failed","originalStatusCode":500}',
      ),
      event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'never read' } }),
    ]);
    const { snapshot } = await reduceBytes(bytes);
    expect(snapshot).toMatchObject({ status: 'error', outcome: 'failed', text: '' });
    expect(snapshot.errors).toEqual([
      { code: 'server', message: 'Model stream failed (modelStreamErrorException)' },
    ]);
  });

  it('reports a damaged message as a protocol error', async () => {
    const damaged = event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'x' } });
    damaged[20] = damaged[20]! ^ 0xff;
    const { snapshot } = await reduceBytes(
      concatMessages([event('messageStart', { role: 'assistant' }), damaged]),
    );
    expect(snapshot.errors).toHaveLength(1);
    expect(snapshot.errors[0]).toMatchObject({ code: 'protocol' });
    expect(snapshot.errors[0]!.message).toContain('the event stream is damaged');
    expect(snapshot.outcome).toBe('interrupted');
  });

  it("reads an SDK's events sent as JSON objects of one key, over SSE or NDJSON", async () => {
    const events = [
      { messageStart: { role: 'assistant' } },
      {
        contentBlockStart: {
          contentBlockIndex: 0,
          start: { toolUse: { toolUseId: 'tooluse_1', name: 'f' } },
        },
      },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: '{"a":1}' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'tool_use' } },
      { metadata: { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } } },
    ];
    for (const text of [sse(...events), ndjson(...events)]) {
      const { snapshot, protocol } = await reduceBytes(text);
      expect(protocol).toBe('bedrock');
      expect(completeCalls(snapshot)).toEqual([{ id: 'tooluse_1', name: 'f', arguments: { a: 1 } }]);
      expect(snapshot).toMatchObject({ finishReason: 'tool-calls', outcome: 'done', errors: [] });
    }
  });

  it('maps guardrail and content filter stops, and leaves a run without messageStop interrupted', async () => {
    const guarded = await reduceBytes(
      concatMessages([event('messageStart', { role: 'assistant' }), messageStop('guardrail_intervened')]),
    );
    expect(guarded.snapshot.finishReason).toBe('content-filter');
    const cut = await reduceBytes(
      concatMessages([
        event('messageStart', { role: 'assistant' }),
        event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Hal' } }),
      ]),
    );
    expect(cut.snapshot.outcome).toBe('interrupted');
  });
});
