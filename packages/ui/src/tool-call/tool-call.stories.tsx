import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  longOutput,
  pendingActions,
  SEARCH_OUTPUT,
  search,
  searchFailure,
  searchStream,
} from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { begin, part, result } from '../test-utils/chunks.js';
import { ToolCall } from './tool-call.js';
import { type ToolRendererProps, ToolRenderersProvider } from './tool-renderers.js';

const meta = {
  title: 'Components/ToolCall',
  component: ToolCall,
  args: { callId: search.id },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ToolCall>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Started, nothing streamed yet. */
export const Pending: Story = {
  args: { callId: 'call_pending' },
  decorators: [withScript({ actions: pendingActions })],
  play: async ({ canvasElement }) => {
    const call = within(canvasElement).getByRole('article');
    await expect(call).toHaveAttribute('data-state', 'pending');
    await expect(call).toHaveAttribute('aria-busy', 'true');
  },
};

/** The call phase is done; the tool runs. */
export const Running: Story = {
  decorators: [withScript({ before: [begin(search, 'onboarding')], complete: false })],
};

/** The result streams in, with a live caret and a ticking clock. */
export const Streaming: Story = {
  decorators: [withScript({ live: searchStream, intervalMs: 150 })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const call = await canvas.findByRole('article');
    await waitFor(() => expect(call).toHaveAttribute('data-state', 'streaming'), { timeout: 3000 });
    await expect(call).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(call).toHaveAttribute('data-state', 'complete'), { timeout: 8000 });
    await expect(call).not.toHaveAttribute('aria-busy');
  },
};

/** Frozen mid-stream (for visual checks of the caret). */
export const StreamingFrozen: Story = {
  decorators: [withScript({ before: searchStream.slice(0, 5), complete: false })],
};

/** Complete, with details and a copy button; the details open by keyboard. */
export const Complete: Story = {
  decorators: [withScript({ before: searchStream })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const call = canvas.getByRole('article');
    await expect(call).toHaveAttribute('data-state', 'complete');
    await expect(canvas.getByText('Complete')).toBeInTheDocument();
    const details = canvas.getByRole('button', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    details.focus();
    await userEvent.keyboard('{Enter}');
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('ENG')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Onboarding guide' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  },
};

/** The tool failed. */
export const ErrorState: Story = {
  name: 'Error',
  decorators: [withScript({ before: searchFailure })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article')).toHaveAttribute('data-state', 'error');
    await expect(canvas.getByText('Confluence answered 503 Service Unavailable')).toBeInTheDocument();
  },
};

/** The run was stopped while the call streamed. */
export const Stopped: Story = {
  decorators: [withScript({ before: [begin(search), part(search, 'Reading pages…')], stop: true })],
  play: async ({ canvasElement }) => {
    const call = within(canvasElement).getByRole('article');
    await expect(call).toHaveAttribute('data-state', 'stopped');
    await expect(within(call).getByText('Stopped')).toBeInTheDocument();
  },
};

/** The stream ended while the call was open. */
export const Interrupted: Story = {
  decorators: [withScript({ before: [begin(search), part(search, 'Reading pages…')] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article')).toHaveAttribute('data-state', 'interrupted');
  },
};

/** A call with no output at all. */
export const Empty: Story = {
  decorators: [withScript({ before: [result({ id: search.id, tool: 'ping' }, '')] })],
};

/** About sixty blocks of markdown streamed in large pieces. */
export const VeryLongOutput: Story = {
  args: { callId: 'call_long' },
  decorators: [withScript({ live: longOutput(), intervalMs: 60 })],
  play: async ({ canvasElement }) => {
    const call = await within(canvasElement).findByRole('article');
    await waitFor(() => expect(call).toHaveAttribute('data-state', 'complete'), { timeout: 10000 });
    await expect(call.querySelectorAll('[data-slot="markdown"] > *').length).toBeGreaterThan(50);
  },
};

function SearchResults({ output, isStreaming, renderDefault }: ToolRendererProps) {
  const lines = output.split('\n').filter((line) => /^\d+\./.test(line));
  return (
    <div>
      <p>{isStreaming ? 'Searching…' : `${lines.length} results`}</p>
      <ol aria-label="Search results">
        {lines.map((line) => (
          <li key={line}>{line.replace(/^\d+\.\s*/, '').replace(/\[([^\]]+)\]\([^)]*\)/, '$1')}</li>
        ))}
      </ol>
      <details>
        <summary>Raw output</summary>
        {renderDefault()}
      </details>
    </div>
  );
}

/** `search_confluence` rendered by a custom component (others keep the default). */
export const CustomRenderer: Story = {
  decorators: [
    (Story) => (
      <ToolRenderersProvider renderers={{ search_confluence: SearchResults }}>
        <Story />
      </ToolRenderersProvider>
    ),
    withScript({ before: [begin(search, 'onboarding'), result(search, SEARCH_OUTPUT)] }),
  ],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Search results' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: [...searchStream.slice(0, 4)], complete: false })],
};

/** The dark theme, failed. */
export const DarkError: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: searchFailure })],
};
