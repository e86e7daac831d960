import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { serverFailure } from '../stories/scenarios.js';
import { withScript } from '../stories/with-store.js';
import { text } from '../test-utils/chunks.js';
import { ErrorBanner } from './error-banner.js';

const meta = {
  title: 'Components/ErrorBanner',
  component: ErrorBanner,
  args: { onRetry: fn(), onDismiss: fn() },
} satisfies Meta<typeof ErrorBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server reported an error in the stream; Retry and Dismiss work. */
export const ServerError: Story = {
  decorators: [withScript({ before: serverFailure })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The model is overloaded');
    await expect(alert).toHaveTextContent('Error code: server');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

/** An HTTP failure from the endpoint (a scripted fetch answering 503). */
export const HttpError: Story = {
  decorators: [
    withScript({
      options: {
        endpoint: '/api/chat',
        reconnect: false,
        fetch: async () => new Response('upstream unavailable', { status: 503 }),
      },
      send: 'Where is the onboarding guide?',
    }),
  ],
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, { timeout: 3000 });
    await expect(alert).toHaveTextContent('HTTP 503');
  },
};

/** No error: nothing renders. */
export const NoError: Story = {
  decorators: [withScript({ before: [text('All good.')] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({ before: serverFailure })],
};
