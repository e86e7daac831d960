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

const section = (agent: string) => screen.getByRole('article', { name: agent });
const trigger = (agent: string) => within(section(agent)).getAllByRole('button')[0]!;
const work = (agent: string) => screen.getByRole('group', { name: `Work by ${agent}` });

describe('DelegationTree', () => {
  it('is an activity section named after its agent, with the sub-agent’s calls nested in it, to any depth', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    expect(trigger('Planner').textContent).toContain('Plan the onboarding answer');
    const outer = work('Planner');
    const inner = within(outer).getByRole('group', { name: 'Work by Researcher' });
    expect(
      within(inner)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-tool')),
    ).toEqual(['search_confluence', 'fetch_page']);
    // The researcher and `summarize` are the planner's own calls; no boxes, one list each.
    const own = [...outer.querySelector(':scope > [data-slot="call-list"]')!.children].map((el) =>
      el.getAttribute('data-slot'),
    );
    expect(own).toEqual(['delegation-tree', 'tool-call']);
  });

  it('stays open while the sub-agent works and folds to one line with its counts when done', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    expect(trigger('Planner').getAttribute('aria-expanded')).toBe('true');
    expect(section('Planner').getAttribute('aria-busy')).toBe('true');
    feed(
      end(fetchPage),
      result(summarize, 'ok'),
      end(researcher, { response: 'Two pages' }),
      end(planner, { response: 'Start with the guide.' }),
    );
    expect(section('Planner').dataset.state).toBe('complete');
    expect(trigger('Planner').getAttribute('aria-expanded')).toBe('false');
    const content = document.getElementById(trigger('Planner').getAttribute('aria-controls')!)!;
    expect(content.hidden).toBe(true);
    expect(section('Planner').querySelector('[data-slot="delegation-tree-summary"]')?.textContent).toBe(
      '4 tools',
    );
  });

  it('counts failures in its line', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels, end(fetchPage, { error: 'timeout' }));
    expect(section('Planner').querySelector('[data-slot="delegation-tree-summary"]')?.textContent).toBe(
      '4 tools · 1 failed',
    );
  });

  it('opens and folds by keyboard', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<DelegationTree callId="d1" defaultOpen={false} />);
    feed(...threeLevels);
    const button = trigger('Planner');
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(content.hidden).toBe(true);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(content.hidden).toBe(false);
    await user.keyboard(' ');
    expect(content.hidden).toBe(true);
  });

  it('shows the sub-agent’s streamed result after its calls, and its task only in its line', () => {
    const { feed } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    const resultSection = () =>
      section('Planner').querySelector(
        ':scope > [data-slot="delegation-tree-content"] > [data-slot="tool-call-result"]',
      );
    expect(resultSection()).toBeNull();
    feed(part(planner, 'The onboarding guide is'));
    const content = section('Planner').querySelector<HTMLElement>('[data-slot="delegation-tree-content"]')!;
    const slots = [...content.children].map((child) => child.getAttribute('data-slot'));
    expect(slots).toEqual(['delegation-tree-children', 'tool-call-result']);
    expect(within(content).getByRole('group', { name: 'Result' }).textContent).toContain(
      'The onboarding guide is',
    );
    expect(section('Planner').dataset.state).toBe('streaming');
  });

  it('CallNode picks a section for delegations and a row otherwise', () => {
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

  it('has no axe violations, open or folded', async () => {
    const user = userEvent.setup();
    const { feed, container } = renderWithStore(<DelegationTree callId="d1" />);
    feed(...threeLevels);
    await expectNoAxeViolations(container);
    await user.click(trigger('Planner'));
    await expectNoAxeViolations(container);
  });
});
