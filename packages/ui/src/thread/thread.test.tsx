import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { result, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { fakeScroll } from '../test-utils/scroll-mock.js';
import { Thread } from './thread.js';

const conversation = [
  { id: 'u1', role: 'user' as const, text: 'Where is the onboarding guide?', createdAt: 0 },
  { id: 'a1', role: 'assistant' as const, text: 'In **Confluence**.', createdAt: 1 },
];

describe('Thread', () => {
  it('says how to start when empty, unless given its own empty state', () => {
    const { unmount } = renderWithStore(<Thread />);
    expect(screen.getByText('How can I help?')).toBeTruthy();
    unmount();
  });

  it('shows the empty state before any message', () => {
    renderWithStore(<Thread emptyState="Say hello" />);
    expect(screen.getByText('Say hello')).toBeTruthy();
    expect(
      screen
        .getByRole('region', { name: 'Conversation' })
        .closest('[data-slot="thread"]')
        ?.getAttribute('data-state'),
    ).toBe('empty');
  });

  it('lists user and assistant messages in order, and new ones as they come', () => {
    const { feed } = renderWithStore(<Thread />, { initialMessages: conversation });
    const region = screen.getByRole('region', { name: 'Conversation' });
    expect(
      within(region)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-slot')),
    ).toEqual(['user-message', 'assistant-message']);
    feed(text('Streaming answer'), result({ id: 'c1', tool: 'search' }, 'ok'));
    expect(within(region).getAllByRole('article', { name: /Assistant|You/ })).toHaveLength(3);
    expect(region.closest('[data-slot="thread"]')?.getAttribute('data-state')).toBe('streaming');
  });

  it('offers "Jump to latest" once the reader scrolled up, and goes back down with it', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<Thread />, { initialMessages: conversation });
    const region = screen.getByRole('region', { name: 'Conversation' });
    const scroll = fakeScroll(region, 2000, 400);
    act(() => scroll.scrollTo(2000 - 400)); // where a view that follows stands
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    act(() => scroll.scrollTo(300));
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    await act(async () => {
      scroll.scrollHeight = 2600;
      feed(text('more and more'));
    });
    expect(scroll.scrollTop).toBe(300);
    await user.click(jump);
    expect(scroll.scrollTop).toBe(2600 - 400);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    expect(document.activeElement).toBe(region);
  });

  it('lets keyboard users reach the scrolling region', async () => {
    const user = userEvent.setup();
    renderWithStore(<Thread />, { initialMessages: conversation });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Conversation' }));
  });

  it('commits once per store update, also when the thread itself re-renders', () => {
    let commits = 0;
    const { feed } = renderWithStore(
      <Profiler id="thread" onRender={() => commits++}>
        <Thread />
      </Profiler>,
    );
    // Each of these changes the thread's own props or subscriptions (a first message, status),
    // which used to re-run an inline ref callback and queue an extra, empty commit.
    const perUpdate: number[] = [];
    for (const chunk of [text('Hello'), text(' there'), text('!')]) {
      const before = commits;
      feed(chunk);
      perUpdate.push(commits - before);
    }
    expect(perUpdate).toEqual([1, 1, 1]);
  });

  it('has no axe violations, empty or with messages', async () => {
    const empty = renderWithStore(<Thread />);
    await expectNoAxeViolations(empty.container);
    empty.unmount();
    const { container, feed } = renderWithStore(<Thread />, { initialMessages: conversation });
    feed(text('Hi'), result({ id: 'c1', tool: 'search' }, 'ok'));
    await expectNoAxeViolations(container);
  });
});
