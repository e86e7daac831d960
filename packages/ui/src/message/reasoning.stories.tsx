import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withFrame } from '../stories/story-store.js';
import { Reasoning } from './reasoning.js';

/** A model's reasoning, apart from the answer, in a disclosure closed by default. */
const meta = {
  title: 'Parts/Reasoning',
  component: Reasoning,
  args: {
    text: 'The user asks about their start date. The calendar says Monday; the onboarding guide says the session starts at 9:00, so the answer is Monday at 9:00.',
    streaming: false,
  },
  argTypes: {
    text: { control: 'text' },
    streaming: { control: 'boolean', description: 'Still arriving ("Thinking…").' },
    label: { control: 'text' },
    defaultOpen: { control: 'boolean' },
  },
  decorators: [withFrame(640)],
} satisfies Meta<typeof Reasoning>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Thinking' }));
    await expect(within(canvasElement).getByText(/The calendar says Monday/)).toBeVisible();
  },
};

export const Streaming: Story = { args: { streaming: true } };
