import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, end, part, result, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { buildTimeline, type TimelineEntry } from './timeline-rows.js';
import { ToolTimeline } from './tool-timeline.js';

function entry(
  id: string,
  startedAt: number,
  completedAt: number | null,
  parentId: string | null = null,
): TimelineEntry {
  return {
    id,
    parentId,
    label: id,
    status: completedAt === null ? 'streaming' : 'complete',
    isOpen: completedAt === null,
    startedAt,
    completedAt,
  };
}

describe('buildTimeline', () => {
  it('places every bar on one axis, from the first start to the last end (or now)', () => {
    const timeline = buildTimeline(
      [entry('a', 1000, 3000), entry('b', 2000, null), entry('c', 2000, 2500, 'a')],
      5000,
    );
    expect(timeline.spanMs).toBe(4000);
    expect(timeline.live).toBe(true);
    const [a, b] = timeline.roots;
    expect([a!.start, a!.size]).toEqual([0, 0.5]);
    expect([b!.start, b!.size]).toEqual([0.25, 0.75]);
    // A nested call is placed on the same axis as the top level, not on its parent's.
    const c = a!.children[0]!;
    expect([c.start, c.size, c.depth]).toEqual([0.25, 0.125, 1]);
  });

  it('nests calls under their delegation, and keeps orphans at the root', () => {
    const timeline = buildTimeline(
      [entry('d', 0, 10), entry('x', 1, 5, 'd'), entry('y', 2, 6, 'x'), entry('orphan', 3, 4, 'missing')],
      10,
    );
    expect(timeline.roots.map((node) => node.entry.id)).toEqual(['d', 'orphan']);
    expect(timeline.roots[0]!.children[0]!.entry.id).toBe('x');
    expect(timeline.roots[0]!.children[0]!.children[0]!.depth).toBe(2);
  });

  it('survives a parent cycle in bad input', () => {
    const timeline = buildTimeline([entry('a', 0, 1, 'b'), entry('b', 0, 1, 'a')], 1);
    const count = (nodes: typeof timeline.roots): number =>
      nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(count(timeline.roots)).toBe(2);
  });
});

describe('ToolTimeline', () => {
  afterEach(() => vi.useRealTimers());

  const delegation: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'researcher' };
  const search: CallSpec = { id: 's1', tool: 'search_confluence', parent: 'd1', agent: 'researcher' };

  it('says what an empty timeline means: no turn yet, a turn without calls so far, or a turn that had none', () => {
    const { feed, store } = renderWithStore(<ToolTimeline />);
    expect(screen.getByText('Tool calls show here as the agent works.')).toBeTruthy();
    feed(text('Thinking about it'));
    expect(screen.getByText('No tool calls in this turn yet.')).toBeTruthy();
    act(() => store.complete());
    expect(screen.getByText('No tool calls in this turn.')).toBeTruthy();
  });

  it('lists every call by name, nested by delegation, each row a sentence for screen readers', () => {
    const { feed } = renderWithStore(<ToolTimeline />);
    feed(
      begin(delegation),
      result(search, 'found'),
      text('and'),
      result({ id: 'c', tool: 'calculator' }, '4'),
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    const top = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(top).toHaveLength(2);
    const nested = within(top[0]!).getByRole('list', { name: 'Work by Researcher' });
    expect(
      within(nested).getByText(/^Search confluence: starts at \d+\.\d s, took \d+\.\d s, done\.$/),
    ).toBeTruthy();
    for (const row of document.querySelectorAll('[data-slot="tool-timeline-row"]')) {
      // The drawn row is hidden from screen readers: the sentence says it all.
      expect(row.getAttribute('aria-hidden')).toBe('true');
      expect(row.querySelector('[data-slot="tool-timeline-duration"]')?.textContent).toMatch(
        /^(\d+\.\d|\d+) s$/,
      );
    }
    expect(document.querySelector('[data-slot="tool-timeline-row"][data-depth="1"]')).not.toBeNull();
  });

  it('grows open bars with time while streaming, showing the same time as the call’s row, then stops', () => {
    vi.useFakeTimers({ now: 50_000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const tool: CallSpec = { id: 't', tool: 'slow_tool' };
    const { feed } = renderWithStore(
      <>
        <ToolCall callId="t" />
        <ToolTimeline />
      </>,
    );
    feed(part(tool, 'x'));
    const row = () => document.querySelector('[data-slot="tool-timeline-row"]')!;
    const duration = () => row().querySelector('[data-slot="tool-timeline-duration"]')!.textContent;
    const card = () => document.querySelector('[data-slot="tool-call-elapsed"]')!.textContent;
    expect(row().getAttribute('data-state')).toBe('streaming');
    for (const ms of [1000, 1000, 1500]) {
      act(() => vi.advanceTimersByTime(ms));
      expect(duration()).toBe(card());
    }
    expect(duration()).toBe('3 s');
    feed(end(tool));
    const final = duration();
    act(() => vi.advanceTimersByTime(2000));
    expect(duration()).toBe(final);
    expect(final).toBe(card());
    expect(final).toBe('3.5 s');
  });

  it('shows the turn it is given, or the latest', () => {
    const { feed, store } = renderWithStore(
      <>
        <ToolTimeline data-testid="latest" />
        <ToolTimeline data-testid="first" messageId="m1" />
      </>,
    );
    feed(result({ id: 'c', tool: 'first_tool' }, 'x'));
    act(() => store.complete());
    act(() => store.startTurn('again'));
    // The same call id in the next turn is another call.
    feed(result({ id: 'c', tool: 'second_tool' }, 'y'));
    expect(within(screen.getByTestId('latest')).getByText(/^Second tool:/)).toBeTruthy();
    expect(within(screen.getByTestId('latest')).queryByText(/^First tool:/)).toBeNull();
    expect(within(screen.getByTestId('first')).getByText(/^First tool:/)).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container, feed } = renderWithStore(<ToolTimeline />);
    feed(begin(delegation), part(search, 'x'));
    await expectNoAxeViolations(container);
  });
});
