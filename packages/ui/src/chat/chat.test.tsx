import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  text('Searching **now**. '),
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
    expect(within(chat).getByText('How can I help?')).toBeTruthy();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'Where is onboarding?{Enter}');
    const status = chat.querySelector<HTMLElement>('[data-slot="status-indicator"]')!;
    await waitFor(() => expect(status.dataset.state).toBe('done'));
    expect(within(chat).getByRole('article', { name: 'You' }).textContent).toBe('Where is onboarding?');
    expect(within(within(chat).getByRole('list', { name: 'Pages' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(fetch.requests[0]?.url).toBe('/api/chat');
    // Chat renders markdown (its default text renderer).
    expect(
      within(chat).getByRole('article', { name: 'Assistant' }).querySelector('strong')?.textContent,
    ).toBe('now');
  });

  it('stops a run with Escape, and with Stop, handing the focus back to the composer', async () => {
    const user = userEvent.setup();
    // Long enough (2 s) that a loaded machine still stops it mid-way; stopped, it ends at once.
    const fetch = sseFetch(
      Array.from({ length: 50 }, (_, i) => text(`${i} `)),
      { delayMs: 40 },
    );
    render(
      <Chat
        endpoint="/api/chat"
        options={{ fetch, schedule: 'sync' }}
        headerActions={
          <button type="button" aria-haspopup="menu">
            Menu
          </button>
        }
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'go{Enter}');
    await screen.findByRole('button', { name: 'Stop' });
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(document.querySelector('[data-slot="status-indicator"]')?.getAttribute('data-state')).toBe(
      'aborted',
    );
    expect(screen.getByRole('article', { name: 'Assistant' }).dataset.outcome).toBe('stopped');

    await user.type(input, 'again{Enter}');
    await screen.findByRole('button', { name: 'Stop' });
    // Escape in a menu of the header closes the menu, not the run.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    // The focus comes back once the run has ended (an effect after the Send button renders).
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('gives the focus back to the composer when a run ends, unless the reader moved it', async () => {
    const user = userEvent.setup();
    // Long enough (eight frames, 30 ms apart) that the focus moves while the run is on, on a loaded machine too.
    const fetch = sseFetch(
      Array.from({ length: 8 }, (_, i) => text(`${i} `)),
      { delayMs: 30 },
    );
    render(<Chat endpoint="/api/chat" options={{ fetch, schedule: 'sync' }} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'go{Enter}');
    await screen.findByRole('button', { name: 'Stop' });
    // Focus lost to the page (the pressed button went away): it comes back at the end.
    input.blur();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(document.activeElement).toBe(input);

    await user.type(input, 'again{Enter}');
    await screen.findByRole('button', { name: 'Stop' });
    const region = screen.getByRole('region', { name: 'Conversation' });
    region.focus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(document.activeElement).toBe(region);
  });

  it('shows a failed turn on the turn, not in a banner', async () => {
    const fetch = sseFetch([], { fail: () => ({ status: 500, body: 'boom' }) });
    render(<Chat endpoint="/api/chat" options={{ fetch, schedule: 'sync', reconnect: false }} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'go{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.closest('[data-slot="assistant-message"]')).not.toBeNull();
    expect(document.querySelector('[data-slot="error-banner"]')).toBeNull();
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

  it('forces a theme with data-theme, and shows the timeline in a panel that is a drawer when narrow', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<Chat theme="dark" showTimeline />);
    feed(part({ id: 't', tool: 'slow_tool' }, 'x'), result({ id: 'u', tool: 'other' }, 'y'));
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(chat.dataset.theme).toBe('dark');
    const panel = within(chat).getByRole('complementary', { name: 'Tool timeline' });
    expect(within(panel).getByText(/^Slow tool:/)).toBeTruthy();
    // The toggle (shown by the stylesheet when the chat is narrow) opens it as a drawer.
    const toggle = within(chat).getByRole('button', { name: 'Timeline' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.dataset.state).toBe('closed');
    await user.click(toggle);
    expect(panel.dataset.state).toBe('open');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close the timeline' }));
    await user.keyboard('{Escape}');
    expect(panel.dataset.state).toBe('closed');
    expect(document.activeElement).toBe(toggle);
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
