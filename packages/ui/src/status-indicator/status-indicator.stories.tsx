import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RunStatus } from '@toolstream/core';
import { expect, within } from 'storybook/test';
import { withScript } from '../stories/with-store.js';
import { text } from '../test-utils/chunks.js';
import { RUN_STATUS_LABELS, StatusIndicator } from './status-indicator.js';

const meta = {
  title: 'Components/StatusIndicator',
  component: StatusIndicator,
} satisfies Meta<typeof StatusIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

const start = { type: 'run-start', assistantMessageId: 'm1', userMessage: null, protocol: null } as const;

/** A store whose run is in `status`. */
function inStatus(status: RunStatus): Story {
  const actions =
    status === 'idle'
      ? []
      : status === 'done' || status === 'error' || status === 'aborted'
        ? [
            start,
            {
              type: 'run-end' as const,
              status,
              error:
                status === 'error'
                  ? { code: 'network' as const, message: 'offline', retryable: true, fatal: true }
                  : null,
            },
          ]
        : [start, { type: 'status' as const, status }];
  return {
    decorators: [withScript({ actions })],
    play: async ({ canvasElement }) => {
      const element = within(canvasElement).getByRole('status');
      await expect(element).toHaveAttribute('data-state', status);
      await expect(element).toHaveTextContent(RUN_STATUS_LABELS[status]);
    },
  };
}

export const Idle = inStatus('idle');
export const Connecting = inStatus('connecting');
export const Streaming: Story = { decorators: [withScript({ before: [text('…')], complete: false })] };
export const Reconnecting = inStatus('reconnecting');
export const Done = inStatus('done');
export const ErrorState: Story = { ...inStatus('error'), name: 'Error' };
export const Aborted = inStatus('aborted');
export const Dark: Story = { ...inStatus('reconnecting'), globals: { theme: 'dark' } };
