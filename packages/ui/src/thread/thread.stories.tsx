import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { delegationSteps, failingTool, midRun, parallelTools, researchTurn } from '../stories/scenarios.js';
import { withFrame, withScript } from '../stories/story-store.js';
import { Thread } from './thread.js';

/**
 * The conversation in a scrolling region that follows the answer as it streams (unless the
 * reader scrolled up: then "Jump to latest"), messages in a readable centred column.
 */
const meta = {
  title: 'Components/Thread',
  component: Thread,
  argTypes: {
    emptyState: { control: 'text' },
    label: { control: 'text' },
    announce: { control: 'boolean' },
    jumpLabel: { control: 'text' },
    actions: { control: 'boolean', description: 'Offer Retry, Regenerate and Edit.' },
  },
  decorators: [withFrame(880, 560)],
} satisfies Meta<typeof Thread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first message: an invitation, not a blank. */
export const Empty: Story = {
  decorators: [withScript({ turns: [] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('How can I help?')).toBeInTheDocument();
  },
};

/** Three turns, one still streaming. */
export const Conversation: Story = {
  decorators: [
    withScript({
      turns: [
        { user: 'Where is the onboarding guide?', steps: researchTurn },
        { user: 'And the weather, time and flights in Seoul?', steps: parallelTools },
        { user: 'Summarise the pages for me', steps: delegationSteps({ finish: false }), end: 'open' },
      ],
    }),
  ],
};

/** Scrolled up while an answer streams: "Jump to latest". */
export const ScrolledUp: Story = {
  decorators: [
    withScript({
      turns: [
        { user: 'Where is the onboarding guide?', steps: researchTurn },
        { user: 'Is Jira up?', steps: failingTool },
        { user: 'Where is the onboarding guide, again?', steps: midRun, end: 'open' },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation' });
    region.focus();
    await userEvent.keyboard('{Home}');
    region.scrollTop = 0;
    await expect(await within(canvasElement).findByRole('button', { name: 'Jump to latest' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ turns: [{ user: 'Where is the onboarding guide?', steps: researchTurn }] })],
};
