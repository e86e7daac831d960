import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withFrame, withScript, withTurn } from '../stories/story-store.js';
import { text } from '../test-utils/chunks.js';
import { Composer } from './composer.js';

/**
 * Where the user writes: Enter sends, Shift+Enter starts a line, an input method's Enter does
 * neither. Send becomes Stop while a run streams (Escape stops too); when the run ends, the
 * focus comes back here.
 */
const meta = {
  title: 'Components/Composer',
  component: Composer,
  args: { onSend: fn(), onStop: fn() },
  argTypes: {
    placeholder: { control: 'text' },
    disabled: { control: 'boolean' },
    label: { control: 'text', description: 'The field’s (hidden) label; default "Message".' },
    sendLabel: { control: 'text' },
    stopLabel: { control: 'text' },
    footer: { control: 'text', description: 'A line under the field.' },
    autoFocus: { control: 'boolean' },
  },
  decorators: [withFrame(680)],
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

const idle = withScript({ turns: [] });

/** Empty: Send is disabled. */
export const Empty: Story = {
  decorators: [idle],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Typing: Shift+Enter adds a line, Enter sends. */
export const Typing: Story = {
  decorators: [idle],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    await expect(input).toHaveValue('Line one\nline two');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Line one\nline two');
    await expect(input).toHaveValue('');
  },
};

/** While a run streams, Send becomes Stop; Escape stops too. */
export const Streaming: Story = {
  decorators: [withTurn([text('Answering…')], { end: 'open' })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
    await expect(document.activeElement).toBe(canvas.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('{Escape}');
    await expect(args.onStop).toHaveBeenCalledTimes(2);
  },
};

/** With a line under the field. */
export const WithFooter: Story = {
  args: { footer: 'Answers can be wrong. Check important facts.' },
  decorators: [idle],
};

/** Disabled by the app. */
export const Disabled: Story = {
  args: { disabled: true, placeholder: 'Sign in to chat' },
  decorators: [idle],
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  decorators: [idle],
};
