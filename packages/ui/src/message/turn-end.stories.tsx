import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { STORY_EPOCH, withFrame } from '../stories/story-store.js';
import { TurnEnd } from './turn-end.js';

/**
 * How a turn ended, when it did not simply finish: a failure in plain words, or a mark for a
 * stopped, interrupted or cut-off answer — with Retry on the newest answer. `AssistantMessage`
 * shows it; it takes the turn's `end` as a prop, so it works on its own too.
 */
const meta = {
  title: 'Parts/TurnEnd',
  component: TurnEnd,
  args: { onRetry: fn(), latest: true },
  argTypes: {
    end: { control: 'object', description: 'The turn’s `end` (`AssistantMessage.end`).' },
    latest: { control: 'boolean', description: 'Announce a failure (newest answer only).' },
  },
  decorators: [withFrame(640)],
} satisfies Meta<typeof TurnEnd>;

export default meta;
type Story = StoryObj<typeof meta>;

const at = STORY_EPOCH;

export const ServerError: Story = {
  args: {
    end: {
      outcome: 'failed',
      finish: null,
      at,
      error: { code: 'http', status: 500, body: '', message: 'HTTP 500', retryable: true, fatal: true },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The server returned an error (HTTP 500).',
    );
  },
};

export const RateLimited: Story = {
  args: {
    end: {
      outcome: 'failed',
      finish: null,
      at,
      error: {
        code: 'rate-limited',
        status: 429,
        body: '',
        retryAfterMs: 30_000,
        message: '429',
        retryable: true,
        fatal: true,
      },
    },
  },
};

export const AgentError: Story = {
  args: {
    end: {
      outcome: 'failed',
      finish: null,
      at,
      error: {
        code: 'server',
        message: 'Rate limit exceeded: at most 20 requests per minute.',
        retryable: true,
        fatal: true,
      },
    },
  },
};

export const Stopped: Story = { args: { end: { outcome: 'stopped', finish: null, error: null, at } } };

export const Interrupted: Story = {
  args: { end: { outcome: 'interrupted', finish: null, error: null, at } },
};

export const CutOff: Story = {
  args: { end: { outcome: 'truncated', finish: { reason: 'length', raw: 'max_tokens' }, error: null, at } },
};

export const Dark: Story = { ...ServerError, globals: { theme: 'dark' } };
