import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, end, part, result } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { CallNode } from './call-node.js';
import { DelegationTree } from './delegation-tree.js';

const planner: CallSpec = { id: 'd1', tool: 'delegate', delegation: true, agent: 'planner' };
const researcher: CallSpec = {
  id: 'd2',
  tool: 'delegate',
  delegation: true,
  agent: 'researcher',
  parent: 'd1',
};
const search: CallSpec = { id: 't1', tool: 'search_confluence', parent: 'd2', agent: 'researcher' };
const fetchPage: CallSpec = { id: 't2', tool: 'fetch_page', parent: 'd2', agent: 'researcher' };
const summarize: CallSpec = { id: 't3', tool: 'summarize', parent: 'd1', agent: 'planner' };

/** Three levels: planner → researcher → two tools, and planner → one tool. */
const threeLevels = [
  begin(planner, 'Plan the onboarding answer'),
  begin(researcher, 'Find the pages'),
  result(search, 'Found 3 pages'),
  part(fetchPage, 'Page body…'),
  begin(summarize),
];

const tree = (agent: string) => screen.getByRole('article', { name: `delegate agent ${agent}` });

describe('DelegationTree', () => {
  it('nests a sub-agent’s calls under the delegation, to any depth', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    const outer = screen.getByRole('list', { name: 'Calls by planner' });
    const inner = within(outer).getByRole('list', { name: 'Calls by researcher' });
    expect(
      within(inner)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-tool')),
    ).toEqual(['search_confluence', 'fetch_page']);
    // The researcher delegation and `summarize` are the planner's direct children.
    const direct = [...outer.children].map((li) => li.firstElementChild?.getAttribute('data-slot'));
    expect(direct).toEqual(['delegation-tree', 'tool-call']);
    expect(inner.closest('[data-slot="delegation-tree"]')?.getAttribute('data-depth')).toBe('1');
  });

  it('collapses by keyboard to a summary line, and expands again', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels, end(summarize, { phase: 'result', response: 'ok' }));
    const trigger = within(tree('planner')).getAllByRole('button', { name: 'Hide calls by planner' })[0]!;
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(list.getAttribute('aria-label')).toBe('Calls by planner');

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    expect(within(list).queryAllByRole('article')).toHaveLength(0);
    // 4 calls under the planner: the researcher delegation (running), search (complete),
    // fetch_page (streaming), summarize (complete).
    const summary = tree('planner').querySelector('[data-slot="delegation-tree-summary"]');
    expect(summary?.textContent).toBe('4 calls · 1 streaming · 1 running · 2 complete');

    await user.keyboard(' ');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(tree('planner').querySelector('[data-slot="delegation-tree-summary"]')).toBeNull();
    expect(within(list).getAllByRole('article').length).toBeGreaterThan(0);
  });

  it('updates the collapsed summary as nested calls change', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<DelegationTree callId="d1" defaultOpen={false} />);
    feed(...threeLevels);
    const summary = () => tree('planner').querySelector('[data-slot="delegation-tree-summary"]')?.textContent;
    expect(summary()).toContain('1 streaming');
    feed(end(fetchPage));
    expect(summary()).not.toContain('streaming');
    // The researcher and `summarize` still run; both of the researcher's tools are done.
    expect(summary()).toBe('4 calls · 2 running · 2 complete');
    await user.click(within(tree('planner')).getByRole('button', { name: 'Show calls by planner' }));
    expect(summary()).toBeUndefined();
  });

  it('shows the delegation’s own streamed result after its calls', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels, part(planner, 'The onboarding guide is'));
    const root = tree('planner');
    const slots = [...root.children].map((child) => child.getAttribute('data-slot'));
    expect(slots.indexOf('delegation-tree-children')).toBeLessThan(slots.indexOf('tool-call-output'));
    expect(root.dataset.state).toBe('streaming');
    expect(root.getAttribute('aria-busy')).toBe('true');
  });

  it('CallNode picks a tree for delegations and a plain call otherwise', () => {
    const { feed, container } = renderWithStore(
      <>
        <CallNode callId="d1" />
        <CallNode callId="x" />
      </>,
    );
    feed(begin(planner), result({ id: 'x', tool: 'calculator' }, '42'));
    const roots = [...container.children].map((element) => element.getAttribute('data-slot'));
    expect(roots).toEqual(['delegation-tree', 'tool-call']);
  });

  it('has no axe violations, open or collapsed', async () => {
    const user = userEvent.setup();
    const { feed, container } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    await expectNoAxeViolations(container);
    await user.click(within(tree('planner')).getAllByRole('button', { name: /^Hide calls/ })[0]!);
    await expectNoAxeViolations(container);
  });
});
