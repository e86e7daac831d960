import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createToolStreamStore } from '@toolstream/core';
import type { StreamEvent } from '@toolstream/core/adapters';
import { ToolStreamProvider } from '@toolstream/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../markdown/markdown.js';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, cite, end, part, result, text } from '../test-utils/chunks.js';
import { storeFromEvents } from '../test-utils/event-store.js';
import { renderWithStore, sequentialIds } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { TextRendererProvider } from '../text/text-renderer.js';
import { Thread } from '../thread/thread.js';
import { AssistantMessage } from './assistant-message.js';

const search: CallSpec = { id: 'c1', tool: 'search_confluence' };
const fetchPage: CallSpec = { id: 'c2', tool: 'fetch_page' };
const lookup: CallSpec = { id: 'c3', tool: 'lookup_user' };
const delegation: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'researcher' };
const nested: CallSpec = { id: 'n1', tool: 'fetch_page', parent: 'd1', agent: 'researcher' };

// A store fed with `ingest` names its first answer `m1` (see renderWithStore).
const message = () => screen.getAllByRole('article', { name: 'Assistant' }).at(-1)!;
const markdown = (ui: ReactNode) => <TextRendererProvider renderer={Markdown}>{ui}</TextRendererProvider>;

/** A chat store on a fake server: `send` works, and every answer is `events` (or what `fail` says). */
function serverStore(
  events: unknown[] | ((attempt: number) => unknown[]),
  fail?: (attempt: number) => { status: number; body: string } | null,
) {
  const fetch = sseFetch(typeof events === 'function' ? (_body, attempt) => events(attempt) : events, {
    fail,
  });
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
  return { store, fetch };
}

describe('AssistantMessage', () => {
  it('renders its parts in arrival order: text, calls, text — as plain text unless given a renderer', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('Let me search. '), result(search, 'Found it'), text('Here is **the answer**.'));
    const kinds = [...message().children].map((child) => child.getAttribute('data-slot'));
    expect(kinds).toEqual(['plain-text', 'call-list', 'plain-text']);
    expect(message().querySelector('strong')).toBeNull();
    expect(message().textContent).toContain('Here is **the answer**.');
  });

  it('renders markdown with the Markdown renderer', () => {
    const { feed } = renderWithStore(markdown(<AssistantMessage messageId="m1" />));
    feed(text('Here is **the answer**.'));
    expect(message().querySelector('[data-slot="markdown"] strong')?.textContent).toBe('the answer');
  });

  it('is busy while streaming, with a caret on the last text only', () => {
    const { store, feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('Hello'));
    expect(message().getAttribute('aria-busy')).toBe('true');
    expect(message().querySelector('[data-slot="plain-text"]')?.hasAttribute('data-streaming')).toBe(true);
    feed(result(search, 'x'));
    // The text is no longer last: the caret leaves it (the call shows its own state).
    expect(message().querySelector('[data-slot="plain-text"]')?.hasAttribute('data-streaming')).toBe(false);
    act(() => store.complete());
    expect(message().hasAttribute('aria-busy')).toBe(false);
    expect(message().dataset.state).toBe('complete');
  });

  it('says "Working…" before anything arrived', () => {
    const store = storeFromEvents([], { userMessage: 'hi' });
    const answer = store.getState().messages.at(-1)!;
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId={answer.id} />
      </ToolStreamProvider>,
    );
    expect(within(message()).getByText('Working…')).toBeTruthy();
  });

  it('shows sub-agents as activity sections with their calls inside', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(begin(delegation), part(nested, 'page text'));
    const section = screen.getByRole('article', { name: 'Researcher' });
    expect(section.dataset.slot).toBe('delegation-tree');
    expect(within(section).getByRole('article', { name: 'Fetch page' })).toBeTruthy();
  });

  it('folds finished calls in a row into one "Used N tools" line, a single tab stop with arrow keys inside', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(text('Looking. '), result(search, 'a'), result(fetchPage, 'b'), part(lookup, 'c…'));
    // Two done, one still running: the two fold, the running one stays a row of its own.
    const group = within(message()).getByRole('button', { name: /^Used 2 tools/ });
    expect(group.textContent).toContain('Search confluence, Fetch page');
    expect(within(message()).getByRole('article', { name: 'Lookup user' })).toBeTruthy();
    feed(end(lookup));
    const all = within(message()).getByRole('button', { name: /^Used 3 tools/ });
    expect(within(message()).queryByRole('article')).toBeNull();

    await user.click(all);
    expect(all.getAttribute('aria-expanded')).toBe('true');
    const rows = within(message())
      .getAllByRole('article')
      .map((row) => within(row).getByRole('button'));
    expect(rows.map((row) => row.tabIndex)).toEqual([-1, -1, -1]);
    all.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(all);
  });

  it('never folds a failed call away', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(result(search, 'a'), end(fetchPage, { error: 'boom' }), result(lookup, 'c'));
    expect(within(message()).queryByRole('button', { name: /^Used/ })).toBeNull();
    expect(
      within(message())
        .getAllByRole('article')
        .map((a) => a.dataset.state),
    ).toEqual(['complete', 'error', 'complete']);
  });

  it('keeps reasoning in a "Thinking" disclosure, closed by default', async () => {
    const user = userEvent.setup();
    const store = storeFromEvents(
      [
        { type: 'reasoning-delta', delta: 'The user wants the onboarding page.' },
        { type: 'text-delta', delta: 'Here it is.' },
        { type: 'done' },
      ] as StreamEvent[],
      { complete: true },
    );
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId={store.getState().messages.at(-1)!.id} />
      </ToolStreamProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Thinking' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The user wants the onboarding page.')).toBeNull();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The user wants the onboarding page.')).toBeTruthy();
  });

  it('lists its citations: titles, links only for http(s), quotes', () => {
    const store = storeFromEvents(
      [
        { type: 'text-delta', delta: 'See the docs.' },
        {
          type: 'citations',
          citations: [
            { source: 'https://example.com/a', title: 'The guide', quote: 'Week one: accounts.' },
            { source: 'handbook.pdf' },
          ],
        },
        { type: 'done' },
      ] as StreamEvent[],
      { complete: true },
    );
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId={store.getState().messages.at(-1)!.id} />
      </ToolStreamProvider>,
    );
    expect(screen.getByRole('link', { name: 'The guide' }).getAttribute('href')).toBe(
      'https://example.com/a',
    );
    expect(screen.getByText('example.com')).toBeTruthy();
    expect(screen.getByText('Week one: accounts.').tagName).toBe('Q');
    expect(screen.getByText('handbook.pdf').closest('a')).toBeNull();
  });

  it('shows a failed turn on the turn, in plain words, and Retry runs it again in place', async () => {
    const user = userEvent.setup();
    const { store } = serverStore(
      [text('Recovered.'), { message: '', citations: [], tool_calls: [] }],
      (attempt) => (attempt === 1 ? { status: 500, body: 'boom' } : null),
    );
    await act(() => store.send('Hello?'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server returned an error (HTTP 500).');
    expect(alert.dataset.code).toBe('http');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Recovered.')).toBeTruthy());
    expect(screen.getAllByRole('article', { name: 'You' })).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: 'Assistant' })).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a stopped turn, an interrupted one and one the model cut off', () => {
    const stopped = renderWithStore(<AssistantMessage messageId="m1" />);
    stopped.feed(text('Partial'));
    act(() => void stopped.store.stop());
    expect(message().querySelector('[data-slot="turn-end"]')?.textContent).toContain(
      'You stopped this answer.',
    );
    stopped.unmount();

    const interrupted = renderWithStore(<AssistantMessage messageId="m1" />);
    interrupted.feed(text('Partial'), part(search, 'x'));
    act(() => interrupted.store.complete());
    expect(message().dataset.outcome).toBe('interrupted');
    expect(message().querySelector('[data-slot="turn-end"]')?.textContent).toMatch(/connection closed/);
    interrupted.unmount();

    const cut = storeFromEvents(
      [
        { type: 'text-delta', delta: 'A long ans' },
        { type: 'finish', reason: 'length', raw: 'max_tokens' },
        { type: 'done' },
      ] as StreamEvent[],
      { complete: true },
    );
    render(
      <ToolStreamProvider store={cut}>
        <AssistantMessage messageId={cut.getState().messages.at(-1)!.id} />
      </ToolStreamProvider>,
    );
    expect(message().dataset.outcome).toBe('truncated');
    expect(message().querySelector('[data-slot="turn-end"]')?.textContent).toContain('length limit');
  });

  it('regenerates the newest answer and pages through its versions', async () => {
    const user = userEvent.setup();
    const { store } = serverStore((attempt) => [text(`Answer ${attempt}`)]);
    await act(() => store.send('Question'));
    await waitFor(() => expect(screen.getByText('Answer 1')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.getByText('Answer 2')).toBeTruthy());
    expect(screen.getByText('Version 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('Answer 1')).toBeTruthy();
    expect(screen.queryByText('Answer 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next version' })).toBeTruthy();
    // Regenerate is offered on the newest version only.
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('shows the token usage the stream reported', () => {
    const store = storeFromEvents(
      [
        { type: 'text-delta', delta: 'Hi' },
        { type: 'usage', usage: { inputTokens: 1200, outputTokens: 34 } },
        { type: 'done' },
      ] as StreamEvent[],
      { complete: true },
    );
    render(
      <ToolStreamProvider store={store}>
        <AssistantMessage messageId={store.getState().messages.at(-1)!.id} />
      </ToolStreamProvider>,
    );
    const usage = message().querySelector('[data-slot="answer-usage"]')!;
    expect(usage.textContent).toBe('1,234 tokens');
    expect(usage.getAttribute('title')).toBe('1,200 in, 34 out');
  });

  it('has no axe violations', async () => {
    const { feed, container } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(
      text('Answer with a [link](https://example.com).'),
      result(search, 'ok'),
      result(fetchPage, 'ok'),
      begin(delegation),
      part(nested, 'x'),
      cite('https://example.com/a'),
    );
    await expectNoAxeViolations(container);
  });
});
