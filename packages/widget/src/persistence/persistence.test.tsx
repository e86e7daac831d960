import { act, waitFor } from '@testing-library/react';
import { applyActions, initialState, type ToolStreamAction } from '@toolstream/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, mountWidget, removeHosts, sseResponse, text, tool } from '../test-utils/widget.js';
import { decodeState, encodeState, persistenceKey } from './persisted-state.js';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  removeHosts();
});

const ENDPOINT = '/api/chat/stream';

describe('persistence', () => {
  it('restores the conversation on the next mount (messages, calls and run info)', () => {
    const first = mountWidget({ endpoint: ENDPOINT });
    first.feed(
      text('Looking that up. '),
      tool({ call_id: 'c1', tool_name: 'search', event_type: 'result', tool_response: 'two pages' }),
      text('Found it.'),
    );
    act(() => first.handle.store.complete());
    const saved = first.handle.store.getState();
    first.unmount();

    const second = mountWidget({ endpoint: ENDPOINT });
    const restored = second.handle.store.getState();
    expect(restored.messages).toEqual(saved.messages);
    expect(restored.calls).toEqual(saved.calls);
    expect(restored.callOrder).toEqual(saved.callOrder);
    expect(restored.run).toEqual(saved.run);
    expect(restored.status).toBe(saved.status);
    expect(second.view.getByText('Looking that up.', { exact: false })).toBeTruthy();
    expect(second.view.getByText('two pages')).toBeTruthy();
    second.unmount();
  });

  it('keeps nothing when persist is off', () => {
    const first = mountWidget({ endpoint: ENDPOINT, persist: false });
    first.feed(text('forgotten'));
    first.unmount();
    expect(sessionStorage.length).toBe(0);
    const second = mountWidget({ endpoint: ENDPOINT, persist: false });
    expect(second.handle.store.getState().messages).toEqual([]);
    second.unmount();
  });

  it('keeps separate conversations per endpoint and storage key', () => {
    const a = mountWidget({ endpoint: ENDPOINT, storageKey: 'sales' });
    a.feed(text('sales talk'));
    a.unmount();
    const b = mountWidget({ endpoint: ENDPOINT, storageKey: 'support' });
    expect(b.handle.store.getState().messages).toEqual([]);
    b.unmount();
    const c = mountWidget({ endpoint: '/other', storageKey: 'sales' });
    expect(c.handle.store.getState().messages).toEqual([]);
    c.unmount();
    const d = mountWidget({ endpoint: ENDPOINT, storageKey: 'sales' });
    expect(d.view.getByText('sales talk')).toBeTruthy();
    d.unmount();
  });

  it('prefers the stored conversation to initial messages', () => {
    const first = mountWidget({
      endpoint: ENDPOINT,
      initialMessages: [{ role: 'assistant', text: 'Welcome' }],
    });
    first.feed(text('later answer'));
    first.unmount();
    const second = mountWidget({
      endpoint: ENDPOINT,
      initialMessages: [{ role: 'assistant', text: 'Welcome' }],
    });
    const texts = second.handle.store.getState().messages.map((message) => message.id);
    expect(texts).toEqual(first.handle.store.getState().messages.map((message) => message.id));
    expect(second.view.getByText('later answer')).toBeTruthy();
    second.unmount();
  });

  it('writes changes at most once per throttle period, and at once when the page hides', () => {
    vi.useFakeTimers();
    const key = persistenceKey(ENDPOINT, undefined);
    const widget = mountWidget({ endpoint: ENDPOINT });
    widget.feed(text('one'));
    widget.feed(text(' two'));
    expect(sessionStorage.getItem(key)).toBeNull();
    act(() => vi.runOnlyPendingTimers());
    const written = decodeState(sessionStorage.getItem(key));
    expect(written?.messages).toEqual(widget.handle.store.getState().messages);

    widget.feed(text(' three'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(decodeState(sessionStorage.getItem(key))?.messages).toEqual(
      widget.handle.store.getState().messages,
    );
    widget.unmount();
  });

  it('ignores stored text it cannot read', () => {
    sessionStorage.setItem(persistenceKey(ENDPOINT, undefined), '{"version":1,"state":{"messages":"nope"}}');
    const widget = mountWidget({ endpoint: ENDPOINT });
    expect(widget.handle.store.getState().messages).toEqual([]);
    widget.unmount();
  });

  it('ends a restored run that was streaming when the server did not name it', () => {
    const streaming = applyActions(initialState(), streamingRun(null), 1);
    sessionStorage.setItem(persistenceKey(ENDPOINT, undefined), encodeState(streaming));
    const widget = mountWidget({ endpoint: ENDPOINT });
    const state = widget.handle.store.getState();
    expect(state.status).toBe('aborted');
    expect(state.calls.c1?.status).toBe('stopped');
    expect(widget.view.getByText('partial answer')).toBeTruthy();
    widget.unmount();
  });

  it('re-attaches a restored run the server named, from its last event id', async () => {
    const streaming = applyActions(initialState(), streamingRun('run-7'), 1);
    sessionStorage.setItem(persistenceKey(ENDPOINT, undefined), encodeState(streaming));
    const { fetch, requests } = fakeFetch(() =>
      sseResponse([
        tool({ call_id: 'c1', tool_name: 'search', event_type: 'result', tool_response: 'found' }),
        text(' and the rest'),
      ]),
    );
    const widget = mountWidget({ endpoint: ENDPOINT, storeOptions: { fetch } });
    await waitFor(() => expect(widget.handle.store.getState().status).toBe('done'));
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe(`${ENDPOINT}/run-7`);
    expect(requests[0]!.headers['last-event-id']).toBe('e2');
    expect(widget.view.getByText('partial answer')).toBeTruthy();
    expect(widget.view.getByText('and the rest')).toBeTruthy();
    expect(widget.handle.store.getState().calls.c1?.status).toBe('complete');
    widget.unmount();
  });

  it('leaves a named run running on unmount, and the next mount re-attaches it', async () => {
    const encoder = new TextEncoder();
    const first = fakeFetch(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(encoder.encode(`id: e1\ndata: ${JSON.stringify(text('first half'))}\n\n`));
              // …and the stream stays open.
            },
          }),
          { headers: { 'content-type': 'text/event-stream', 'x-run-id': 'run-9' } },
        ),
    );
    const before = mountWidget({ endpoint: ENDPOINT, storeOptions: { fetch: first.fetch } });
    act(() => {
      void before.handle.store.send('question');
    });
    await waitFor(() => expect(before.view.getByText('first half')).toBeTruthy());
    before.unmount();
    // Detached, not stopped: no DELETE asked the server to cancel the run.
    expect(first.requests.map((request) => request.method)).toEqual(['POST']);

    const second = fakeFetch(() => sseResponse([text(' second half')]));
    const after = mountWidget({ endpoint: ENDPOINT, storeOptions: { fetch: second.fetch } });
    await waitFor(() => expect(after.handle.store.getState().status).toBe('done'));
    expect(
      second.requests.map((request) => [request.method, request.url, request.headers['last-event-id']]),
    ).toEqual([['GET', `${ENDPOINT}/run-9`, 'e1']]);
    expect(after.view.getByText('first half second half')).toBeTruthy();
    after.unmount();
  });
});

/** A run in the middle of streaming: text, an open tool call, SSE ids, and maybe a run id. */
function streamingRun(runId: string | null): ToolStreamAction[] {
  return [
    {
      type: 'run-start',
      assistantMessageId: 'a1',
      userMessage: { id: 'u1', text: 'question' },
      protocol: 'auto',
    },
    ...(runId === null ? [] : [{ type: 'run-info', runId } satisfies ToolStreamAction]),
    { type: 'status', status: 'streaming' },
    { type: 'event-id', id: 'e1' },
    { type: 'text-delta', delta: 'partial answer' },
    { type: 'event-id', id: 'e2' },
    {
      type: 'tool-start',
      callId: 'c1',
      phase: 'call',
      toolName: 'search',
      kind: 'tool',
      parentCallId: null,
      agent: null,
      eventType: 'call',
      details: {},
    },
  ];
}
