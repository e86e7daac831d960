import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChatMessage, ToolStreamError } from '@toolstream/core';
import { expect, within } from 'storybook/test';
import {
  ANSWER,
  delegationSteps,
  failingTool,
  midRun,
  parallelTools,
  pendingEvents,
  providerSearchEvents,
  reasoningEvents,
  researchTurn,
  words,
} from '../stories/scenarios.js';
import { STORY_EPOCH, withFrame, withScript, withTurn } from '../stories/story-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { AssistantMessage } from './assistant-message.js';

/**
 * An assistant turn: text, reasoning, tool calls as rows (finished ones folded into "Used N
 * tools") and sub-agents as activity sections, in arrival order; its sources; how it ended, on
 * the turn, when it did not simply finish; and Copy, Regenerate and a version pager.
 * The stories' answers are `m2` (the user's message is `m1`).
 */
const meta = {
  title: 'Components/AssistantMessage',
  component: AssistantMessage,
  args: { messageId: 'm2' },
  argTypes: {
    messageId: { control: 'text' },
    label: { control: 'text', description: 'Accessible name; default "Assistant".' },
    actions: { control: 'boolean', description: 'Offer Retry and Regenerate.' },
  },
  decorators: [withFrame(720)],
} satisfies Meta<typeof AssistantMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

const message = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('article', { name: 'Assistant' });

/** Nothing has arrived yet. */
export const Pending: Story = {
  decorators: [
    withScript({ events: true, turns: [{ user: 'Where is the onboarding guide?', steps: [], end: 'open' }] }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(message(canvasElement)).getByText('Working…')).toBeInTheDocument();
  },
};

/** Mid-answer: a search done, a page streaming into a live window. */
export const Streaming: Story = {
  decorators: [withTurn(midRun, { user: 'Where is the onboarding guide?', end: 'open' })],
  play: async ({ canvasElement }) => {
    await expect(message(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

/** Finished: text, two calls folded, the answer, its source and its actions. */
export const Complete: Story = {
  decorators: [withTurn(researchTurn, { user: 'Where is the onboarding guide?' })],
  play: async ({ canvasElement }) => {
    await expect(
      within(message(canvasElement)).getByRole('button', { name: /^Used 2 tools/ }),
    ).toBeInTheDocument();
    await expect(
      within(message(canvasElement)).getByRole('button', { name: 'Regenerate' }),
    ).toBeInTheDocument();
  },
};

/** Three tools at once. */
export const ParallelTools: Story = {
  decorators: [withTurn(parallelTools, { user: 'Weather, time and flights for Seoul?' })],
};

/** A sub-agent's work, folded once it is done. */
export const WithSubAgent: Story = {
  decorators: [withTurn(delegationSteps(), { user: 'Find the onboarding pages' })],
};

/** A sub-agent still at work. */
export const WithSubAgentWorking: Story = {
  decorators: [
    withTurn(delegationSteps({ finish: false }), { user: 'Find the onboarding pages', end: 'open' }),
  ],
};

/** A tool failed; the agent says so and the turn finishes. */
export const WithFailedTool: Story = {
  decorators: [withTurn(failingTool, { user: 'What is the status of OPS-42?' })],
};

/** The provider searched the web itself; sources with titles and a quote; token usage. */
export const WithWebSearchAndSources: Story = {
  decorators: [
    withScript({ events: true, turns: [{ user: 'What is toolstream?', steps: providerSearchEvents }] }),
  ],
  play: async ({ canvasElement }) => {
    await expect(
      within(message(canvasElement)).getByRole('link', { name: 'toolstream documentation' }),
    ).toBeInTheDocument();
    await expect(message(canvasElement).querySelector('[data-slot="answer-usage"]')).toHaveTextContent(
      '1,936 tokens',
    );
  },
};

/** Reasoning in a closed "Thinking" disclosure. */
export const WithReasoning: Story = {
  decorators: [withScript({ events: true, turns: [{ user: 'When do I start?', steps: reasoningEvents }] })],
  play: async ({ canvasElement }) => {
    await expect(within(message(canvasElement)).getByRole('button', { name: 'Thinking' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

const http500: ToolStreamError = {
  code: 'http',
  status: 500,
  body: '{"error":"internal"}',
  message: 'HTTP 500 Internal Server Error',
  retryable: true,
  fatal: true,
};

/** A conversation written out, for end states the stream cannot script (a failed request). */
function conversation(answer: Partial<Extract<ChatMessage, { role: 'assistant' }>>) {
  return {
    turns: [],
    options: {
      endpoint: '/api/chat',
      fetch: sseFetch(words(ANSWER)),
      initialMessages: [
        { id: 'm1', role: 'user' as const, text: 'Where is the onboarding guide?', createdAt: STORY_EPOCH },
        {
          id: 'm2',
          role: 'assistant' as const,
          createdAt: STORY_EPOCH + 100,
          parts: [],
          calls: Object.create(null),
          callOrder: [],
          children: Object.create(null),
          citations: [],
          usage: null,
          versions: [],
          end: null,
          ...answer,
        },
      ] as ChatMessage[],
    },
  };
}

/** The request failed: the failure in plain words, on the turn, with Retry. */
export const Failed: Story = {
  decorators: [
    withScript(
      conversation({ end: { outcome: 'failed', finish: null, error: http500, at: STORY_EPOCH + 900 } }),
    ),
  ],
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('The server returned an error (HTTP 500).');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Stopped by the reader: what arrived stays, marked. */
export const Stopped: Story = {
  decorators: [withTurn(midRun, { user: 'Where is the onboarding guide?', end: 'stopped' })],
  play: async ({ canvasElement }) => {
    await expect(message(canvasElement)).toHaveAttribute('data-outcome', 'stopped');
  },
};

/** The connection closed before the end. */
export const Interrupted: Story = {
  decorators: [withTurn(midRun, { user: 'Where is the onboarding guide?', end: 'interrupted' })],
  play: async ({ canvasElement }) => {
    await expect(message(canvasElement)).toHaveAttribute('data-outcome', 'interrupted');
  },
};

/** The model hit its length limit. */
export const CutOff: Story = {
  decorators: [
    withScript({
      events: true,
      turns: [
        {
          user: 'Write the full onboarding plan',
          steps: [
            {
              type: 'text-delta',
              delta:
                'Here is the plan, week by week.\n\n**Week 1.** Accounts, laptop, a buddy, and the welcome ',
            },
            { type: 'finish', reason: 'length', raw: 'max_tokens' },
          ],
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(message(canvasElement)).toHaveAttribute('data-outcome', 'truncated');
  },
};

/** Regenerated: a pager through the versions. */
export const WithVersions: Story = {
  decorators: [
    withScript(
      conversation({
        parts: [{ type: 'text', text: 'The guide is in the **Engineering** space, under Onboarding.' }],
        end: { outcome: 'done', finish: null, error: null, at: STORY_EPOCH + 2000 },
        versions: [
          {
            id: 'm2-v1',
            role: 'assistant',
            createdAt: STORY_EPOCH + 100,
            parts: [{ type: 'text', text: 'It is on Confluence.' }],
            calls: Object.create(null),
            callOrder: [],
            children: Object.create(null),
            citations: [],
            usage: null,
            versions: [],
            end: { outcome: 'done', finish: null, error: null, at: STORY_EPOCH + 900 },
          },
        ],
      }),
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Version 2 of 2')).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withTurn(researchTurn, { user: 'Where is the onboarding guide?' })],
};

/** A pending call, before any text. */
export const PendingCall: Story = {
  decorators: [withScript({ events: true, turns: [{ user: 'Search', steps: pendingEvents, end: 'open' }] })],
};
