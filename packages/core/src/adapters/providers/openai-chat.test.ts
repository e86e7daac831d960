import { describe, expect, it } from 'vitest';
import { callsOf } from '../../../test/harness.js';
import { chunk, completeCalls, eventsOf, reduce, sse, statesOf } from '../../../test/providers/streams.js';

const call = (fields: Record<string, unknown>) => chunk({ tool_calls: [fields] });

describe('OpenAI Chat Completions and compatible servers', () => {
  it('keys calls by index, takes id and name from the first chunk and joins argument pieces', async () => {
    const stream = sse(
      chunk({ role: 'assistant', content: '' }),
      call({ index: 0, id: 'call_A', type: 'function', function: { name: 'get_weather', arguments: '' } }),
      call({ index: 0, function: { arguments: '{"ci' } }),
      call({ index: 0, function: { arguments: 'ty":"Paris"}' } }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    );
    const { snapshot, protocol } = await reduce(stream);
    expect(protocol).toBe('openai-chat');
    expect(completeCalls(snapshot)).toEqual([
      { id: 'call_A', name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
    expect(snapshot.toolCalls[0]!.arguments_raw).toBe('{"city":"Paris"}');
  });

  it('shows the partial arguments while they stream', () => {
    const states = statesOf(
      sse(
        call({ index: 0, id: 'call_A', function: { name: 'write', arguments: '' } }),
        call({ index: 0, function: { arguments: '{"path":"a.txt","body":"hel' } }),
        call({ index: 0, function: { arguments: 'lo"}' } }),
        chunk({}, 'tool_calls'),
      ),
    );
    const argsSeen = states.map((state) => callsOf(state).call_A?.args).filter((args) => args !== undefined);
    expect(argsSeen).toContainEqual({ path: 'a.txt', body: 'hel' });
    expect(callsOf(states.at(-1)!).call_A!.args).toEqual({ path: 'a.txt', body: 'hello' });
  });

  it('lets parallel calls interleave by index (call 0 need not finish before call 1 starts)', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_A', function: { name: 'a', arguments: '{"x":' } }),
      call({ index: 1, id: 'call_B', function: { name: 'b', arguments: '{"y":' } }),
      call({ index: 0, function: { arguments: '1}' } }),
      call({ index: 1, function: { arguments: '2}' } }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    );
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'call_A', name: 'a', arguments: { x: 1 } },
      { id: 'call_B', name: 'b', arguments: { y: 2 } },
    ]);
    expect(snapshot.errors).toEqual([]);
  });

  it('closes a call whose arguments are whole when the next call starts', () => {
    const events = eventsOf(
      sse(
        call({ index: 0, id: 'call_A', function: { name: 'a', arguments: '{"x":1}' } }),
        call({ index: 1, id: 'call_B', function: { name: 'b', arguments: '{"y":2}' } }),
      ),
    );
    const endA = events.findIndex((e) => e.type === 'tool-end' && e.callId === 'call_A');
    const startB = events.findIndex((e) => e.type === 'tool-start' && e.callId === 'call_B');
    expect(endA).toBeGreaterThanOrEqual(0);
    expect(endA).toBeLessThan(startB);
    // call_B is never closed by the wire: no finish_reason, no [DONE].
    expect(events.some((e) => e.type === 'tool-end' && e.callId === 'call_B')).toBe(false);
  });

  it('leaves calls open when the stream ends without finish_reason or [DONE]', async () => {
    const stream = sse(call({ index: 0, id: 'call_A', function: { name: 'a', arguments: '{"x":' } }));
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'call_A', is_complete: false, arguments: null, arguments_raw: '{"x":' },
    ]);
  });

  it('a gateway error frame is fatal and leaves open calls incomplete', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_A', function: { name: 'a', arguments: '{"x":' } }),
      { error: { message: 'Upstream timed out', type: 'upstream_error' } },
      call({ index: 0, function: { arguments: '1}' } }),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.status).toBe('error');
    expect(snapshot.errors).toContainEqual({
      code: 'server',
      message: 'Upstream timed out (upstream_error)',
    });
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'call_A', is_complete: false, arguments_raw: '{"x":' },
    ]);
  });

  it('keeps reasoning_content and reasoning apart from the answer', async () => {
    const stream = sse(
      chunk({ role: 'assistant', reasoning_content: 'Think ', content: null }),
      chunk({ reasoning: 'more.', content: '' }),
      chunk({ content: 'Answer.' }, 'stop'),
      '[DONE]',
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.text).toBe('Answer.');
    expect(snapshot.reasoning).toBe('Think more.');
  });

  it('reads only the first choice of n > 1 streams', async () => {
    const stream = sse(
      {
        object: 'chat.completion.chunk',
        choices: [{ index: 1, delta: { content: 'other' }, finish_reason: null }],
      },
      chunk({ content: 'first' }, 'stop'),
    );
    expect((await reduce(stream)).snapshot.text).toBe('first');
  });

  // README §7 #2: Gemini's OpenAI-compatible endpoint (gemini-compat-no-index).
  it('treats an id without an index as a new call, and keeps the thought signature', async () => {
    const signature = { google: { thought_signature: 'CiQBcsjafEo1' } };
    const stream = sse(
      chunk({ role: 'assistant', content: 'Checking.' }),
      call({
        id: 'function-call-1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        extra_content: signature,
      }),
      call({
        index: null,
        id: 'function-call-2',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
      }),
      { ...chunk({}, 'tool_calls'), usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
      '[DONE]',
    );
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'function-call-1', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'function-call-2', name: 'get_weather', arguments: { city: 'Rome' } },
    ]);
    expect(snapshot.toolCalls[0]!.details).toEqual({ thought_signature: 'CiQBcsjafEo1' });
    expect(snapshot.text).toBe('Checking.');
  });

  // README §7 #4: Qwen / DashScope (qwen-empty-id).
  it('treats id "" and type "" as absent in continuations', async () => {
    const stream = sse(
      chunk({
        content: null,
        reasoning_content: null,
        tool_calls: [
          { index: 0, id: 'call_q1', type: 'function', function: { name: 'get_time', arguments: '' } },
        ],
      }),
      chunk({
        content: null,
        reasoning_content: null,
        tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '{"tz": "Asia/' } }],
      }),
      chunk({
        content: null,
        reasoning_content: null,
        tool_calls: [{ index: 0, id: '', type: '', function: { name: '', arguments: 'Shanghai"}' } }],
      }),
      chunk({
        content: null,
        tool_calls: [
          { index: 1, id: 'call_q2', type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
      chunk({
        content: null,
        tool_calls: [{ index: 1, id: '', type: 'function', function: { arguments: '{"city": "Hangzhou"}' } }],
      }),
      chunk({ content: '' }, 'tool_calls'),
      '[DONE]',
    );
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'call_q1', name: 'get_time', arguments: { tz: 'Asia/Shanghai' } },
      { id: 'call_q2', name: 'get_weather', arguments: { city: 'Hangzhou' } },
    ]);
  });

  // README §7 #5: name after id, repeated ids, vLLM nulls, OpenRouter comments (compat-name-after-id).
  it('waits for the name, keeps a repeated id as the same call, and skips comments', async () => {
    const stream = [
      ': OPENROUTER PROCESSING\n\n',
      sse(call({ index: 0, id: 'call_d1', type: 'function', function: { arguments: '' } })),
      ': OPENROUTER PROCESSING\n\n',
      sse(
        call({ index: 0, id: 'call_d1', type: 'function', function: { name: 'search', arguments: '' } }),
        call({ index: 0, id: null, type: null, function: { name: null, arguments: '{"q": "rust' } }),
        // DeepSeek/Kimi repeat the id on continuations.
        call({ index: 0, id: 'call_d1', function: { arguments: ' async"}' } }),
        call({ index: 1, id: 'call_d2', type: 'function', function: { arguments: '' } }),
        call({ index: 1, id: 'call_d2', function: { name: 'fetch', arguments: '' } }),
        call({
          index: 1,
          id: null,
          type: null,
          function: { name: null, arguments: '{"url": "https://a.example"}' },
        }),
        chunk({}, 'tool_calls'),
        '[DONE]',
      ),
    ].join('');
    const events = eventsOf(stream);
    for (const event of events) if (event.type === 'tool-start') expect(event.toolName).not.toBe('');
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'call_d1', name: 'search', arguments: { q: 'rust async' } },
      { id: 'call_d2', name: 'fetch', arguments: { url: 'https://a.example' } },
    ]);
    expect(snapshot.errors).toEqual([]);
  });

  // README §7 #6: Bedrock gateways (bedrock-compat-offset-empty-prefix).
  it('uses index as a key, drops a leading {} and does not finish a call because {} parses', async () => {
    const stream = sse(
      chunk({ role: 'assistant', content: 'Let me check.' }),
      call({
        index: 1,
        id: 'tooluse_Xb8',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      }),
      call({ index: 1, function: { arguments: '{}' } }),
      call({ index: 1, function: { arguments: '{"city": "Seattle"' } }),
      call({ index: 1, function: { arguments: ', "unit": "f"}' } }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    );
    const events = eventsOf(stream);
    const end = events.findIndex((e) => e.type === 'tool-end');
    const lastArgs = events.findLastIndex((e) => e.type === 'tool-args-delta');
    expect(end).toBeGreaterThan(lastArgs);
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toEqual([
      { id: 'tooluse_Xb8', name: 'get_weather', arguments: { city: 'Seattle', unit: 'f' } },
    ]);
    expect(snapshot.toolCalls[0]!.arguments_raw).toBe('{}{"city": "Seattle", "unit": "f"}');
    expect(snapshot.errors).toEqual([]);
  });

  it('ignores a repeat of the whole name in every chunk (MiniMax via NIM)', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_m', function: { name: 'read_file', arguments: '' } }),
      call({ index: 0, function: { name: 'read_file', arguments: '{"path":' } }),
      call({ index: 0, function: { name: 'read_file', arguments: '"a.ts"}' } }),
      chunk({}, 'tool_calls'),
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([
      { id: 'call_m', name: 'read_file', arguments: { path: 'a.ts' } },
    ]);
  });

  it('joins name pieces that arrive before the arguments (NVIDIA Switchyard)', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_f', function: { name: 'get_', arguments: '' } }),
      call({ index: 0, function: { name: 'current_', arguments: '' } }),
      call({ index: 0, function: { name: 'weather', arguments: '{"city":"Oslo"}' } }),
      chunk({}, 'tool_calls'),
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([
      { id: 'call_f', name: 'get_current_weather', arguments: { city: 'Oslo' } },
    ]);
  });

  it('keeps integer ids as text (Poolside)', async () => {
    const stream = sse(
      call({ index: 0, id: 7, function: { name: 'run', arguments: '{}' } }),
      chunk({}, 'tool_calls'),
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([{ id: '7', name: 'run', arguments: {} }]);
  });

  it('keeps one call when a server sends a new id with every piece of it (LM Studio, Kimi)', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_1', function: { name: 'search', arguments: '{"q":' } }),
      call({ index: 0, id: 'call_2', function: { arguments: '"cats"' } }),
      call({ index: 0, id: 'call_3', function: { arguments: '}' } }),
      chunk({}, 'tool_calls'),
    );
    expect(completeCalls((await reduce(stream)).snapshot)).toEqual([
      { id: 'call_1', name: 'search', arguments: { q: 'cats' } },
    ]);
  });

  it('splits objects back to back in one call into several calls, as a last resort (OmniRoute)', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_s', function: { name: 'get_weather', arguments: '{"city":"A"}' } }),
      call({ index: 0, function: { arguments: '{"city":"B"}' } }),
      call({ index: 0, function: { arguments: ' {"city":"C"}' } }),
      chunk({}, 'tool_calls'),
    );
    const { snapshot } = await reduce(stream);
    const calls = completeCalls(snapshot);
    expect(calls.map((c) => c.arguments)).toEqual([{ city: 'A' }, { city: 'B' }, { city: 'C' }]);
    expect(calls.map((c) => c.name)).toEqual(['get_weather', 'get_weather', 'get_weather']);
    expect(calls[0]!.id).toBe('call_s');
    expect(new Set(calls.map((c) => c.id)).size).toBe(3);
    expect(snapshot.errors).toHaveLength(1);
    expect(snapshot.errors[0]!.message).toContain('split into 3 calls');
  });

  it('does not throw on a missing index (openai-node does) and reports invalid arguments', async () => {
    const stream = sse(
      call({ id: 'call_x', function: { name: 'a', arguments: '{"x": tru' } }),
      call({ function: { arguments: 'e,}' } }),
      chunk({}, 'tool_calls'),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([
      { call_id: 'call_x', is_complete: true, arguments: null, arguments_raw: '{"x": true,}' },
    ]);
    expect(snapshot.errors).toHaveLength(1);
    expect(snapshot.errors[0]!.message).toContain('"call_x"');
  });

  it('reads a non-streamed completion sent as one frame, and the legacy function_call', async () => {
    const stream = sse({
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            function_call: { name: 'lookup', arguments: '{"id":3}' },
          },
          finish_reason: 'function_call',
        },
      ],
    });
    const { snapshot } = await reduce(stream);
    expect(completeCalls(snapshot)).toMatchObject([{ name: 'lookup', arguments: { id: 3 } }]);
  });

  it('reports a call that never got a name, and still shows it', async () => {
    const stream = sse(
      call({ index: 0, id: 'call_n', function: { arguments: '{}' } }),
      chunk({}, 'tool_calls'),
    );
    const { snapshot } = await reduce(stream);
    expect(snapshot.toolCalls).toMatchObject([{ call_id: 'call_n', tool_name: '', arguments: {} }]);
    expect(snapshot.errors[0]!.message).toContain('never got a name');
  });

  describe('how the run ended', () => {
    it('leaves the call being written open when finish_reason is length, even after [DONE]', async () => {
      const stream = sse(
        call({ index: 0, id: 'call_L', function: { name: 'write', arguments: '{"body":"abc' } }),
        chunk({}, 'length'),
        '[DONE]',
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.outcome).toBe('truncated');
      expect(snapshot.finishReason).toBe('length');
      expect(snapshot.toolCalls).toMatchObject([
        { call_id: 'call_L', is_complete: false, status: 'truncated', arguments: null },
      ]);
      expect(snapshot.errors).toEqual([]);
    });

    it('closes calls at a stop reason that does not cut the model off (content_filter does)', async () => {
      const filtered = await reduce(
        sse(
          call({ index: 0, id: 'call_F', function: { name: 'f', arguments: '{"a":' } }),
          chunk({}, 'content_filter'),
          '[DONE]',
        ),
      );
      expect(filtered.snapshot.finishReason).toBe('content-filter');
      expect(filtered.snapshot.toolCalls).toMatchObject([{ is_complete: false }]);
      const stopped = await reduce(
        sse(
          call({ index: 0, id: 'call_S', function: { name: 'f', arguments: '{"a":1}' } }),
          chunk({}, 'stop'),
          '[DONE]',
        ),
      );
      // vLLM-like servers say stop after a call: the finish reason is still "tool-calls".
      expect(stopped.snapshot.finishReason).toBe('tool-calls');
      expect(completeCalls(stopped.snapshot)).toHaveLength(1);
    });

    it('reads the usage chunk (no choices) and Groq x_groq.usage', async () => {
      const openai = await reduce(
        sse(
          chunk({ content: 'Hi' }, 'stop'),
          {
            id: 'chatcmpl-test',
            object: 'chat.completion.chunk',
            choices: [],
            usage: {
              prompt_tokens: 10,
              completion_tokens: 5,
              total_tokens: 15,
              prompt_tokens_details: { cached_tokens: 4 },
              completion_tokens_details: { reasoning_tokens: 2 },
            },
          },
          '[DONE]',
        ),
      );
      expect(openai.snapshot.usage).toEqual({
        inputTokens: 10,
        outputTokens: 5,
        totalTokens: 15,
        cachedInputTokens: 4,
        reasoningTokens: 2,
      });
      const groq = await reduce(
        sse(
          {
            ...chunk({}, 'stop'),
            x_groq: { id: 'req_1', usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
          },
          '[DONE]',
        ),
      );
      expect(groq.snapshot.usage).toEqual({ inputTokens: 3, outputTokens: 1, totalTokens: 4 });
    });

    it('ends done after a finish reason and a clean end without [DONE]; interrupted without a finish reason', async () => {
      expect((await reduce(sse(chunk({ content: 'Hi' }), chunk({}, 'stop')))).snapshot.outcome).toBe('done');
      expect((await reduce(sse(chunk({ content: 'Hi' })))).snapshot.outcome).toBe('interrupted');
    });

    it('reads a gateway\'s {"error": …} first frame as an OpenAI-style error, with its type', async () => {
      const { snapshot, protocol } = await reduce(
        sse({ error: { message: 'Rate limit reached', type: 'rate_limit_exceeded', code: null } }),
      );
      expect(protocol).toBe('openai-chat');
      expect(snapshot.errors).toEqual([
        { code: 'server', message: 'Rate limit reached (rate_limit_exceeded)' },
      ]);
    });

    it('keeps the type of an event: error frame in parentheses (Groq)', async () => {
      const stream = `${sse(chunk({ content: 'Hi' }))}event: error\ndata: ${JSON.stringify({
        error: {
          message: 'Failed to call a function.',
          type: 'invalid_request_error',
          code: 'tool_use_failed',
        },
      })}\n\n`;
      const { snapshot } = await reduce(stream);
      expect(snapshot.status).toBe('error');
      expect(snapshot.errors).toEqual([
        { code: 'server', message: 'Failed to call a function. (invalid_request_error)' },
      ]);
    });
  });

  describe('reasoning from every place compatible servers put it', () => {
    it("reads Mistral's list of thinking and text chunks", async () => {
      const stream = sse(
        chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Think' }] }] }),
        chunk({
          content: [
            { type: 'thinking', thinking: 'ing.' },
            { type: 'text', text: 'Answer' },
          ],
        }),
        chunk(
          {
            content: [
              { type: 'text', text: '.' },
              { type: 'reference', reference_ids: [1] },
            ],
          },
          'stop',
        ),
        '[DONE]',
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.reasoning).toBe('Thinking.');
      expect(snapshot.text).toBe('Answer.');
      expect(snapshot.errors).toEqual([]);
    });

    it('reads reasoning_details only when reasoning is not also sent', async () => {
      const stream = sse(
        chunk({ reasoning: 'A', reasoning_details: [{ type: 'reasoning.text', text: 'A' }] }),
        chunk({
          reasoning_details: [
            { type: 'reasoning.text', text: 'B' },
            { type: 'reasoning.encrypted', data: 'x' },
          ],
        }),
        chunk({ reasoning_content: 'C', reasoning_details: [{ type: 'reasoning.summary', summary: 'C' }] }),
        chunk({ reasoning_details: [{ type: 'reasoning.summary', summary: 'D' }] }, 'stop'),
      );
      expect((await reduce(stream)).snapshot.reasoning).toBe('ABCD');
    });

    it('reads a leading <think> block of the content as reasoning', async () => {
      const stream = sse(
        chunk({ content: '<think>' }),
        chunk({ content: 'plan</thi' }),
        chunk({ content: 'nk>\n\nDone.' }),
        chunk({}, 'stop'),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.reasoning).toBe('plan');
      expect(snapshot.text).toBe('Done.');
    });

    it('shows a refusal as text and says refusal as the finish reason', async () => {
      const stream = sse(chunk({ refusal: '' }), chunk({ refusal: 'No.' }), chunk({}, 'stop'), '[DONE]');
      const { snapshot, state } = await reduce(stream);
      expect(snapshot.text).toBe('No.');
      expect(snapshot.finishReason).toBe('refusal');
      expect(state.messages.at(-1)).toMatchObject({ end: { finish: { reason: 'refusal', raw: 'stop' } } });
    });
  });

  describe('sources', () => {
    it('reads url_citation annotations with their span, moved back past a leading think block', async () => {
      const answer = 'See [docs](https://a.example).';
      const start = answer.indexOf('[docs]');
      const stream = sse(
        chunk({ content: '<think>x</think>' }),
        chunk({ content: answer }),
        chunk(
          {
            annotations: [
              {
                type: 'url_citation',
                // Offsets in the content as sent, think block included.
                url_citation: {
                  url: 'https://a.example',
                  title: 'A',
                  start_index: 16 + start,
                  end_index: 16 + answer.length - 1,
                },
              },
              { type: 'file', file: {} },
            ],
          },
          'stop',
        ),
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.text).toBe(answer);
      expect(snapshot.citations).toEqual([
        { source: 'https://a.example', title: 'A', span: { start, end: answer.length - 1 } },
      ]);
    });

    it("reads Perplexity's citations and search_results once, with titles", async () => {
      const sources = {
        citations: ['https://a.example', 'https://b.example'],
        search_results: [{ title: 'A', url: 'https://a.example', date: '2026-01-01' }],
      };
      const stream = sse(
        { ...chunk({ content: 'One[1]' }), ...sources },
        {
          ...chunk({ content: ' two[2].' }, 'stop'),
          ...sources,
          citations: [...sources.citations, 'https://c.example'],
        },
      );
      const { snapshot } = await reduce(stream);
      expect(snapshot.citations).toEqual([
        { source: 'https://a.example', title: 'A' },
        { source: 'https://b.example' },
        { source: 'https://c.example' },
      ]);
    });
  });
});
