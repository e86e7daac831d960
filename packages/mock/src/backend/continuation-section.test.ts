import type { ContinuationAnswer } from '@toolstream/server';
import { describe, expect, it } from 'vitest';
import { scenario } from '../scenario/builder.js';
import { parseScenario } from '../scenario/validate.js';
import { fillSection, pickContinuation } from './continuation-section.js';
import { createAskTracker } from './scenario-asks.js';

const answer = (id: string, given: ContinuationAnswer['answer'], extra: Partial<ContinuationAnswer> = {}) =>
  ({
    id,
    name: 'tool',
    kind: 'approval',
    args: {},
    edited: false,
    delegation: null,
    answer: given,
    ...extra,
  }) as ContinuationAnswer;

const built = scenario('picks', 'Sections chosen by answers.')
  .ask({ id: 'a', tool: 'send', awaiting: 'approval', editable: true })
  .done()
  .continuation({ a: 'edited' })
  .text('edited')
  .done()
  .continuation({ a: 'approved' })
  .text('approved')
  .done()
  .continuation({ a: 'any' })
  .text('anything else')
  .done()
  .build();

describe('continuation sections', () => {
  it('picks the first section whose answers match, in order', () => {
    const textOf = (given: ContinuationAnswer) =>
      JSON.parse((pickContinuation(built, [given])!.steps[0] as { data: string }).data).message;
    expect(textOf(answer('a', { type: 'approve' }, { edited: true }))).toBe('edited');
    expect(textOf(answer('a', { type: 'approve' }))).toBe('approved');
    expect(textOf(answer('a', { type: 'deny', reason: null }))).toBe('anything else');
    expect(pickContinuation(built, [answer('b', { type: 'approve' })])).toBeNull();
  });

  it('fills placeholders escaped for the JSON string they sit in', () => {
    const steps = fillSection(
      [
        {
          delay: 0,
          data: JSON.stringify({ message: 'to {{a.arguments.to}}, why {{a.reason}}; {{b.output}}' }),
        },
      ],
      [
        answer('a', { type: 'deny', reason: 'quote " and \\ and\nnewline' }, { args: { to: '<x@y.z>' } }),
        answer('b', { type: 'output', output: { zone: 'Asia/Seoul' } }, { kind: 'client' }),
      ],
    );
    const data = (steps[0] as { data: string }).data;
    expect(JSON.parse(data).message).toBe(
      'to <x@y.z>, why quote " and \\ and\nnewline; {"zone":"Asia/Seoul"}',
    );
    const noReason = fillSection(
      [{ delay: 0, data: '"{{a.reason}}{{a.arguments.__proto__}}"' }],
      [answer('a', { type: 'deny', reason: null })],
    );
    expect((noReason[0] as { data: string }).data).toBe('"no reason given"');
  });

  it('survives a file round trip, and the validator names a bad section', () => {
    const text = `${[
      '{"type":"header","name":"x","description":"d","protocol":"chat-message-response","forgetAsks":true}',
      '{"delay":0,"data":"a"}',
      '{"type":"continuation","when":{"c1":"approved"}}',
      '{"delay":0,"data":"b"}',
    ].join('\n')}\n`;
    const parsed = parseScenario(text);
    expect(parsed.header.forgetAsks).toBe(true);
    expect(parsed.steps).toEqual([{ delay: 0, data: 'a' }]);
    expect(parsed.continuations).toEqual([
      { type: 'continuation', when: { c1: 'approved' }, steps: [{ delay: 0, data: 'b' }] },
    ]);
    expect(() => parseScenario(text.replace('"approved"', '"maybe"'))).toThrow(
      /x?:3: field "when": "c1" must be one of/,
    );
    expect(() => parseScenario(text.replace('chat-message-response', 'typed-events'))).toThrow(
      /chat-message-response protocol/,
    );
  });
});

describe('the asks a scenario’s frames make', () => {
  it('finds calls with awaiting, with their delegation chain, kind, editable and arguments', () => {
    const tracker = createAskTracker();
    const frame = (calls: unknown[]) => JSON.stringify({ message: '', citations: [], tool_calls: calls });
    expect(
      tracker.see(
        frame([
          {
            call_id: 'd1',
            event_type: 'delegation_call',
            tool_name: 'delegate_to_ops',
            tool_response: '',
            tool_call_details: { agent: 'ops' },
            is_complete: true,
          },
        ]),
      ),
    ).toEqual([]);
    const asked = tracker.see(
      frame([
        {
          call_id: 'c1',
          event_type: 'call',
          tool_name: 'scale',
          tool_response: '',
          tool_call_details: {
            parent_call_id: 'd1',
            agent: 'ops',
            arguments: { n: 3 },
            awaiting: 'approval',
            editable: true,
          },
          is_complete: true,
        },
        {
          call_id: 'c2',
          event_type: 'call',
          tool_name: 'tz',
          tool_response: '',
          tool_call_details: { awaiting: 'client', editable: true },
          is_complete: true,
        },
        {
          call_id: 'c3',
          event_type: 'call',
          tool_name: 'x',
          tool_response: '',
          tool_call_details: { awaiting: 'later' },
          is_complete: true,
        },
        {
          call_id: 'c4',
          event_type: 'result',
          tool_name: 'x',
          tool_response: '',
          tool_call_details: { awaiting: 'client' },
          is_complete: true,
        },
      ]),
    );
    expect(asked).toEqual([
      {
        id: 'c1',
        name: 'scale',
        kind: 'approval',
        editable: true,
        args: { n: 3 },
        delegation: { id: 'd1', tool: 'delegate_to_ops', agent: 'ops', parent: null },
      },
      { id: 'c2', name: 'tz', kind: 'client', editable: false, args: {}, delegation: null },
    ]);
    expect(tracker.see('not json')).toEqual([]);
    // Arguments as the call phase's text (PROTOCOL.md §11's example) count too.
    expect(
      tracker.see(
        frame([
          {
            call_id: 'm1',
            event_type: 'call',
            tool_name: 'send_email',
            tool_response: '{"to":"dana@example.com"}',
            tool_call_details: { awaiting: 'approval' },
            is_complete: true,
          },
        ]),
      )[0]?.args,
    ).toEqual({ to: 'dana@example.com' });
  });
});
