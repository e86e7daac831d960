import { afterEach, describe, expect, it } from 'vitest';
import { parseSse, post } from '../../test/sse.js';
import { createRunHandler, type RunHandler, type RunHandlerOptions } from '../handler/create-run-handler.js';

const handlers: RunHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

async function callsOf(start: RunHandlerOptions['start']) {
  const handler = createRunHandler({ start });
  handlers.push(handler);
  const response = await handler(post());
  const events = parseSse(await response.text());
  return {
    runId: response.headers.get('x-run-id')!,
    handler,
    events,
    calls: events
      .filter((event) => event.event === undefined)
      .flatMap((event) => (JSON.parse(event.data) as { tool_calls: Record<string, unknown>[] }).tool_calls),
  };
}

describe('writer: calls that wait', () => {
  it('writes awaiting, editable and prompt in the call’s details (PROTOCOL.md §11), nested ones placed', async () => {
    const { calls } = await callsOf(({ writer }) => {
      writer.toolCall('send_email', {
        args: { to: 'a@b.c' },
        awaiting: 'approval',
        editable: true,
        prompt: 'Send it?',
      });
      writer.toolCall('get_time_zone', { awaiting: 'client' });
      const sub = writer.delegate('planner');
      sub.toolCall('pick_plan', { awaiting: 'input', prompt: 'Which plan?' });
    });
    expect(calls.map((call) => [call.call_id, call.event_type, call.is_complete])).toEqual([
      ['call_1', 'call', true],
      ['call_2', 'call', true],
      ['call_3', 'delegation_call', true],
      ['call_4', 'call', true],
    ]);
    expect(calls[0]?.tool_call_details).toEqual({
      arguments: { to: 'a@b.c' },
      awaiting: 'approval',
      editable: true,
      prompt: 'Send it?',
    });
    expect(calls[1]?.tool_call_details).toEqual({ awaiting: 'client' });
    expect(calls[3]?.tool_call_details).toEqual({
      parent_call_id: 'call_3',
      agent: 'planner',
      awaiting: 'input',
      prompt: 'Which plan?',
    });
  });

  it('refuses editable on anything but an approval, and an unknown kind', async () => {
    const errors: string[] = [];
    await callsOf(({ writer }) => {
      for (const options of [
        { awaiting: 'client' as const, editable: true },
        { editable: true },
        { prompt: 'Sure?' },
        { awaiting: 'maybe' as 'input' },
      ]) {
        try {
          writer.toolCall('tool', options);
        } catch (error) {
          errors.push((error as Error).name);
        }
      }
    });
    expect(errors).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError']);
  });

  it('keeps asks recorded with awaiting() for frames written raw, and the checkpoint', async () => {
    const { runId, handler } = await callsOf(({ writer }) => {
      writer.frame({ data: '{"message":"","citations":[],"tool_calls":[]}' });
      writer.awaiting({
        id: 'c1',
        name: 'get_location',
        kind: 'client',
        editable: false,
        args: {},
        delegation: null,
      });
      writer.checkpoint({ messages: ['hi'] });
    });
    const found = await handler.store.getPending(runId);
    expect(found?.pending.calls.map((call) => call.id)).toEqual(['c1']);
    expect(found?.pending.state).toEqual({ messages: ['hi'] });
  });
});
