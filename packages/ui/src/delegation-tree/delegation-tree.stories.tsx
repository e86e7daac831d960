import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { planner, researcher, threeLevelDelegation } from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { begin, end, part } from '../test-utils/chunks.js';
import { DelegationTree } from './delegation-tree.js';

const meta = {
  title: 'Components/DelegationTree',
  component: DelegationTree,
  args: { callId: planner.id },
} satisfies Meta<typeof DelegationTree>;

export default meta;
type Story = StoryObj<typeof meta>;

const plannerTree = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('article', { name: 'delegate agent planner' });

/** A delegation that has not handed anything over yet. */
export const Pending: Story = {
  decorators: [withScript({ before: [begin(planner, 'Prepare an onboarding answer')], complete: false })],
};

/** planner → researcher → page-reader, streaming live. */
export const ThreeLevelsStreaming: Story = {
  decorators: [withScript({ live: threeLevelDelegation, intervalMs: 90 })],
  play: async ({ canvasElement }) => {
    const tree = await within(canvasElement).findByRole(
      'article',
      { name: 'delegate agent planner' },
      { timeout: 3000 },
    );
    await waitFor(
      () =>
        expect(within(tree).getByRole('article', { name: 'delegate agent page-reader' })).toBeInTheDocument(),
      {
        timeout: 8000,
      },
    );
    await waitFor(() => expect(tree).toHaveAttribute('data-state', 'complete'), { timeout: 15000 });
  },
};

/** Three levels, complete; collapsing by keyboard leaves a summary line. */
export const ThreeLevelsComplete: Story = {
  decorators: [withScript({ before: threeLevelDelegation })],
  play: async ({ canvasElement }) => {
    const tree = plannerTree(canvasElement);
    await expect(within(tree).getByRole('list', { name: 'Calls by researcher' })).toBeInTheDocument();
    const toggle = within(tree).getByRole('button', { name: 'Hide calls by planner' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.querySelector('[data-slot="delegation-tree-summary"]')).toHaveTextContent(
      /^6 calls · 6 complete$/,
    );
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Collapsed from the start, while its calls stream: the summary keeps count. */
export const CollapsedStreaming: Story = {
  args: { defaultOpen: false },
  decorators: [withScript({ live: threeLevelDelegation, intervalMs: 90 })],
  play: async ({ canvasElement }) => {
    const tree = await within(canvasElement).findByRole(
      'article',
      { name: 'delegate agent planner' },
      { timeout: 3000 },
    );
    await waitFor(
      () => expect(tree.querySelector('[data-slot="delegation-tree-summary"]')).toHaveTextContent(/calls/),
      {
        timeout: 5000,
      },
    );
  },
};

/** A nested call failed; the delegation went on. */
export const NestedError: Story = {
  decorators: [
    withScript({
      before: [
        begin(planner),
        begin(researcher),
        part({ id: 'bad', tool: 'fetch_page', parent: researcher.id, agent: 'researcher' }, 'Fetching…'),
        end(
          { id: 'bad', tool: 'fetch_page', parent: researcher.id, agent: 'researcher' },
          { error: 'HTTP 404' },
        ),
        part(researcher, 'One page could not be read.'),
      ],
      complete: false,
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('HTTP 404')).toBeInTheDocument();
  },
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: threeLevelDelegation.slice(0, 14), complete: false })],
};
