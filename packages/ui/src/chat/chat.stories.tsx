import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  parallelCalls,
  SEARCH_OUTPUT,
  search,
  searchStream,
  streamedText,
  threeLevelDelegation,
} from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { result, text } from '../test-utils/chunks.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import type { ToolRendererProps } from '../tool-call/tool-renderers.js';
import { Chat } from './chat.js';

const meta = {
  title: 'Chat/Chat',
  component: Chat,
  args: { title: 'Onboarding assistant' },
  decorators: [
    (Story) => <div style={{ height: 640, display: 'flex', flexDirection: 'column' }}>{Story()}</div>,
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The answer the scripted server streams for any question. */
const answer = [
  ...streamedText('Let me check Confluence. '),
  ...searchStream,
  ...streamedText('The **onboarding guide** is in the Engineering space.'),
];

const chatting = (options: Parameters<typeof sseFetch>[1] = { delayMs: 40 }) =>
  withScript({ options: { endpoint: '/api/chat', fetch: sseFetch(answer, options), reconnect: false } });

const chat = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Onboarding assistant' });

/** Empty; asking a question streams an answer (through a scripted fetch, no network). */
export const AskAQuestion: Story = {
  decorators: [chatting()],
  play: async ({ canvasElement }) => {
    const root = chat(canvasElement);
    await expect(within(root).getByText(/No messages yet/)).toBeInTheDocument();
    await userEvent.type(
      within(root).getByRole('textbox', { name: 'Message' }),
      'Where is the onboarding guide?{Enter}',
    );
    // The store publishes once per animation frame: wait for it rather than read at once.
    await expect(await within(root).findByRole('article', { name: 'You' })).toHaveTextContent(
      'Where is the onboarding guide?',
    );
    const status = root.querySelector('[data-slot="status-indicator"]')!;
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'done'), { timeout: 30_000 });
    await expect(within(root).getByRole('article', { name: /^search_confluence/ })).toHaveAttribute(
      'data-state',
      'complete',
    );
  },
};

/** Stop while the answer streams: what arrived stays. */
export const StopWhileStreaming: Story = {
  decorators: [chatting({ delayMs: 120 })],
  play: async ({ canvasElement }) => {
    const root = chat(canvasElement);
    await userEvent.type(within(root).getByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    const stop = await within(root).findByRole('button', { name: 'Stop' });
    await waitFor(
      () => expect(within(root).getByRole('article', { name: 'Assistant' }).textContent).not.toBe(''),
      {
        timeout: 5000,
      },
    );
    await userEvent.click(stop);
    const status = root.querySelector('[data-slot="status-indicator"]')!;
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'aborted'));
    await expect(within(root).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  },
};

/** The first request fails (HTTP 503); Retry re-sends the question and the answer streams. */
export const ErrorAndRetry: Story = {
  decorators: [
    chatting({ delayMs: 20, fail: (attempt) => (attempt === 1 ? { status: 503, body: 'busy' } : null) }),
  ],
  play: async ({ canvasElement }) => {
    const root = chat(canvasElement);
    await userEvent.type(
      within(root).getByRole('textbox', { name: 'Message' }),
      'Where is the guide?{Enter}',
    );
    const alert = await within(root).findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('HTTP 503');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const status = root.querySelector('[data-slot="status-indicator"]')!;
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'done'), { timeout: 10000 });
    await expect(within(root).queryByRole('alert')).toBeNull();
  },
};

const history = [{ id: 'u0', role: 'user' as const, text: 'Where is the onboarding guide?', createdAt: 0 }];

/** Streaming, replayed from a story-local timer. */
export const Streaming: Story = {
  decorators: [withScript({ options: { initialMessages: history }, live: answer, intervalMs: 60 })],
};

/** A finished conversation with a tool call and citations. */
export const Complete: Story = {
  decorators: [withScript({ options: { initialMessages: history }, before: answer })],
};

/** A three-level delegation, with the tool timeline. */
export const DelegationWithTimeline: Story = {
  args: { showTimeline: true },
  decorators: [
    withScript({ options: { initialMessages: history }, live: threeLevelDelegation, intervalMs: 80 }),
  ],
};

/** Thirty calls in parallel. */
export const ThirtyParallelCalls: Story = {
  args: { showTimeline: true },
  decorators: [
    withScript({ options: { initialMessages: history }, live: parallelCalls(30), intervalMs: 10 }),
  ],
  play: async ({ canvasElement }) => {
    const root = chat(canvasElement);
    await waitFor(
      () =>
        expect(root.querySelector('[data-slot="status-indicator"]')).toHaveAttribute('data-state', 'done'),
      // Hundreds of timer-driven chunks: generous on a loaded CI machine.
      { timeout: 45_000 },
    );
    await expect(root.querySelectorAll('[data-slot="tool-call"][data-state="error"]')).toHaveLength(3);
  },
};

function ConfluenceResults({ output }: ToolRendererProps) {
  const titles = output
    .split('\n')
    .filter((line) => /^\d+\./.test(line))
    .map((line) => line.replace(/^\d+\.\s*/, '').replace(/\[([^\]]+)\]\([^)]*\)/, '$1'));
  return (
    <ul aria-label="Confluence pages">
      {titles.map((title) => (
        <li key={title}>📄 {title}</li>
      ))}
    </ul>
  );
}

/** `toolRenderers` swaps the body of `search_confluence` calls. */
export const CustomToolRenderer: Story = {
  args: { toolRenderers: { search_confluence: ConfluenceResults } },
  decorators: [
    withScript({
      options: { initialMessages: history },
      before: [text('Found:'), result(search, SEARCH_OUTPUT)],
    }),
  ],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Confluence pages' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** The dark theme, forced with `theme="dark"`. */
export const Dark: Story = {
  args: { theme: 'dark', showTimeline: true },
  decorators: [withScript({ options: { initialMessages: history }, before: answer })],
};

/** The empty state, dark, following the Storybook theme toolbar. */
export const EmptyDark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({})],
};
