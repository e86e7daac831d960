import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createToolStreamStore } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { text } from '../test-utils/chunks.js';
import { renderWithStore, sequentialIds } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { Thread } from '../thread/thread.js';
import { UserMessage } from './user-message.js';

describe('UserMessage', () => {
  it('shows the text as plain text, keeping line breaks and never parsing markup', () => {
    renderWithStore(<UserMessage messageId="u1" />, {
      initialMessages: [{ id: 'u1', role: 'user', text: '<b>hi</b>\n**there**', createdAt: 0 }],
    });
    const element = screen.getByRole('article', { name: 'You' });
    expect(element.querySelector('b, strong')).toBeNull();
    expect(element.querySelectorAll('br')).toHaveLength(1);
    expect(element.querySelector('.ts-message__text')?.textContent).toBe('<b>hi</b>**there**');
  });

  it('edits in place: Save & submit answers the changed message again, dropping later turns', async () => {
    const user = userEvent.setup();
    const fetch = sseFetch((body) => [text(`Answer to ${(body as { message: string }).message}`)]);
    const store = createToolStreamStore({
      endpoint: '/api/chat',
      fetch,
      schedule: 'sync',
      generateId: sequentialIds(),
    });
    render(
      <ToolStreamProvider store={store}>
        <Thread />
      </ToolStreamProvider>,
    );
    await act(() => store.send('first'));
    await act(() => store.send('second'));
    await waitFor(() => expect(screen.getByText('Answer to second')).toBeTruthy());
    const first = screen.getAllByRole('article', { name: 'You' })[0]!;
    await user.click(within(first).getByRole('button', { name: 'Edit message' }));
    const field = within(first).getByRole('textbox', { name: 'Edit message' });
    expect((field as HTMLTextAreaElement).value).toBe('first');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'changed');
    await user.click(within(first).getByRole('button', { name: 'Save & submit' }));
    await waitFor(() => expect(screen.getByText('Answer to changed')).toBeTruthy());
    expect(screen.getAllByRole('article', { name: 'You' }).map((a) => a.textContent)).toEqual(['changed']);
    expect(screen.queryByText('Answer to second')).toBeNull();
  });

  it('cancels an edit with Escape, and gives the focus back to the Edit button', async () => {
    const user = userEvent.setup();
    renderWithStore(<UserMessage messageId="u1" />, {
      initialMessages: [{ id: 'u1', role: 'user', text: 'hello', createdAt: 0 }],
    });
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit message' }), ' world');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('article', { name: 'You' }).textContent).toBe('hello');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit message' })),
    );
  });

  it('has no axe violations, shown and editing', async () => {
    const user = userEvent.setup();
    const { container } = renderWithStore(<UserMessage messageId="u1" />, {
      initialMessages: [{ id: 'u1', role: 'user', text: 'hello', createdAt: 0 }],
    });
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await expectNoAxeViolations(container);
  });
});
