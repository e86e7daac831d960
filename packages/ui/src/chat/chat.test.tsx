import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { chunk, part, result, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import type { ToolRendererProps } from '../tool-call/tool-renderers.js';
import { Chat } from './chat.js';

const reply = [
  text('Searching. '),
  chunk('', [
    {
      call_id: 'c1',
      event_type: 'result',
      tool_name: 'search_confluence',
      tool_response: 'Onboarding,Setup',
      tool_call_details: {},
    },
  ]),
  text('Found two pages.'),
];

function Pages({ output }: ToolRendererProps) {
  return (
    <ul aria-label="Pages">
      {output.split(',').map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  );
}

describe('Chat', () => {
  it('composes heading, status, thread, error banner and composer around its own store', async () => {
    const user = userEvent.setup();
    const fetch = sseFetch(reply);
    render(
      <Chat
        endpoint="/api/chat"
        options={{ fetch, schedule: 'sync' }}
        title="Support"
        toolRenderers={{ search_confluence: Pages }}
      />,
    );
    const chat = screen.getByRole('region', { name: 'Support' });
    expect(within(chat).getByRole('heading', { name: 'Support' })).toBeTruthy();
    expect(within(chat).getByText(/No messages yet/)).toBeTruthy();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'Where is onboarding?{Enter}');
    const status = chat.querySelector<HTMLElement>('[data-slot="status-indicator"]')!;
    await waitFor(() => expect(status.dataset.state).toBe('done'));
    expect(within(chat).getByRole('article', { name: 'You' }).textContent).toBe('Where is onboarding?');
    expect(within(within(chat).getByRole('list', { name: 'Pages' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(fetch.requests[0]?.url).toBe('/api/chat');
  });

  it('uses a given store, and the nearest provider’s when given none', () => {
    const { feed } = renderWithStore(<Chat title="Inner" />);
    feed(text('from the provider'));
    expect(screen.getByText('from the provider')).toBeTruthy();

    const store = createToolStreamStore({ schedule: 'sync' });
    render(<Chat store={store} title="Own" />);
    store.ingest(text('from its store'));
    return waitFor(() => expect(screen.getByText('from its store')).toBeTruthy());
  });

  it('forces a theme with data-theme, and shows the timeline when asked', () => {
    const { feed } = renderWithStore(<Chat theme="dark" showTimeline />);
    feed(part({ id: 't', tool: 'slow_tool' }, 'x'), result({ id: 'u', tool: 'other' }, 'y'));
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(chat.dataset.theme).toBe('dark');
    expect(within(chat).getByText(/^Tool timeline/)).toBeTruthy();
  });

  it('stops its own run when unmounted', async () => {
    const fetch = sseFetch([text('a'), text('b'), text('c')], { delayMs: 50 });
    const store = createToolStreamStore({ endpoint: '/api/chat', fetch, schedule: 'sync' });
    const view = render(
      <ToolStreamProvider store={store}>
        <Chat endpoint="/api/chat" options={{ fetch, schedule: 'sync' }} />
      </ToolStreamProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'go{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy());
    const request = fetch.requests.find((r) => r.method === 'POST')!;
    expect(request.signal?.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(request.signal?.aborted).toBe(true));
    // The chat's own store (not the outer one) was running; the outer store never started.
    expect(store.getState().status).toBe('idle');
  });

  it('has no axe violations, empty and after an answer', async () => {
    const { container, feed } = renderWithStore(<Chat title="Support" showTimeline />);
    await expectNoAxeViolations(container);
    feed(...reply);
    await expectNoAxeViolations(container);
  });
});
