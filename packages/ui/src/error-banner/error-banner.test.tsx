import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { ErrorBanner } from './error-banner.js';

const answer = [{ message: 'Here you go.', citations: [], tool_calls: [] }];

describe('ErrorBanner', () => {
  it('renders nothing without an error', () => {
    const { container, feed } = renderWithStore(<ErrorBanner />);
    feed(text('fine'));
    expect(container.innerHTML).toBe('');
  });

  it('shows the run’s error and code as an alert, and Retry re-sends the last user message', async () => {
    const user = userEvent.setup();
    const fetch = sseFetch(answer, {
      fail: (attempt) => (attempt === 1 ? { status: 503, body: 'upstream down' } : null),
    });
    const { store } = renderWithStore(<ErrorBanner />, { endpoint: '/api/chat', fetch, reconnect: false });
    await act(() => store.send('Where is the guide?'));
    const alert = screen.getByRole('alert');
    expect(alert.dataset.code).toBe(store.getState().error?.code);
    expect(alert.textContent).toContain(store.getState().error!.message);
    expect(alert.textContent).toContain('HTTP 503');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(store.getState().status).toBe('done'));
    const posts = fetch.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { message: 'Where is the guide?' },
      { message: 'Where is the guide?' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands Retry to onRetry when given', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { feed } = renderWithStore(<ErrorBanner onRetry={onRetry} />);
    feed(text('partial'), { error: { message: 'model overloaded' } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(null);
  });

  it('dismisses an error until another one happens', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const { feed } = renderWithStore(<ErrorBanner onDismiss={onDismiss} />);
    feed({ error: { message: 'first failure' } });
    expect(screen.getByRole('alert').textContent).toContain('first failure');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDismiss).toHaveBeenCalledWith(expect.objectContaining({ message: 'first failure' }));
    feed({ error: { message: 'second failure' } });
    expect(screen.getByRole('alert').textContent).toContain('second failure');
  });

  it('has no axe violations', async () => {
    const { container, feed } = renderWithStore(<ErrorBanner onRetry={() => {}} />);
    feed({ error: { message: 'boom' } });
    await expectNoAxeViolations(container);
  });
});
