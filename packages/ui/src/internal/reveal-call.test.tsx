import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssistantMessage } from '../message/assistant-message.js';
import { type CallSpec, result } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { REVEAL_CALL_EVENT } from './reveal-call.js';

const search: CallSpec = { id: 'c1', tool: 'search_confluence' };
const fetchPage: CallSpec = { id: 'c2', tool: 'fetch_page' };
const delegation: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'researcher' };
const nested: CallSpec = { id: 'n1', tool: 'lookup_user', parent: 'd1', agent: 'researcher' };
const inner: CallSpec = { id: 'n2', tool: 'read_page', parent: 'd1', agent: 'researcher' };

const reveal = (callId: string, messageId = 'm1') =>
  act(() => {
    window.dispatchEvent(new CustomEvent(REVEAL_CALL_EVENT, { detail: { messageId, callId } }));
  });
const answer = () => screen.getAllByRole('article', { name: 'Assistant' }).at(-1)!;

// jsdom has no layout, so no scrollIntoView: record who is asked to scroll.
const scrolled: Element[] = [];
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  scrolled.length = 0;
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('revealing a call on request (toolstream:reveal-call)', () => {
  it('marks each call and its answer with their ids', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(result(search, 'a'));
    expect(answer().getAttribute('data-message-id')).toBe('m1');
  });

  it('opens the "Used N tools" group that folds the call, and marks the call', async () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(result(search, 'a'), result(fetchPage, 'b'));
    expect(within(answer()).queryByRole('article')).toBeNull();
    reveal('c2');
    const row = await waitFor(() => {
      const found = answer().querySelector('[data-call-id="c2"]');
      expect(found?.hasAttribute('data-revealed')).toBe(true);
      return found!;
    });
    expect(row.getAttribute('data-slot')).toBe('tool-call');
    expect(scrolled).toEqual([row]);
    expect(answer().querySelector('[data-call-id="c1"]')?.hasAttribute('data-revealed')).toBe(false);
  });

  it('opens the sub-agent sections a call sits in, and its group inside them', async () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(result(delegation, 'done'), result(nested, 'x'), result(inner, 'y'));
    // Done: the section folds to one line, its calls unrendered.
    expect(answer().querySelector('[data-call-id="n2"]')).toBeNull();
    reveal('n2');
    await waitFor(() => {
      expect(answer().querySelector('[data-call-id="n2"]')?.hasAttribute('data-revealed')).toBe(true);
    });
    expect(answer().querySelector('[data-call-id="d1"]')?.getAttribute('data-open')).toBe('');
  });

  it('ignores a request for another answer', () => {
    const { feed } = renderWithStore(<AssistantMessage messageId="m1" />);
    feed(result(search, 'a'), result(fetchPage, 'b'));
    reveal('c2', 'elsewhere');
    expect(answer().querySelector('[data-call-id]')).toBeNull();
  });
});
