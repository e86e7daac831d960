import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { STORY_EPOCH, withFrame, withScript } from '../stories/story-store.js';
import { UserMessage } from './user-message.js';

/** What the user sent: plain text in a bubble, with an Edit button that answers the changed text again. */
const meta = {
  title: 'Components/UserMessage',
  component: UserMessage,
  args: { messageId: 'u1' },
  argTypes: {
    messageId: { control: 'text' },
    label: { control: 'text' },
    editable: { control: 'boolean', description: 'Offer Edit (`store.edit`).' },
  },
  decorators: [withFrame(640)],
} satisfies Meta<typeof UserMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

const message = (text: string) =>
  withScript({
    turns: [],
    options: { initialMessages: [{ id: 'u1', role: 'user', text, createdAt: STORY_EPOCH }] },
  });

export const Default: Story = {
  decorators: [message('Where is the onboarding guide?')],
};

/** Line breaks are kept; markup is shown as typed. */
export const MultilineWithMarkup: Story = {
  decorators: [message('Two questions:\n1. <b>where</b> is it?\n2. **who** owns it?')],
  play: async ({ canvasElement }) => {
    const article = within(canvasElement).getByRole('article', { name: 'You' });
    await expect(article.querySelector('b, strong')).toBeNull();
    await expect(article.querySelectorAll('br')).toHaveLength(2);
  },
};

/** Editing in place: Save & submit answers the changed text again; Escape cancels. */
export const Editing: Story = {
  decorators: [message('Where is the onboarding guide?')],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit message' }));
    await expect(within(canvasElement).getByRole('textbox', { name: 'Edit message' })).toHaveValue(
      'Where is the onboarding guide?',
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [message('Where is the onboarding guide?')],
};
