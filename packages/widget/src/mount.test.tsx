import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, mountWidget, removeHosts, sseResponse, text, tool } from './test-utils/widget.js';

beforeEach(() => sessionStorage.clear());
afterEach(() => removeHosts());

describe('mount', () => {
  it('renders the chat inside an open shadow root, styled from inside it', () => {
    const widget = mountWidget({ title: 'Support' });
    expect(widget.host.shadowRoot).toBe(widget.shadow);
    expect(widget.view.getByRole('heading', { name: 'Support' })).toBeTruthy();
    expect(widget.view.getByRole('textbox')).toBeTruthy();
    // jsdom has no constructable stylesheets, so the fallback <style> carries the CSS.
    const style = widget.shadow.querySelector('style');
    expect(style?.textContent).toContain('[data-slot="composer"]');
    expect(style?.textContent).toContain(':host');
    // Nothing is added to the page's own DOM or head.
    expect(widget.host.childNodes).toHaveLength(0);
    expect(document.head.querySelector('style')).toBeNull();
    widget.unmount();
  });

  it('unmount removes the chat and its styles and allows mounting again', () => {
    const widget = mountWidget({ title: 'First' });
    widget.unmount();
    expect(widget.shadow.childNodes).toHaveLength(0);
    const again = mountWidget({ title: 'Second' }, widget.host);
    expect(again.view.getByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(again.shadow.querySelectorAll('style')).toHaveLength(1);
    again.unmount();
  });

  it('refuses a second widget on the same element', () => {
    const widget = mountWidget();
    expect(() => mountWidget({}, widget.host)).toThrow(/already has a widget/);
    widget.unmount();
  });

  it('shows initial messages given in short form', () => {
    const widget = mountWidget({
      persist: false,
      initialMessages: [
        { role: 'assistant', text: 'Hello! Ask me about the docs.' },
        { role: 'user', text: 'Where is the onboarding page?' },
      ],
    });
    expect(widget.view.getByText('Hello! Ask me about the docs.')).toBeTruthy();
    expect(widget.view.getByText('Where is the onboarding page?')).toBeTruthy();
    expect(widget.handle.store.getState().messages.map((message) => message.role)).toEqual([
      'assistant',
      'user',
    ]);
    widget.unmount();
  });

  it('sends what is typed with the headers, token and body builder, and shows the streamed answer', async () => {
    const { fetch, requests } = fakeFetch(() => sseResponse([text('Hi '), text('there')]));
    const widget = mountWidget({
      endpoint: '/api/chat/stream',
      headers: { 'x-tenant': 'acme', authorization: 'stale' },
      getToken: async () => 'secret-token',
      body: (message, extra) => ({ prompt: message, ...extra, channel: 'widget' }),
      storeOptions: { fetch },
    });
    const input = widget.view.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Hello widget' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(widget.handle.store.getState().status).toBe('done'));
    expect(widget.view.getByText('Hi there')).toBeTruthy();
    expect(widget.view.getByText('Hello widget')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/chat/stream');
    expect(requests[0]!.headers['x-tenant']).toBe('acme');
    expect(requests[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(requests[0]!.body).toEqual({ prompt: 'Hello widget', channel: 'widget' });
    widget.unmount();
  });

  it('sends no Authorization header when the token provider returns nothing', async () => {
    const { fetch, requests } = fakeFetch(() => sseResponse([text('ok')]));
    const widget = mountWidget({ endpoint: '/chat', getToken: () => null, storeOptions: { fetch } });
    await act(() => widget.handle.store.send('hi'));
    expect(requests[0]!.headers.authorization).toBeUndefined();
    expect(requests[0]!.body).toEqual({ message: 'hi' });
    widget.unmount();
  });

  it('update() re-renders with new options and reads new headers without a new conversation', async () => {
    const { fetch, requests } = fakeFetch(() => sseResponse([text('ok')]));
    const widget = mountWidget({ endpoint: '/chat', title: 'Before', storeOptions: { fetch } });
    const store = widget.handle.store;
    act(() => widget.handle.update({ title: 'After', theme: 'dark', getToken: () => 'new' }));
    expect(widget.view.getByRole('heading', { name: 'After' })).toBeTruthy();
    expect(widget.shadow.querySelector('[data-slot="chat"]')?.getAttribute('data-theme')).toBe('dark');
    expect(widget.shadow.querySelector('.tsw-root')?.getAttribute('data-theme')).toBe('dark');
    expect(widget.handle.store).toBe(store);
    await act(() => widget.handle.store.send('hi'));
    expect(requests[0]!.headers.authorization).toBe('Bearer new');
    act(() => widget.handle.update({ theme: undefined }));
    expect(widget.shadow.querySelector('.tsw-root')?.hasAttribute('data-theme')).toBe(false);
    widget.unmount();
  });

  it('update() with another endpoint starts another conversation', () => {
    const widget = mountWidget({ endpoint: '/one', persist: false });
    widget.feed(text('from one'));
    const first = widget.handle.store;
    act(() => widget.handle.update({ endpoint: '/two' }));
    expect(widget.handle.store).not.toBe(first);
    expect(widget.view.queryByText('from one')).toBeNull();
    widget.feed(text('from two'));
    expect(widget.view.getByText('from two')).toBeTruthy();
    widget.unmount();
  });

  it('renders tool bodies with per-tool renderers returning DOM nodes, text or the default body', () => {
    const widget = mountWidget({
      persist: false,
      toolRenderers: {
        search: ({ output }) => {
          const list = document.createElement('ul');
          for (const line of output.split('\n'))
            list.append(Object.assign(document.createElement('li'), { textContent: line }));
          return list;
        },
        weather: ({ call }) => `Weather for ${String(call.details.city)}`,
        // A renderer that handles some calls only, and leaves the others to the default body.
        other: ({ output, renderDefault }) => (output.startsWith('special') ? 'Special!' : renderDefault()),
      },
    });
    widget.feed(
      tool({
        call_id: 'c1',
        tool_name: 'search',
        event_type: 'result',
        tool_response: 'first hit\nsecond hit',
      }),
      tool({ call_id: 'c2', tool_name: 'weather', tool_response: 'x', tool_call_details: { city: 'Oslo' } }),
      tool({ call_id: 'c3', tool_name: 'other', event_type: 'result', tool_response: 'plain output' }),
    );
    const items = widget.shadow.querySelectorAll('[data-slot="widget-tool-output"] li');
    expect([...items].map((item) => item.textContent)).toEqual(['first hit', 'second hit']);
    expect(widget.view.getByText('Weather for Oslo')).toBeTruthy();
    expect(widget.view.getByText('plain output')).toBeTruthy();
    widget.unmount();
  });

  it('hides the element title from the chat so it does not show as a tooltip', () => {
    const host = document.createElement('div');
    host.title = 'Support';
    const widget = mountWidget({}, host);
    expect(widget.shadow.querySelector('.tsw-root')?.getAttribute('title')).toBe('');
    widget.unmount();
  });

  it('uses a nonce on the fallback style element when one is given', () => {
    const widget = mountWidget({ nonce: 'abc123' });
    expect(widget.shadow.querySelector('style')?.nonce).toBe('abc123');
    widget.unmount();
  });
});
