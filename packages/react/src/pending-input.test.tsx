import { act, render, screen } from '@testing-library/react';
import { createToolStreamStore, type ToolStreamStore, type ToolStreamTransport } from '@toolstream/core';
import { describe, expect, it } from 'vitest';
import { ToolStreamProvider } from './context.js';
import { type PendingInput, useCallInput, usePendingInput } from './pending-input.js';

/** A primary-protocol chunk with one call phase (PROTOCOL.md §11: `tool_call_details.awaiting`). */
const callChunk = (
  id: string,
  tool: string,
  details: Record<string, unknown>,
  phase = 'call',
  response = '',
) => ({
  message: '',
  citations: [],
  tool_calls: [
    { call_id: id, event_type: phase, tool_name: tool, tool_response: response, tool_call_details: details },
  ],
});

/** A transport with no network: each request streams the next SSE text, and is recorded. */
function scripted(answers: string[]) {
  const requests: Parameters<ToolStreamTransport['send']>[0][] = [];
  const transport: ToolStreamTransport = {
    async send(request, sink) {
      requests.push(request);
      sink.status('connecting');
      sink.open();
      sink.status('streaming');
      sink.chunk(new TextEncoder().encode(answers.shift() ?? ''));
    },
    async resume() {},
    async cancel() {},
  };
  return { transport, requests };
}

const sse = (...frames: unknown[]) =>
  `${frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join('')}event: done\ndata: \n\n`;

/** A turn ended waiting: an approval of `send_email` (c1) inside delegation d1, and a client tool (c2). */
function waitingStore(answers: string[] = []) {
  let ids = 0;
  const { transport, requests } = scripted(answers);
  const store = createToolStreamStore({ schedule: 'sync', transport, generateId: () => `m${++ids}` });
  store.startTurn('Email Ana and tell me my time zone');
  store.ingest(callChunk('d1', 'ask_mailer', { agent: 'mailer' }, 'delegation_call', 'Email Ana'));
  store.ingest(
    callChunk('c1', 'send_email', {
      parent_call_id: 'd1',
      awaiting: 'approval',
      editable: true,
      prompt: 'Send this email?',
      arguments: { to: 'ana@example.com' },
    }),
  );
  store.ingest(callChunk('c0', 'search', {}, 'call', 'q'));
  store.complete();
  return { store, requests };
}

function Pending({ seen }: { seen: (readonly PendingInput[])[] }) {
  const pending = usePendingInput();
  seen.push(pending);
  return (
    <ul>
      {pending.map((item) => (
        <li
          key={item.call.id}
        >{`${item.messageId}/${item.call.id}:${item.kind}:${item.editable}:${item.message}`}</li>
      ))}
    </ul>
  );
}

const wrap = (store: ToolStreamStore, node: React.ReactNode) =>
  render(<ToolStreamProvider store={store}>{node}</ToolStreamProvider>);

describe('usePendingInput', () => {
  it('lists every call that waits, nested ones too, with what the request said', () => {
    const { store } = waitingStore();
    const seen: (readonly PendingInput[])[] = [];
    wrap(store, <Pending seen={seen} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'm2/c1:approval:true:Send this email?',
    ]);
    expect(seen.at(-1)![0]!.call.parentId).toBe('d1');
  });

  it('keeps the same list while nothing in it changes, and drops an answered call', async () => {
    const { store, requests } = waitingStore([
      sse(callChunk('c1', 'send_email', { parent_call_id: 'd1' }, 'result', 'Sent.')),
    ]);
    const seen: (readonly PendingInput[])[] = [];
    wrap(store, <Pending seen={seen} />);
    const first = seen.at(-1)!;
    // An update elsewhere in the state re-runs the selector, not the component.
    act(() => store.allowTool('read_file'));
    expect(store.getState().allowedTools).toEqual(['read_file']);
    expect(seen.at(-1)).toBe(first);

    await act(async () => {
      expect(first[0]!.approve({ args: { to: 'ana@example.org' } })).toBe(true);
    });
    expect(seen.at(-1)).toEqual([]);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    // The store sent the continuation by itself, with the edited arguments.
    expect(requests.map((r) => [r.trigger, r.continuation?.answers[0]?.answer])).toEqual([
      ['continue', { type: 'approve', args: { to: 'ana@example.org' }, by: 'user' }],
    ]);
    // A bound answer given twice is refused.
    expect(first[0]!.deny('late')).toBe(false);
  });

  it('is empty without a waiting call', () => {
    let ids = 0;
    const store = createToolStreamStore({ schedule: 'sync', generateId: () => `m${++ids}` });
    const seen: (readonly PendingInput[])[] = [];
    wrap(store, <Pending seen={seen} />);
    expect(seen.at(-1)).toEqual([]);
  });
});

function CallInputView({
  messageId,
  callId,
  renders,
}: {
  messageId: string;
  callId: string;
  renders: number[];
}) {
  const state = useCallInput(messageId, callId);
  renders.push(1);
  return (
    <p>
      <span data-testid="input">{`${state.status}:${state.isWaiting}:${state.input?.answer?.type ?? 'none'}`}</span>
      <button type="button" onClick={() => state.deny('Wrong recipient')}>
        Deny
      </button>
    </p>
  );
}

describe('useCallInput', () => {
  it('shows one call’s request and answer; answering through it denies the call', async () => {
    const { store, requests } = waitingStore([sse()]);
    const renders: number[] = [];
    wrap(store, <CallInputView messageId="m2" callId="c1" renders={renders} />);
    expect(screen.getByTestId('input').textContent).toBe('awaiting-input:true:none');
    const before = renders.length;
    // An update that does not touch the call does not re-render it.
    act(() => store.allowTool('read_file'));
    expect(renders.length).toBe(before);
    await act(async () => screen.getByRole('button', { name: 'Deny' }).click());
    expect(screen.getByTestId('input').textContent).toBe('denied:false:deny');
    expect(requests[0]!.continuation?.answers[0]?.answer).toEqual({
      type: 'deny',
      reason: 'Wrong recipient',
      by: 'user',
    });
  });

  it('a call that asks for nothing has no input (a call the run ended with, without a result, is complete)', () => {
    const { store } = waitingStore();
    wrap(store, <CallInputView messageId="m2" callId="c0" renders={[]} />);
    expect(screen.getByTestId('input').textContent).toBe('complete:false:none');
  });
});
