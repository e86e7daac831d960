import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduce, sseNamed, statesOf } from '../../../test/providers/streams.js';
import type { AssistantMessageState, ToolCallState } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';
import { reduceStream } from '../../snapshot/reduce-stream.js';
import { allProtocols } from './index.js';

/**
 * LangGraph's run stream, from its documentation (LangGraph Platform API, "Streaming": stream
 * modes, subgraphs, interrupts): `event: <mode>[|<node>:<task>…]` and one JSON `data:` line.
 */

const NS = 'researcher:6f1c';
const meta = (ns: string, node: string) => ({ langgraph_node: node, langgraph_checkpoint_ns: ns });
const ai = (id: string, content: string, extra: Record<string, unknown> = {}) => ({
  type: 'ai',
  id,
  content,
  ...extra,
});

/** A supervisor that hands over to a researcher subgraph, with `messages-tuple` and `updates`. */
const SUPERVISOR = sseNamed(
  ['metadata', { run_id: 'run_1', attempt: 1 }],
  ['messages', [ai('m1', 'Asking the '), meta('supervisor:a1', 'supervisor')]],
  [
    'messages',
    [
      ai('m1', 'researcher.', { response_metadata: { finish_reason: 'stop' } }),
      meta('supervisor:a1', 'supervisor'),
    ],
  ],
  ['updates', { supervisor: { messages: [ai('m1', 'Asking the researcher.')] } }],
  [`messages|${NS}`, [ai('m2', 'Searching.'), meta(`${NS}|agent:b1`, 'agent')]],
  [
    `messages|${NS}`,
    [
      ai('m2', '', { tool_call_chunks: [{ index: 1, id: 'call_1', name: 'search', args: '{"q":"lang' }] }),
      meta(`${NS}|agent:b1`, 'agent'),
    ],
  ],
  [
    `messages|${NS}`,
    [ai('m2', '', { tool_call_chunks: [{ index: 1, args: 'graph"}' }] }), meta(`${NS}|agent:b1`, 'agent')],
  ],
  [
    `messages|${NS}`,
    [ai('m2', '', { response_metadata: { finish_reason: 'tool_calls' } }), meta(`${NS}|agent:b1`, 'agent')],
  ],
  [
    `updates|${NS}`,
    {
      agent: {
        messages: [
          ai('m2', 'Searching.', {
            tool_calls: [{ id: 'call_1', name: 'search', args: { q: 'langgraph' } }],
          }),
        ],
      },
    },
  ],
  [
    `messages|${NS}`,
    [
      { type: 'tool', id: 't1', tool_call_id: 'call_1', name: 'search', content: '3 results' },
      meta(`${NS}|tools:c1`, 'tools'),
    ],
  ],
  [
    `updates|${NS}`,
    { tools: { messages: [{ type: 'tool', id: 't1', tool_call_id: 'call_1', content: '3 results' }] } },
  ],
  [
    `messages|${NS}`,
    [ai('m3', 'Found 3.', { response_metadata: { finish_reason: 'stop' } }), meta(`${NS}|agent:d1`, 'agent')],
  ],
  [`custom|${NS}`, { progress: 1 }],
  [
    'updates',
    {
      researcher: {
        messages: [
          { type: 'human', id: 'h1', content: 'Go' },
          ai('m1', 'Asking the researcher.'),
          ai('m2', 'Searching.'),
          ai('m3', 'Found 3.'),
        ],
      },
    },
  ],
  [
    'messages',
    [
      ai('m4', 'Done.', { response_metadata: { finish_reason: 'stop' } }),
      meta('supervisor:e1', 'supervisor'),
    ],
  ],
);

const answerOf = (state: { messages: readonly unknown[] }) => state.messages.at(-1) as AssistantMessageState;
const call = (answer: AssistantMessageState, id: string) => lookup(answer.calls, id) as ToolCallState;

describe('LangGraph run stream', () => {
  it('shows a subgraph as a sub-agent section with its own call, and every message once', async () => {
    const { snapshot, protocol, state } = await reduce(SUPERVISOR);
    expect(protocol).toBe('langgraph');
    expect(snapshot).toMatchObject({
      status: 'done',
      outcome: 'done',
      text: 'Asking the researcher.Done.',
      errors: [],
    });
    const answer = answerOf(state);
    expect(answer.parts.map((part) => (part.type === 'tool-call' ? part.callId : part.type))).toEqual([
      'text',
      NS,
      'text',
    ]);
    expect(call(answer, NS)).toMatchObject({
      kind: 'delegation',
      toolName: 'researcher',
      agent: 'researcher',
      parentId: null,
      status: 'complete',
      details: { namespace: [NS] },
    });
    expect(call(answer, NS).result?.text).toBe('Searching.\n\nFound 3.');
    expect(lookup(answer.children, NS)).toEqual(['call_1']);
    expect(call(answer, 'call_1')).toMatchObject({
      toolName: 'search',
      parentId: NS,
      args: { q: 'langgraph' },
      argsText: '{"q":"langgraph"}',
      status: 'complete',
    });
    expect(call(answer, 'call_1').result?.text).toBe('3 results');
    expect(answer.data).toEqual([
      { name: 'metadata', id: 'metadata', data: { run_id: 'run_1', attempt: 1 } },
      { name: 'custom', id: null, data: { progress: 1 } },
    ]);
  });

  it('shows the section while the sub-agent works, and closes it when its node is done', () => {
    const states = statesOf(SUPERVISOR, 'langgraph');
    const sectionStatus = states.map((state) => lookup(answerOf(state).calls, NS)?.status);
    const open = sectionStatus.indexOf('streaming');
    expect(open).toBeGreaterThan(-1);
    expect(sectionStatus.indexOf('complete')).toBeGreaterThan(open);
    // The nested call is there before the section closes.
    const firstNested = states.findIndex((state) => lookup(answerOf(state).children, NS) !== undefined);
    expect(firstNested).toBeGreaterThan(-1);
    expect(firstNested).toBeLessThan(sectionStatus.indexOf('complete'));
  });

  it('nests as deep as the namespaces go, each section named after its node', async () => {
    const deep = `${NS}|reader:7a2`;
    const { state } = await reduce(
      sseNamed(
        [`updates|${deep}`, { summarize: { messages: [ai('d1', 'Deep.')] } }],
        [`updates|${NS}`, { reader: {} }],
        ['updates', { researcher: {} }],
      ),
    );
    const answer = answerOf(state);
    expect(call(answer, NS)).toMatchObject({ toolName: 'researcher', parentId: null, status: 'complete' });
    expect(call(answer, deep)).toMatchObject({ toolName: 'reader', parentId: NS, status: 'complete' });
    expect(call(answer, deep).result?.text).toBe('Deep.');
  });

  it('reads values: the first state is history, later ones add what is new; the state is kept', async () => {
    const earlier = [{ type: 'human', id: 'h0', content: 'Hi' }, ai('a0', 'Hello!')];
    const { snapshot, state } = await reduce(
      sseNamed(
        ['values', { messages: [...earlier, { type: 'human', id: 'h1', content: 'Weather?' }] }],
        [
          'values',
          {
            messages: [
              ...earlier,
              { type: 'human', id: 'h1', content: 'Weather?' },
              ai('a1', '', { tool_calls: [{ id: 'w', name: 'weather', args: { city: 'Oslo' } }] }),
            ],
          },
        ],
        [
          'values',
          {
            messages: [
              ...earlier,
              { type: 'human', id: 'h1', content: 'Weather?' },
              ai('a1', ''),
              { type: 'tool', id: 't', tool_call_id: 'w', content: 'Snow', status: 'success' },
              ai('a2', 'It snows.'),
            ],
          },
        ],
      ),
    );
    expect(snapshot.text).toBe('It snows.');
    expect(snapshot.toolCalls).toEqual([
      expect.objectContaining({ call_id: 'w', arguments: { city: 'Oslo' }, output: 'Snow' }),
    ]);
    expect(answerOf(state).data?.at(-1)).toMatchObject({ name: 'values', id: 'values' });
  });

  it('keeps an interrupt on the call it is about, or on a call of its own, once', async () => {
    const interrupt = {
      id: 'int_1',
      value: { question: 'Send it?', tool_call: { id: 'call_9', name: 'send' } },
    };
    const { snapshot, state } = await reduce(
      sseNamed(
        [
          'updates',
          {
            agent: {
              messages: [
                ai('m', 'Sending.', { tool_calls: [{ id: 'call_9', name: 'send', args: { to: 'a' } }] }),
              ],
            },
          },
        ],
        ['updates', { __interrupt__: [interrupt] }],
        ['values', { __interrupt__: [interrupt] }],
        [`updates|${NS}`, { __interrupt__: [{ id: 'int_2', value: 'Which city?' }] }],
      ),
    );
    expect(snapshot.errors).toEqual([]);
    // Each waits for the person (PROTOCOL.md §11): the one about a call is an approval of it,
    // the other a question; the run ended asking, the section of the sub-agent that asked open.
    expect(snapshot.outcome).toBe('awaiting-input');
    const answer = answerOf(state);
    expect(lookup(answer.calls, 'call_9')!.input).toMatchObject({
      kind: 'approval',
      ref: 'int_1',
      editable: false,
      message: 'Send it?',
    });
    expect(lookup(answer.calls, 'interrupt:int_2')!.input).toMatchObject({
      kind: 'input',
      ref: 'int_2',
      message: 'Which city?',
    });
    expect(lookup(answer.calls, NS)!.status).toBe('pending');
    expect(snapshot.toolCalls.map((c) => [c.call_id, c.tool_name, c.parent_call_id])).toEqual([
      ['call_9', 'send', null],
      [NS, 'researcher', null],
      ['interrupt:int_2', 'interrupt', NS],
    ]);
    expect(snapshot.toolCalls[0]!.details.interrupt).toEqual({
      id: 'int_1',
      value: interrupt.value,
      namespace: [],
      kind: 'interrupt',
    });
    expect(snapshot.toolCalls[2]).toMatchObject({
      arguments: { value: 'Which city?' },
      details: { interrupt: { id: 'int_2', value: 'Which city?', namespace: [NS], kind: 'interrupt' } },
    });
  });

  it("asks each action of LangChain's human-in-the-loop middleware as an approval of its call", async () => {
    // The interrupt `humanInTheLoopMiddleware` raises (LangChain's human-in-the-loop docs): one
    // interrupt for the calls of the model's message that need review, with what each allows.
    const request = {
      actionRequests: [
        { name: 'execute_sql', args: { query: 'DELETE FROM records' }, description: 'SQL needs approval' },
        { name: 'write_file', args: { path: 'a.txt' }, description: 'Writing a file' },
      ],
      reviewConfigs: [
        { actionName: 'execute_sql', allowedDecisions: ['approve', 'reject'] },
        { actionName: 'write_file', allowedDecisions: ['approve', 'edit', 'reject'] },
      ],
    };
    const { snapshot, state } = await reduce(
      sseNamed(
        [
          'updates',
          {
            model: {
              messages: [
                ai('m', '', {
                  tool_calls: [
                    { id: 'c_sql', name: 'execute_sql', args: { query: 'DELETE FROM records' } },
                    { id: 'c_file', name: 'write_file', args: { path: 'a.txt' } },
                  ],
                }),
              ],
            },
          },
        ],
        ['updates', { __interrupt__: [{ id: 'hitl_1', value: request }] }],
      ),
    );
    expect(snapshot.errors).toEqual([]);
    expect(snapshot.outcome).toBe('awaiting-input');
    const answer = answerOf(state);
    expect(answer.callOrder).toEqual(['c_sql', 'c_file']);
    expect(lookup(answer.calls, 'c_sql')!).toMatchObject({
      status: 'awaiting-input',
      input: { kind: 'approval', ref: 'hitl_1', editable: false, message: 'SQL needs approval' },
      details: { interrupt: { id: 'hitl_1', action: 0 } },
    });
    expect(lookup(answer.calls, 'c_file')!).toMatchObject({
      status: 'awaiting-input',
      input: { kind: 'approval', ref: 'hitl_1', editable: true, message: 'Writing a file' },
      details: { interrupt: { id: 'hitl_1', action: 1 } },
    });
  });

  it('reads legacy messages mode (copies so far, Anthropic blocks) and ends failed on an error event', async () => {
    const partial = (content: unknown, extra = {}) => [ai('p1', '', { content, ...extra })];
    const { snapshot } = await reduce(
      sseNamed(
        ['messages/metadata', { p1: { metadata: meta('agent:x', 'agent') } }],
        ['messages/partial', partial([{ type: 'text', text: 'Plan' }])],
        [
          'messages/partial',
          partial([
            { type: 'text', text: 'Planning.' },
            { type: 'tool_use', id: 'tu', name: 'Plan', partial_json: '{"steps":["a' },
          ]),
        ],
        [
          'messages/partial',
          partial(
            [
              { type: 'text', text: 'Planning.' },
              { type: 'tool_use', id: 'tu', name: 'Plan', partial_json: '{"steps":["a"]}' },
            ],
            { response_metadata: { stop_reason: 'tool_use' } },
          ),
        ],
        ['error', { error: 'ValueError', message: 'Something broke' }],
      ),
    );
    expect(snapshot).toMatchObject({ status: 'error', outcome: 'failed', text: 'Planning.' });
    expect(snapshot.toolCalls).toEqual([
      expect.objectContaining({
        call_id: 'tu',
        tool_name: 'Plan',
        arguments: { steps: ['a'] },
        arguments_raw: '{"steps":["a"]}',
      }),
    ]);
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'Something broke (ValueError)' }]);
  });

  it('reads the same however the bytes are cut', async () => {
    const bytes = new TextEncoder().encode(SUPERVISOR);
    const whole = await reduceStream(SUPERVISOR, { protocols: allProtocols });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          const offsets = [...new Set(cuts)].sort((a, b) => a - b);
          async function* pieces() {
            let start = 0;
            for (const offset of offsets) {
              yield bytes.subarray(start, offset);
              start = offset;
            }
            yield bytes.subarray(start);
          }
          expect(await reduceStream(pieces(), { protocols: allProtocols })).toEqual(whole);
        },
      ),
      { numRuns: 50 },
    );
  });
});
