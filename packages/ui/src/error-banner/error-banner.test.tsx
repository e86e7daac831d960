import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ToolStreamError } from '@toolstream/core';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { ErrorBanner } from './error-banner.js';

const gone: ToolStreamError = {
  code: 'resume-failed',
  message: 'Run run_7 is gone (HTTP 404).',
  status: 404,
  retryable: false,
  fatal: true,
};

/** A state with an error no turn carries: a failed re-attach with nothing to put it on. */
const orphanError = (error: ToolStreamError) => ({
  initialState: {
    status: 'error' as const,
    messages: [],
    errors: [error],
    error,
    run: { runId: null, lastEventId: null, messageId: null, protocol: null, finish: null, sawDone: false },
  },
});

describe('ErrorBanner', () => {
  it('renders nothing without an error', () => {
    const { container, feed } = renderWithStore(<ErrorBanner />);
    feed(text('fine'));
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a failure its turn shows', async () => {
    const fetch = sseFetch([], { fail: () => ({ status: 503, body: 'upstream down' }) });
    const { store, container } = renderWithStore(<ErrorBanner />, {
      endpoint: '/api/chat',
      fetch,
      reconnect: false,
    });
    await act(() => store.send('Where is the guide?'));
    expect(store.getState().error?.code).toBe('http');
    expect(container.innerHTML).toBe('');
  });

  it('shows an error no turn can show as an alert in plain words', () => {
    renderWithStore(<ErrorBanner />, orphanError(gone));
    const alert = screen.getByRole('alert');
    expect(alert.dataset.code).toBe('resume-failed');
    expect(alert.textContent).toBe('The answer in progress could not be picked up again.');
  });

  it('dismisses the error until another one happens', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    renderWithStore(<ErrorBanner onDismiss={onDismiss} />, orphanError(gone));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDismiss).toHaveBeenCalledWith(gone);
  });

  it('has no axe violations', async () => {
    const { container } = renderWithStore(<ErrorBanner />, orphanError(gone));
    await expectNoAxeViolations(container);
  });
});
