import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RunStatus, ToolStreamError } from '@toolstream/core';
import { expect, within } from 'storybook/test';
import { withScript } from '../stories/story-store.js';
import { RUN_STATUS_LABELS, StatusIndicator } from './status-indicator.js';

/** The run's status as a `role="status"` line: a dot (pulsing while it works) and a word. */
const meta = {
  title: 'Parts/StatusIndicator',
  component: StatusIndicator,
  argTypes: { labels: { control: 'object', description: 'Replaces some words (translations).' } },
} satisfies Meta<typeof StatusIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

const offline: ToolStreamError = { code: 'network', message: 'offline', retryable: true, fatal: true };

/** A store whose run is in `status`. */
function inStatus(status: RunStatus): Story {
  return {
    decorators: [
      withScript({
        turns: [],
        options: {
          initialState: {
            status,
            messages: [],
            errors: status === 'error' ? [offline] : [],
            error: status === 'error' ? offline : null,
            run: {
              runId: null,
              lastEventId: null,
              messageId: null,
              protocol: null,
              finish: null,
              sawDone: false,
            },
          },
        },
      }),
    ],
    play: async ({ canvasElement }) => {
      const element = within(canvasElement).getByRole('status');
      await expect(element).toHaveAttribute('data-state', status);
      await expect(element).toHaveTextContent(RUN_STATUS_LABELS[status]);
    },
  };
}

export const Connecting = inStatus('connecting');
export const Streaming = inStatus('streaming');
export const Reconnecting = inStatus('reconnecting');
export const Done = inStatus('done');
export const ErrorState: Story = { ...inStatus('error'), name: 'Error' };
export const Stopped = inStatus('aborted');
export const Dark: Story = { ...inStatus('streaming'), globals: { theme: 'dark' } };
