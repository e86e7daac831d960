import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { delegationSteps, failingTool, parallelTools, threeLevelDelegation } from '../stories/scenarios.js';
import { withFrame, withTurn } from '../stories/story-store.js';
import { ToolTimeline } from './tool-timeline.js';

/**
 * A turn's tool calls over time: every bar on one shared axis, nesting shown in the names,
 * durations in a column (the same figure each call's row shows), a sentence per row for screen
 * readers.
 */
const meta = {
  title: 'Components/ToolTimeline',
  component: ToolTimeline,
  argTypes: {
    messageId: { control: 'text', description: 'The answer whose calls to show; default the latest.' },
    title: { control: 'text' },
    emptyState: { control: 'text' },
  },
  decorators: [withFrame(420)],
} satisfies Meta<typeof ToolTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A turn that answered without tools. */
export const NoCalls: Story = {
  decorators: [withTurn([])],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tool calls in this turn.')).toBeInTheDocument();
  },
};

/** Three levels of delegation, done. */
export const Nested: Story = {
  decorators: [withTurn(threeLevelDelegation)],
  play: async ({ canvasElement }) => {
    const rows = canvasElement.querySelectorAll('[data-slot="tool-timeline-row"]');
    await expect(rows).toHaveLength(6);
    // Every row's track starts at the same place: one axis.
    const lefts = new Set(
      [...rows].map(
        (row) => row.querySelector('[data-slot="tool-timeline-track"]')!.getBoundingClientRect().left,
      ),
    );
    await expect(lefts.size).toBe(1);
    await expect(
      within(canvasElement).getByText(/^Planner: starts at 0\.\d s, took \d+\.\d s, done\.$/),
    ).toBeInTheDocument();
  },
};

/** Live: a sub-agent still at work, its open bars running to now. */
export const Live: Story = {
  decorators: [withTurn(delegationSteps({ finish: false }), { end: 'open' })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Timeline' })).toHaveAttribute(
      'data-state',
      'live',
    );
  },
};

/** Parallel calls. */
export const Parallel: Story = {
  decorators: [withTurn(parallelTools)],
};

/** A failed call, coloured as such. */
export const WithFailure: Story = {
  decorators: [withTurn(failingTool)],
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { title: `Timeline` },
  decorators: [withTurn(threeLevelDelegation)],
};
