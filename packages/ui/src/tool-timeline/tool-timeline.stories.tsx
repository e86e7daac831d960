import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { parallelCalls, searchFailure, threeLevelDelegation } from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { ToolTimeline } from './tool-timeline.js';

const meta = {
  title: 'Components/ToolTimeline',
  component: ToolTimeline,
} satisfies Meta<typeof ToolTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No calls yet. */
export const Empty: Story = {
  decorators: [withScript({})],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tool calls yet.')).toBeInTheDocument();
  },
};

/** A three-level delegation, live: open bars grow with time. */
export const LiveDelegation: Story = {
  decorators: [withScript({ live: threeLevelDelegation, intervalMs: 120 })],
  play: async ({ canvasElement }) => {
    const section = within(canvasElement).getByRole('region', { name: /Tool timeline/ });
    await waitFor(() => expect(section).toHaveAttribute('data-state', 'live'), { timeout: 3000 });
    await waitFor(() => expect(section).toHaveAttribute('data-state', 'complete'), { timeout: 15000 });
    const rows = section.querySelectorAll('[data-slot="tool-timeline-row"]');
    await expect(rows).toHaveLength(7);
  },
};

/** Complete, nested by delegation. */
export const Complete: Story = {
  decorators: [withScript({ before: threeLevelDelegation })],
};

/** Thirty parallel calls, some failing. */
export const ThirtyParallelCalls: Story = {
  decorators: [withScript({ live: parallelCalls(30), intervalMs: 15 })],
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(
          canvasElement.querySelectorAll('[data-slot="tool-timeline-bar"][data-state="error"]'),
        ).toHaveLength(3),
      { timeout: 8000 },
    );
  },
};

/** A failed call. */
export const ErrorState: Story = {
  name: 'Error',
  decorators: [withScript({ before: searchFailure })],
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: threeLevelDelegation })],
};
