import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { failingTool, parallelTools } from '../stories/scenarios.js';
import { withFrame, withTurn } from '../stories/story-store.js';
import { CallList } from './call-list.js';

/**
 * Calls one after another, as an answer shows them: finished tool calls in a row fold into one
 * "Used 3 tools" line — a single tab stop, with the arrow keys moving through its rows once open.
 * A failed call, a sub-agent's work and a tool with its own UI are never folded away.
 */
const meta = {
  title: 'Components/CallList',
  component: CallList,
  args: { callIds: ['call_weather', 'call_time', 'call_flights'] },
  argTypes: { callIds: { control: 'object', description: 'The calls, in order, of the enclosing answer.' } },
  decorators: [withFrame(640), withTurn(parallelTools)],
} satisfies Meta<typeof CallList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three tools done: one line. */
export const Folded: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('button', { name: /^Used 3 tools/ });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Opened: the rows, reached with the arrow keys. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('button', { name: /^Used 3 tools/ });
    await userEvent.click(group);
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement).toHaveAccessibleName(/^Get weather/);
  },
};

/** A failed call stays in sight. */
export const WithAFailure: Story = {
  args: { callIds: ['call_jira'] },
  decorators: [withTurn(failingTool)],
};
