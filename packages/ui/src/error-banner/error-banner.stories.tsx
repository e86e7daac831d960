import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ToolStreamError } from '@toolstream/core';
import { expect, within } from 'storybook/test';
import { withFrame, withScript } from '../stories/story-store.js';
import { ErrorBanner } from './error-banner.js';

/**
 * An error no turn can show — one that ended a run with no answer to put it on, such as a failed
 * re-attach. A turn's own failure shows on the turn (`TurnEnd`), so inside a `Chat` this banner
 * is usually empty.
 */
const meta = {
  title: 'Parts/ErrorBanner',
  component: ErrorBanner,
  argTypes: { dismissLabel: { control: 'text' } },
  decorators: [withFrame(640)],
} satisfies Meta<typeof ErrorBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

function withError(error: ToolStreamError) {
  return withScript({
    turns: [],
    options: {
      initialState: {
        status: 'error',
        messages: [],
        errors: [error],
        error,
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
  });
}

/** Re-attaching to a run the server no longer has. */
export const ResumeFailed: Story = {
  decorators: [
    withError({
      code: 'resume-failed',
      status: 404,
      message: 'Run run_7 not found',
      retryable: false,
      fatal: true,
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The answer in progress could not be picked up again.',
    );
  },
};

/** The connection dropped for good. */
export const NetworkLost: Story = {
  decorators: [withError({ code: 'network', message: 'Failed to fetch', retryable: true, fatal: true })],
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withError({ code: 'network', message: 'Failed to fetch', retryable: true, fatal: true })],
};
