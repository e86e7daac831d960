import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChatMessage, ToolStreamError } from '@toolstream/core';
import { expect, userEvent, within } from 'storybook/test';
import {
  ANSWER,
  delegationSteps,
  failingTool,
  parallelTools,
  researchTurn,
  words,
} from '../stories/scenarios.js';
import { STORY_EPOCH, type StoryScript, withFrame, withScript } from '../stories/story-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { Chat } from './chat.js';

/**
 * A whole chat filling the height it is given: header, the thread in a readable centred column,
 * the composer pinned at the bottom, and the tool timeline — a side panel when the chat is wide,
 * a drawer behind a button when it is narrow (the layout follows the chat's own width).
 */
const meta = {
  title: 'Chat/Chat',
  component: Chat,
  args: { title: 'Onboarding assistant', showTimeline: true },
  argTypes: {
    title: { control: 'text' },
    showTimeline: { control: 'boolean' },
    theme: { control: 'inline-radio', options: [undefined, 'light', 'dark'] },
    emptyState: { control: 'text' },
    endpoint: { control: false },
    store: { control: false },
    options: { control: false },
    toolRenderers: { control: false },
    toolLabels: { control: 'object' },
    textRenderer: { control: false },
    composerProps: { control: 'object' },
    headerActions: { control: false },
  },
  parameters: { layout: 'fullscreen' },
  decorators: [withFrame('100%', 760)],
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

const threeTurns: StoryScript = {
  turns: [
    { user: 'Where is the onboarding guide?', steps: researchTurn },
    { user: 'Weather, time and flights for Seoul tomorrow?', steps: parallelTools },
    { user: 'Have the research agent summarise the guide', steps: delegationSteps() },
  ],
};

/** Before the first message. */
export const Empty: Story = {
  decorators: [withScript({ turns: [] })],
};

/** Three turns: calls folded once done, a sub-agent's section, sources, the timeline of the last turn. */
export const Conversation: Story = {
  decorators: [withScript(threeTurns)],
  play: async ({ canvasElement }) => {
    const chat = within(canvasElement).getByRole('region', { name: 'Onboarding assistant' });
    await expect(within(chat).getAllByRole('article', { name: 'Assistant' })).toHaveLength(3);
    await expect(within(chat).getByRole('complementary', { name: 'Tool timeline' })).toBeVisible();
  },
};

/** A sub-agent at work: its section open, the timeline live. */
export const Streaming: Story = {
  decorators: [
    withScript({
      turns: [
        { user: 'Where is the onboarding guide?', steps: researchTurn },
        {
          user: 'Have the research agent summarise the guide',
          steps: delegationSteps({ finish: false }),
          end: 'open',
        },
      ],
    }),
  ],
};

const http500: ToolStreamError = {
  code: 'http',
  status: 500,
  body: '',
  message: 'HTTP 500 Internal Server Error',
  retryable: true,
  fatal: true,
};

/** The request failed: the failure on its turn, in words, with Retry (which answers here). */
export const FailedTurn: Story = {
  decorators: [
    withScript({
      turns: [],
      options: {
        endpoint: '/api/chat',
        fetch: sseFetch(words(ANSWER)),
        initialMessages: [
          { id: 'u1', role: 'user', text: 'Where is the onboarding guide?', createdAt: STORY_EPOCH },
          {
            id: 'a1',
            role: 'assistant',
            createdAt: STORY_EPOCH + 100,
            parts: [],
            calls: Object.create(null),
            callOrder: [],
            children: Object.create(null),
            citations: [],
            usage: null,
            versions: [],
            end: { outcome: 'failed', finish: null, error: http500, at: STORY_EPOCH + 400 },
          },
        ] as ChatMessage[],
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The server returned an error (HTTP 500).',
    );
  },
};

/** A tool failed; the turn still finished. */
export const FailedTool: Story = {
  decorators: [withScript({ turns: [{ user: 'What is the status of OPS-42?', steps: failingTool }] })],
};

/** On a phone: the header keeps its icons, the timeline is a drawer. */
export const Phone: Story = {
  decorators: [withFrame(390, 760), withScript(threeTurns)],
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="chat-timeline"]')).not.toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Timeline' })).toBeVisible();
  },
};

/** On a phone, the timeline drawer open. */
export const PhoneTimeline: Story = {
  decorators: [withFrame(390, 760), withScript(threeTurns)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Timeline' }));
    await expect(within(canvasElement).getByRole('complementary', { name: 'Tool timeline' })).toBeVisible();
  },
};

export const Dark: Story = {
  args: { theme: 'dark' },
  decorators: [withScript(threeTurns)],
};
