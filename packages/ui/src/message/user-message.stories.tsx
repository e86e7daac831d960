import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withScript } from '../stories/with-store.js';
import { UserMessage } from './user-message.js';

const meta = {
  title: 'Components/UserMessage',
  component: UserMessage,
  args: { messageId: 'u1' },
} satisfies Meta<typeof UserMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

const message = (text: string) =>
  withScript({ options: { initialMessages: [{ id: 'u1', role: 'user', text, createdAt: 0 }] } });

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

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [message('Where is the onboarding guide?')],
};
