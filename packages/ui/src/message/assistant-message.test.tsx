import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToolStreamProvider } from '@toolstream/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, cite, part, result, text } from '../test-utils/chunks.js';
import { renderWithStore, storeFromActions } from '../test-utils/render-with-store.js';
import { AssistantMessage } from './assistant-message.js';
import { UserMessage } from './user-message.js';

const search: CallSpec = { id: 'c1', tool: 'search_confluence' };
const delegation: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'researcher' };
const nested: CallSpec = { id: 'n1', tool: 'fetch_page', parent: 'd1', agent: 'researcher' };

// The store names the first assistant message `m1` (see renderWithStore).
const message = () => screen.getByRole('article', { name: 'Assistant' });

describe('AssistantMessage', () => {
  it('renders its parts in arrival order: text, tool call, text', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('Let me search. '), result(search, 'Found it'), text('Here is **the answer**.'));
    const kinds = [...message().children].map((child) => child.getAttribute('data-slot'));
    expect(kinds).toEqual(['markdown', 'tool-call', 'markdown']);
    expect(message().querySelector('strong')?.textContent).toBe('the answer');
  });

  it('is busy while streaming, with a caret on the last text only', () => {
    const { store, feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('Hello'));
    expect(message().getAttribute('aria-busy')).toBe('true');
    expect(message().querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(true);
    feed(result(search, 'x'));
    // The text is no longer last: the caret leaves it (the call shows its own state).
    expect(message().querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(false);
    act(() => store.complete());
    expect(message().hasAttribute('aria-busy')).toBe(false);
    expect(message().dataset.state).toBe('complete');
  });

  it('says "Working…" before anything arrived', () => {
    const store = storeFromActions([
      { type: 'run-start', assistantMessageId: 'm1', userMessage: { id: 'u1', text: 'hi' }, protocol: null },
    ]);
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId="m1" />
      </ToolStreamProvider>,
    );
    expect(within(message()).getByText('Working…')).toBeTruthy();
  });

  it('renders delegations as trees with their nested calls', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(begin(delegation), part(nested, 'page text'));
    const tree = screen.getByRole('article', { name: 'delegate agent researcher' });
    expect(tree.dataset.slot).toBe('delegation-tree');
    expect(within(tree).getByRole('article', { name: /^fetch_page/ })).toBeTruthy();
  });

  it('keeps reasoning in a "Thinking" disclosure, closed by default', async () => {
    const user = userEvent.setup();
    const store = storeFromActions([
      { type: 'run-start', assistantMessageId: 'm1', userMessage: null, protocol: null },
      { type: 'reasoning-delta', delta: 'The user wants the onboarding page.' },
      { type: 'text-delta', delta: 'Here it is.' },
      { type: 'done' },
    ]);
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId="m1" />
      </ToolStreamProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Thinking' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The user wants the onboarding page.')).toBeNull();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The user wants the onboarding page.')).toBeTruthy();
  });

  it('lists its citations', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('See the docs.'), cite('https://example.com/a', 'handbook.pdf'));
    expect(screen.getByRole('link', { name: 'https://example.com/a' })).toBeTruthy();
    expect(screen.getByText('handbook.pdf').closest('a')).toBeNull();
  });

  it('has no axe violations', async () => {
    const { feed, container } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(
      text('Answer with a [link](https://example.com).'),
      result(search, 'ok'),
      begin(delegation),
      part(nested, 'x'),
      cite('https://example.com/a'),
    );
    await expectNoAxeViolations(container);
  });
});

describe('UserMessage', () => {
  it('shows the text as plain text, keeping line breaks and never parsing markup', () => {
    renderWithStore(<UserMessage messageId="u1" />, {
      initialMessages: [{ id: 'u1', role: 'user', text: '<b>hi</b>\n**there**', createdAt: 0 }],
    });
    const element = screen.getByRole('article', { name: 'You' });
    expect(element.querySelector('b, strong')).toBeNull();
    expect(element.querySelectorAll('br')).toHaveLength(1);
    expect(element.textContent).toBe('<b>hi</b>**there**');
  });
});
