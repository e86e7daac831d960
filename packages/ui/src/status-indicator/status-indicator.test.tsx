import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { RUN_STATUS_LABELS, StatusIndicator } from './status-indicator.js';

describe('StatusIndicator', () => {
  it('follows the run through its statuses', () => {
    const { store, feed } = renderWithStore(<StatusIndicator />);
    const status = () => screen.getByRole('status');
    expect(status().dataset.state).toBe('idle');
    expect(status().textContent).toBe('');
    feed(text('hi'));
    expect(status().dataset.state).toBe('streaming');
    expect(status().textContent).toBe(RUN_STATUS_LABELS.streaming);
    act(() => store.complete());
    expect(status().dataset.state).toBe('done');
    expect(status().textContent).toBe(RUN_STATUS_LABELS.done);
    feed(text('again'));
    act(() => void store.stop());
    expect(status().textContent).toBe(RUN_STATUS_LABELS.aborted);
    feed({ error: { message: 'x' } });
    expect(status().dataset.state).toBe('error');
  });

  it('takes replacement labels', () => {
    const { feed } = renderWithStore(<StatusIndicator labels={{ streaming: 'Antwortet…' }} />);
    feed(text('hi'));
    expect(screen.getByRole('status').textContent).toBe('Antwortet…');
  });

  it('has no axe violations', async () => {
    const { container, feed } = renderWithStore(<StatusIndicator />);
    feed(text('hi'));
    await expectNoAxeViolations(container);
  });
});
