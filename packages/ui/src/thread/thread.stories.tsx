import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  longMarkdown,
  parallelCalls,
  SEARCH_OUTPUT,
  search,
  serverFailure,
  streamedText,
  threeLevelDelegation,
} from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { burstOfCalls, part, result, text } from '../test-utils/chunks.js';
import { Thread } from './thread.js';

const meta = {
  title: 'Components/Thread',
  component: Thread,
  decorators: [
    (Story) => <div style={{ height: 420, display: 'flex', flexDirection: 'column' }}>{Story()}</div>,
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Thread>;

export default meta;
type Story = StoryObj<typeof meta>;

const history = [
  { id: 'u0', role: 'user' as const, text: 'Hi! I start next week.', createdAt: 0 },
  {
    id: 'a0',
    role: 'assistant' as const,
    parts: [{ type: 'text' as const, text: 'Welcome! Ask me anything about onboarding.' }],
    citations: [],
    createdAt: 1,
  },
  { id: 'u1', role: 'user' as const, text: 'Where is the onboarding guide?', createdAt: 2 },
];

/** No messages yet. */
export const Empty: Story = {
  decorators: [withScript({})],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No messages yet/)).toBeInTheDocument();
  },
};

/** A finished conversation. */
export const Conversation: Story = {
  decorators: [
    withScript({
      options: { initialMessages: history },
      before: [
        text('Searching.\n\n'),
        result(search, SEARCH_OUTPUT),
        text('It is in the Engineering space.'),
      ],
    }),
  ],
};

/** A long answer streams in; the view follows it to the bottom. */
export const StreamingFollowsBottom: Story = {
  decorators: [
    withScript({
      options: { initialMessages: history },
      live: streamedText(longMarkdown(14)),
      intervalMs: 15,
    }),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(region.scrollHeight).toBeGreaterThan(region.clientHeight + 200), {
      timeout: 8000,
    });
    // Following: the view sits at the bottom as the text grows.
    await waitFor(() => expect(region.scrollHeight - region.scrollTop - region.clientHeight).toBeLessThan(2));
  },
};

/** Scrolling up while it streams stops the following; "Jump to latest" brings it back. */
export const ScrolledUpJumpToLatest: Story = {
  decorators: [
    withScript({
      options: { initialMessages: history },
      live: streamedText(longMarkdown(20)),
      intervalMs: 15,
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(region.scrollHeight).toBeGreaterThan(region.clientHeight + 300), {
      timeout: 8000,
    });
    region.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, bubbles: true }));
    region.scrollTop = 0;
    const jump = await canvas.findByRole('button', { name: 'Jump to latest' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(region.scrollTop).toBeLessThan(5);
    await userEvent.click(jump);
    await waitFor(() => expect(region.scrollHeight - region.scrollTop - region.clientHeight).toBeLessThan(2));
    await expect(canvas.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  },
};

/** Thirty calls streaming at once. */
export const ThirtyParallelCalls: Story = {
  decorators: [
    withScript({ options: { initialMessages: history }, live: parallelCalls(30), intervalMs: 12 }),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(region.querySelectorAll('[data-slot="tool-call"]')).toHaveLength(30), {
      timeout: 8000,
    });
  },
};

/** Forty calls start in one chunk (an agent fanning out): they show over a few frames, in order. */
export const BurstOfCalls: Story = {
  decorators: [withScript({ options: { initialMessages: history }, live: fanOut(40), intervalMs: 40 })],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Conversation' });
    const count = () => region.querySelectorAll('[data-slot="tool-call"]').length;
    // Watch every frame: how many calls each one added.
    let largestStep = 0;
    let previous = count();
    let watching = true;
    const watch = () => {
      const now = count();
      largestStep = Math.max(largestStep, now - previous);
      previous = now;
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    await waitFor(() => expect(count()).toBe(40), { timeout: 8000 });
    watching = false;
    await expect(largestStep).toBeGreaterThan(0);
    await expect(largestStep).toBeLessThanOrEqual(16); // Thread's default newCallsPerFrame
    const tools = [...region.querySelectorAll('[data-slot="tool-call"]')].map((el) =>
      el.getAttribute('data-tool'),
    );
    await expect(tools).toEqual(Array.from({ length: 40 }, (_, i) => `fetch_${i + 1}`));
  },
};

/** A three-level delegation inside the thread. */
export const Delegation: Story = {
  decorators: [withScript({ options: { initialMessages: history }, before: threeLevelDelegation })],
};

/** The run failed mid-answer: what arrived stays. */
export const ErrorState: Story = {
  name: 'Error',
  decorators: [withScript({ options: { initialMessages: history }, before: serverFailure })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article', { name: /^search_confluence/ })).toHaveAttribute(
      'data-state',
      'error',
    );
  },
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [
    withScript({
      options: { initialMessages: history },
      before: [
        text('Searching.\n\n'),
        result(search, SEARCH_OUTPUT),
        text('It is in the Engineering space.'),
      ],
    }),
  ],
};

/** Text, one chunk starting `count` calls (`fetch_1`…), then a second piece of output for each. */
function fanOut(count: number): unknown[] {
  const specs = Array.from({ length: count }, (_, i) => ({ id: `burst${i + 1}`, tool: `fetch_${i + 1}` }));
  return [
    text('Fetching all sources at once.\n\n'),
    burstOfCalls(count, { id: 'burst', tool: 'fetch' }),
    ...specs.map((spec) => part(spec, 'done. ')),
  ];
}
