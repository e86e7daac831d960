import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { delegationSteps, planner, researcher, threeLevelDelegation } from '../stories/scenarios.js';
import { withFrame, withTurn } from '../stories/story-store.js';
import { DelegationTree } from './delegation-tree.js';

/**
 * A sub-agent's work as an indented activity section under one line: the agent's name, its
 * task, how many tools it used and how long it took. Open while the agent works, folded when it
 * is done; nested sub-agents are sections of their own, not boxes in boxes.
 */
const meta = {
  title: 'Components/DelegationTree',
  component: DelegationTree,
  args: { callId: researcher.id },
  argTypes: {
    callId: { control: 'text', description: "The delegation's call id." },
    defaultOpen: { control: 'boolean' },
    open: { control: 'boolean' },
  },
  decorators: [withFrame(680)],
} satisfies Meta<typeof DelegationTree>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('article')[0]!;

/** The research agent at work: a search done, a page read, a summary streaming. */
export const Working: Story = {
  decorators: [withTurn(delegationSteps({ finish: false }), { end: 'open' })],
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveAttribute('data-state', 'running');
    await expect(within(section(canvasElement)).getAllByRole('button')[0]).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Done: one line with its counts and time. */
export const Done: Story = {
  decorators: [withTurn(delegationSteps())],
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveAttribute('data-state', 'complete');
    await expect(
      section(canvasElement).querySelector('[data-slot="delegation-tree-summary"]'),
    ).toHaveTextContent('3 tools');
  },
};

/** Done and opened: its calls (the finished ones folded) and its answer. */
export const DoneOpened: Story = {
  args: { defaultOpen: true },
  decorators: [withTurn(delegationSteps())],
};

/** Three levels: planner → researcher → page reader, tools at every level, one time axis. */
export const ThreeLevels: Story = {
  args: { callId: planner.id, defaultOpen: true },
  decorators: [withTurn(threeLevelDelegation)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Work by Planner' })).toBeInTheDocument();
  },
};

/** Stopped while the agent worked: its open calls are marked. */
export const Stopped: Story = {
  decorators: [withTurn(delegationSteps({ finish: false }), { end: 'stopped' })],
  args: { defaultOpen: true },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withTurn(delegationSteps({ finish: false }), { end: 'open' })],
};
