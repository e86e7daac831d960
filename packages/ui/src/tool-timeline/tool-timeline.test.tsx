import { act, screen, within } from '@testing-library/react';
import type { ToolCall } from '@toolstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration } from '../internal/format.js';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, end, part, result, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { buildTimeline } from './timeline-rows.js';
import { ToolTimeline } from './tool-timeline.js';

function call(
  id: string,
  startedAt: number,
  completedAt: number | null,
  parentId: string | null = null,
): ToolCall {
  const phase = { text: '', streamed: false, complete: completedAt !== null, startedAt, completedAt };
  return {
    id,
    toolName: id,
    kind: 'tool',
    parentId,
    agent: null,
    messageId: 'm1',
    eventType: 'result',
    details: {},
    phase: 'call',
    call: phase,
    result: null,
    argsText: null,
    args: null,
    argsError: null,
    status: completedAt === null ? 'streaming' : 'complete',
    error: null,
    startedAt,
    completedAt,
  };
}

describe('buildTimeline', () => {
  it('places bars on the span from the first start to the last end (or now)', () => {
    const timeline = buildTimeline([call('a', 1000, 3000), call('b', 2000, null)], 5000);
    expect(timeline.spanMs).toBe(4000);
    expect(timeline.live).toBe(true);
    const [a, b] = timeline.roots;
    expect([a!.start, a!.size]).toEqual([0, 0.5]);
    expect([b!.start, b!.size]).toEqual([0.25, 0.75]);
    expect(b!.durationMs).toBe(3000);
  });

  it('nests calls under their delegation, and keeps orphans at the root', () => {
    const timeline = buildTimeline(
      [call('d', 0, 10), call('x', 1, 5, 'd'), call('y', 2, 6, 'x'), call('orphan', 3, 4, 'missing')],
      10,
    );
    expect(timeline.roots.map((node) => node.call.id)).toEqual(['d', 'orphan']);
    expect(timeline.roots[0]!.children[0]!.call.id).toBe('x');
    expect(timeline.roots[0]!.children[0]!.children[0]!.call.id).toBe('y');
  });

  it('survives a parent cycle in bad input', () => {
    const timeline = buildTimeline([call('a', 0, 1, 'b'), call('b', 0, 1, 'a')], 1);
    const count = (nodes: typeof timeline.roots): number =>
      nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(count(timeline.roots)).toBe(2);
  });
});

describe('ToolTimeline', () => {
  afterEach(() => vi.useRealTimers());

  const delegation: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'researcher' };
  const search: CallSpec = { id: 's1', tool: 'search_confluence', parent: 'd1', agent: 'researcher' };

  it('shows an empty state before any call', () => {
    renderWithStore(<ToolTimeline />);
    expect(screen.getByText('No tool calls yet.')).toBeTruthy();
  });

  it('lists every call with a text alternative, nested by delegation', () => {
    const { feed } = renderWithStore(<ToolTimeline />);
    feed(
      begin(delegation),
      result(search, 'found'),
      text('and'),
      result({ id: 'c', tool: 'calculator' }, '4'),
    );
    const list = screen.getByRole('list', { name: /^Tool timeline/ });
    const top = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(top).toHaveLength(2);
    const nested = within(top[0]!).getByRole('list', { name: 'Calls by researcher' });
    expect(within(nested).getByText('search_confluence')).toBeTruthy();
    for (const row of document.querySelectorAll('[data-slot="tool-timeline-row"]')) {
      expect(row.querySelector('[data-slot="tool-timeline-text"]')?.textContent).toMatch(
        /^starts at \d+\.\d s, (took|running for) \d+\.\d s, \w+/,
      );
      expect(row.querySelector('[data-slot="tool-timeline-track"]')?.getAttribute('aria-hidden')).toBe(
        'true',
      );
    }
  });

  it('grows open bars with time while streaming, then stops', () => {
    vi.useFakeTimers({ now: 50_000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const tool: CallSpec = { id: 't', tool: 'slow_tool' };
    const { feed } = renderWithStore(<ToolTimeline />);
    feed(part(tool, 'x'));
    const row = () => document.querySelector('[data-slot="tool-timeline-row"]')!;
    expect(row().getAttribute('data-state')).toBe('streaming');
    act(() => vi.advanceTimersByTime(2000));
    expect(row().textContent).toContain(`running for ${formatDuration(2000)}`);
    feed(end(tool));
    const final = row().textContent;
    act(() => vi.advanceTimersByTime(2000));
    expect(row().textContent).toBe(final);
    expect(final).toContain(`took ${formatDuration(2000)}`);
  });

  it('has no axe violations', async () => {
    const { container, feed } = renderWithStore(<ToolTimeline />);
    feed(begin(delegation), part(search, 'x'));
    await expectNoAxeViolations(container);
  });
});
