import { act, waitFor, within } from '@testing-library/react';
import { createToolStreamStore, latestAnswer, type ToolStreamState } from '@toolstream/core';
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
  it('restores the conversation on the next mount (messages with their calls), ready for the next turn', () => {
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
    expect(latestAnswer(restored)!.calls.c1).toEqual(latestAnswer(saved)!.calls.c1);
    expect(latestAnswer(restored)!.end).toEqual(latestAnswer(saved)!.end);
    // A finished conversation continues from its messages: no run is going on.
    expect(restored.status).toBe('idle');
    expect(restored.run.runId).toBeNull();
    expect(second.view.getByText('Looking that up.', { exact: false })).toBeTruthy();
    // The call, folded as it finished; its output is built when it is opened.
    const call = second.view.getByRole('article', { name: 'Search' });
    act(() => within(call).getByRole('button', { expanded: false }).click());
    expect(within(call).getByText('two pages')).toBeTruthy();
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

  it('ends a restored turn that was streaming when the server did not name its run (interrupted)', () => {
    sessionStorage.setItem(persistenceKey(ENDPOINT, undefined), encodeState(streamingState(null)));
    const widget = mountWidget({ endpoint: ENDPOINT });
    const state = widget.handle.store.getState();
    expect(state.status).toBe('idle');
    expect(latestAnswer(state)!.end).toMatchObject({ outcome: 'interrupted' });
    expect(latestAnswer(state)!.calls.c1?.status).toBe('interrupted');
    expect(widget.view.getByText('partial answer')).toBeTruthy();
    widget.unmount();
  });

  it('re-attaches a restored run the server named, from its last event id', async () => {
    sessionStorage.setItem(persistenceKey(ENDPOINT, undefined), encodeState(streamingState('run-7')));
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
    expect(latestAnswer(widget.handle.store.getState())!.calls.c1?.status).toBe('complete');
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

/**
 * The state a page saved in the middle of streaming: a question, text and an open tool call
 * read from frames with SSE ids, and (when the server named it) the run's id.
 */
function streamingState(runId: string | null): ToolStreamState {
  let ids = 0;
  const store = createToolStreamStore({ schedule: 'sync', generateId: () => `id${++ids}` });
  store.startTurn('question');
  store.ingestFrame({ id: 'e1', data: JSON.stringify(text('partial answer')) });
  store.ingestFrame({ id: 'e2', data: JSON.stringify(tool({ call_id: 'c1', tool_name: 'search' })) });
  const state = store.getState();
  return { ...state, status: 'streaming', run: { ...state.run, runId } };
}
