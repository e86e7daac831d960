import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  reasoningActions,
  SEARCH_OUTPUT,
  search,
  serverFailure,
  streamedText,
  threeLevelDelegation,
} from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { cite, result, text } from '../test-utils/chunks.js';
import { AssistantMessage } from './assistant-message.js';

const meta = {
  title: 'Components/AssistantMessage',
  component: AssistantMessage,
  args: { messageId: 'm1' },
} satisfies Meta<typeof AssistantMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

const ANSWER =
  'The **onboarding guide** lives in the Engineering space. It covers:\n\n- accounts and laptop\n- your buddy\n\n```bash\nnpm run setup\n```\n';

/** Nothing has arrived yet. */
export const Pending: Story = {
  args: { messageId: 'm_pending' },
  decorators: [
    withScript({
      actions: [{ type: 'run-start', assistantMessageId: 'm_pending', userMessage: null, protocol: null }],
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Working…')).toBeInTheDocument();
  },
};

/** Text streaming word by word. */
export const Streaming: Story = {
  decorators: [withScript({ live: streamedText(ANSWER), intervalMs: 60 })],
  play: async ({ canvasElement }) => {
    const message = await within(canvasElement).findByRole('article', { name: 'Assistant' });
    await waitFor(() => expect(message).toHaveAttribute('data-state', 'complete'), { timeout: 8000 });
    await expect(message.querySelector('pre code')).toHaveTextContent('npm run setup');
  },
};

/** Text, a tool call, more text and citations, in arrival order. */
export const Complete: Story = {
  decorators: [
    withScript({
      before: [
        text('Let me search Confluence.\n\n'),
        result(search, SEARCH_OUTPUT),
        text(ANSWER),
        cite('https://confluence.example.com/eng/onboarding', 'laptop-setup.pdf'),
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    const message = within(canvasElement).getByRole('article', { name: 'Assistant' });
    const slots = [...message.children].map((child) => child.getAttribute('data-slot'));
    await expect(slots).toEqual(['markdown', 'tool-call', 'markdown', 'citations']);
  },
};

/** A delegation tree inside the answer. */
export const WithDelegation: Story = {
  decorators: [withScript({ before: threeLevelDelegation })],
};

/** Reasoning in a closed "Thinking" disclosure. */
export const WithReasoning: Story = {
  args: { messageId: 'm_reasoning' },
  decorators: [withScript({ actions: reasoningActions })],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Thinking' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(within(canvasElement).getByText(/The user asks about their start date/)).toBeVisible();
  },
};

/** The run failed mid-answer: what arrived stays, the open call shows the failure. */
export const ErrorState: Story = {
  name: 'Error',
  decorators: [withScript({ before: serverFailure })],
};

/** An empty, finished message. */
export const Empty: Story = {
  decorators: [withScript({ before: [cite()] })],
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: [text('Searching.\n\n'), result(search, SEARCH_OUTPUT), text(ANSWER)] })],
};
