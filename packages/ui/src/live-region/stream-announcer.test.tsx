import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { StreamAnnouncer } from './stream-announcer.js';

describe('StreamAnnouncer', () => {
  afterEach(() => vi.useRealTimers());

  it('announces politely, at most once per interval, not per token', () => {
    vi.useFakeTimers();
    const { feed, store } = renderWithStore(<StreamAnnouncer intervalMs={1500} />);
    const region = document.querySelector('[data-slot="stream-announcer"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    for (const word of 'The onboarding guide lives in the Engineering space '.split(/(?<= )/))
      feed(text(word));
    // Tokens arrived, but the interval has not passed: nothing said yet.
    expect(region.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1500));
    expect(region.textContent).toBe('The onboarding guide lives in the Engineering space');

    feed(text('of '), text('Confluence.'));
    act(() => store.complete());
    act(() => vi.advanceTimersByTime(1500));
    expect(region.textContent).toBe('of Confluence. Response complete.');
  });

  it('is visually hidden but present for screen readers', () => {
    renderWithStore(<StreamAnnouncer />);
    const region = document.querySelector<HTMLElement>('[data-slot="stream-announcer"]')!;
    expect(region.style.position).toBe('absolute');
    expect(region.style.width).toBe('1px');
    expect(screen.queryByText(/./, { selector: '[data-slot="stream-announcer"]' })).toBeNull();
  });
});
