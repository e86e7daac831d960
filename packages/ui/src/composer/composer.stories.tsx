import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withScript } from '../stories/with-store.js';
import { text } from '../test-utils/chunks.js';
import { Composer } from './composer.js';

const meta = {
  title: 'Components/Composer',
  component: Composer,
  args: { onSend: fn(), onStop: fn() },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: Send is disabled; Enter sends, Shift+Enter adds a line. */
export const Empty: Story = {
  decorators: [withScript({})],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Message' });
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    await expect(input).toHaveValue('Line one\nline two');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Line one\nline two');
    await expect(input).toHaveValue('');
  },
};

/** While a run streams, Send becomes Stop. */
export const Streaming: Story = {
  decorators: [withScript({ before: [text('Answering…')], complete: false })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

/** Disabled by the app. */
export const Disabled: Story = {
  args: { disabled: true, placeholder: 'Sign in to chat' },
  decorators: [withScript({})],
};

/** The dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [withScript({})],
};
