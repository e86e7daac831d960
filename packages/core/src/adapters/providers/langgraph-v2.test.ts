import { describe, expect, it } from 'vitest';
import { reduce, statesOf } from '../../../test/providers/streams.js';
import type { AssistantMessageState } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';

/**
 * LangGraph's streaming protocol v2 (`@langchain/protocol`): `event: <method>`, `id:` and an
 * envelope `{type: "event", seq, method, params: {namespace, node?, data}}` whose namespace names
 * the node (`["researcher:<task>", "agent:<task>"]`).
 */
let seq = 0;
function event(method: string, namespace: string[], data: unknown, node?: string): string {
  seq++;
  const envelope = {
    type: 'event',
    event_id: `e${seq}`,
    seq,
    method,
    params: { namespace, timestamp: 1767225600000 + seq, ...(node === undefined ? {} : { node }), data },
  };
  return `event: ${method}\nid: ${seq}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

const R = 'researcher:9b1';
const AGENT = [R, 'agent:4c2'];
const TOOLS = [R, 'tools:5d3'];

const STREAM = [
  event('lifecycle', [], { event: 'running', graph_name: 'supervisor' }),
  event('messages', ['supervisor:1a'], { event: 'message-start', id: 'm1' }),
  event('messages', ['supervisor:1a'], {
    event: 'content-block-start',
    index: 0,
    content: { type: 'text', text: '' },
  }),
  event('messages', ['supervisor:1a'], {
    event: 'content-block-delta',
    index: 0,
    delta: { type: 'text-delta', text: 'Delegating.' },
  }),
  event('messages', ['supervisor:1a'], {
    event: 'message-finish',
    reason: 'stop',
    usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
  }),
  event(
    'updates',
    [],
    { messages: [{ type: 'ai', id: 'm1', content: [{ type: 'text', text: 'Delegating.' }] }] },
    'supervisor',
  ),
  event('lifecycle', [R], { event: 'started', graph_name: 'researcher' }),
  event('messages', AGENT, { event: 'message-start', id: 'm2' }),
  event('messages', AGENT, {
    event: 'content-block-start',
    index: 1,
    content: { type: 'tool_call_chunk', id: 'c1', name: 'lookup', args: '', index: 1 },
  }),
  event('messages', AGENT, {
    event: 'content-block-delta',
    index: 1,
    delta: { type: 'tool-call-delta', args: '{"q":' },
  }),
  event('messages', AGENT, {
    event: 'content-block-delta',
    index: 1,
    delta: { type: 'tool-call-delta', args: '"x"}' },
  }),
  event('messages', AGENT, {
    event: 'content-block-finish',
    index: 1,
    content: { type: 'tool_call', id: 'c1', name: 'lookup', args: { q: 'x' } },
  }),
  event('messages', AGENT, { event: 'message-finish', reason: 'tool_use' }),
  event('tools', TOOLS, {
    event: 'tool-started',
    tool_call_id: 'c1',
    tool_name: 'lookup',
    input: '{"q":"x"}',
  }),
  event('tools', TOOLS, {
    event: 'tool-finished',
    tool_call_id: 'c1',
    output: {
      type: 'tool',
      id: 't1',
      tool_call_id: 'c1',
      name: 'lookup',
      content: 'found x',
      status: 'success',
    },
  }),
  event('lifecycle', [R], { event: 'completed', graph_name: 'researcher' }),
  event('input.requested', [], { interrupt_id: 'i1', payload: { question: 'Proceed?' } }),
  event('lifecycle', [], { event: 'interrupted', graph_name: 'supervisor' }),
].join('');

const answerOf = (state: { messages: readonly unknown[] }) => state.messages.at(-1) as AssistantMessageState;

describe('LangGraph protocol v2 events', () => {
  it('reads text, a sub-agent with its call and result, an interrupt, and the end', async () => {
    const { snapshot, protocol, state } = await reduce(STREAM);
    expect(protocol).toBe('langgraph-v2');
    expect(snapshot).toMatchObject({
      status: 'done',
      // The interrupt waits for the person: the run ended asking.
      outcome: 'awaiting-input',
      text: 'Delegating.',
      errors: [],
      usage: { inputTokens: 5 },
    });
    expect(
      snapshot.toolCalls.map((c) => [c.call_id, c.tool_name, c.kind, c.parent_call_id, c.status]),
    ).toEqual([
      [R, 'researcher', 'delegation', null, 'complete'],
      ['c1', 'lookup', 'tool', R, 'complete'],
      ['interrupt:i1', 'interrupt', 'tool', null, 'awaiting-input'],
    ]);
    const answer = answerOf(state);
    expect(lookup(answer.calls, 'c1')).toMatchObject({ args: { q: 'x' }, argsText: '{"q":"x"}' });
    expect(lookup(answer.calls, 'c1')?.result?.text).toBe('found x');
    expect(lookup(answer.calls, 'interrupt:i1')?.details.interrupt).toEqual({
      id: 'i1',
      value: { question: 'Proceed?' },
      namespace: [],
      kind: 'interrupt',
    });
    expect(lookup(answer.calls, 'interrupt:i1')?.input).toMatchObject({
      kind: 'input',
      ref: 'i1',
      message: 'Proceed?',
      answer: null,
    });
    // The call's arguments streamed.
    const args = statesOf(STREAM, 'langgraph-v2').map((s) => lookup(answerOf(s).calls, 'c1')?.args);
    expect(args).toContainEqual({});
    expect(state.run.lastEventId).toBe(String(seq));
  });

  it('ends failed on a failed run, with the error named', async () => {
    const { snapshot } = await reduce(
      [
        event('lifecycle', [], { event: 'running', graph_name: 'g' }),
        event('lifecycle', [], {
          event: 'failed',
          graph_name: 'g',
          error: '{"error":"TimeoutError","message":"Took too long"}',
        }),
      ].join(''),
    );
    expect(snapshot).toMatchObject({ status: 'error', outcome: 'failed' });
    expect(snapshot.errors).toEqual([{ code: 'server', message: 'Took too long (TimeoutError)' }]);
  });

  it('takes a stream that closes before the root is done as interrupted', async () => {
    const { snapshot } = await reduce(STREAM.split('event: input.requested')[0]!);
    expect(snapshot.outcome).toBe('interrupted');
  });
});
