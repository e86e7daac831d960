import type { Meta, StoryObj } from '@storybook/react-vite';
import type { StreamEvent } from '@toolstream/core/adapters';
import { expect, userEvent, within } from 'storybook/test';
import {
  failingTool,
  jira,
  longOutput,
  midRun,
  pendingEvents,
  providerSearchEvents,
  readDocument,
  SEARCH_INPUT,
  SEARCH_OUTPUT,
  search,
  streamed,
} from '../stories/scenarios.js';
import { wait, withFrame, withScript, withTurn } from '../stories/story-store.js';
import { begin, result } from '../test-utils/chunks.js';
import { ToolCall } from './tool-call.js';
import { type ToolRendererProps, ToolRenderersProvider } from './tool-renderers.js';

/**
 * One tool call as a compact row: a status icon, the tool's name in words, what the call is about
 * and how long it took. It opens by itself while its output streams and folds to one line when
 * done; expanding it shows the input, the output formatted for what it is and other details.
 * Every story is a frozen moment of a scripted stream: times come from a fixed clock.
 */
const meta = {
  title: 'Components/ToolCall',
  component: ToolCall,
  args: { callId: search.id },
  argTypes: {
    callId: { control: 'text', description: 'The call to show (`call_id`).' },
    messageId: { control: 'text', description: 'The answer it belongs to; default the latest.' },
    defaultOpen: {
      control: 'boolean',
      description: 'Start expanded (or folded), instead of following the call.',
    },
    open: { control: 'boolean', description: 'Controlled: expanded or not.' },
  },
  decorators: [withFrame(640)],
} satisfies Meta<typeof ToolCall>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvasElement: HTMLElement) => within(canvasElement).getByRole('article');

/** Called, waiting for its result: a turning ring and the time so far. */
export const Running: Story = {
  decorators: [withTurn([begin(search, SEARCH_INPUT)], { end: 'open' })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'running');
    await expect(row(canvasElement).querySelector('[data-slot="tool-call-elapsed"]')).toHaveTextContent(
      '2 s',
    );
  },
};

/** Started, nothing more yet. */
export const Pending: Story = {
  args: { callId: 'call_pending' },
  decorators: [withScript({ events: true, turns: [{ steps: pendingEvents, end: 'open' }] })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'pending');
  },
};

/** Its output streams: the row opens on a live window of the newest lines. */
export const Streaming: Story = {
  args: { callId: 'call_fetch' },
  decorators: [withTurn(midRun, { end: 'open' })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'streaming');
    await expect(within(row(canvasElement)).getAllByRole('button')[0]).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Done: one line, with the time it took. */
export const Complete: Story = {
  decorators: [withTurn([begin(search, SEARCH_INPUT), wait(620), result(search, SEARCH_OUTPUT)])],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'complete');
    await expect(within(row(canvasElement)).getAllByRole('button')[0]).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(row(canvasElement).querySelector('[data-slot="tool-call-elapsed"]')).toHaveTextContent(
      '0.8 s',
    );
  },
};

/** Expanded: the input and the output as highlighted JSON, and the backend's other details in words. */
export const Expanded: Story = {
  args: { defaultOpen: true },
  decorators: [withTurn([begin(search, SEARCH_INPUT), wait(620), result(search, SEARCH_OUTPUT)])],
  play: async ({ canvasElement }) => {
    const call = within(row(canvasElement));
    await expect(call.getByRole('group', { name: 'Input' })).toHaveTextContent('"query": "onboarding guide"');
    await expect(call.getByRole('group', { name: 'Output' })).toHaveTextContent(
      '"title": "Onboarding guide"',
    );
    await expect(call.getByText('Max results')).toBeInTheDocument();
  },
};

/** The tool failed: why, once, on its own line. */
export const Failed: Story = {
  args: { callId: jira.id },
  decorators: [withTurn(failingTool)],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'error');
    await expect(within(row(canvasElement)).getAllByText(/connection refused/)).toHaveLength(1);
  },
};

/** The run failed while the call was open: the call says why it did not finish. */
export const CutShortByTheRun: Story = {
  args: { callId: 'call_pending' },
  decorators: [
    withScript({
      events: true,
      turns: [
        {
          steps: [
            ...pendingEvents,
            wait(3000),
            {
              type: 'server-error',
              error: {
                code: 'server',
                message: 'Request timed out after 30000 ms.',
                retryable: true,
                fatal: true,
              },
            },
          ],
          end: 'open',
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveTextContent('Did not finish: Request timed out after 30000 ms.');
  },
};

/** Stopped by the reader while it streamed. */
export const Stopped: Story = {
  args: { callId: 'call_fetch' },
  decorators: [withTurn(midRun, { end: 'stopped' })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'stopped');
  },
};

/** The connection closed while it streamed. */
export const Interrupted: Story = {
  args: { callId: 'call_fetch' },
  decorators: [withTurn(midRun, { end: 'interrupted' })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'interrupted');
  },
};

/** The model hit its length limit while writing the call's arguments. */
export const CutOff: Story = {
  args: { callId: 'call_cut' },
  decorators: [
    withScript({
      events: true,
      turns: [
        {
          steps: [
            {
              type: 'tool-start',
              callId: 'call_cut',
              phase: 'call',
              toolName: 'write_report',
              kind: 'tool',
              parentCallId: null,
              agent: null,
              eventType: 'call',
              details: null,
            },
            {
              type: 'tool-args-delta',
              callId: 'call_cut',
              delta: '{"title":"Q3 incidents","body":"Four incidents, all resol',
              args: { title: 'Q3 incidents', body: 'Four incidents, all resol' },
            },
            wait(900),
            { type: 'finish', reason: 'length', raw: 'max_tokens' },
          ] as StreamEvent[],
        },
      ],
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAttribute('data-state', 'truncated');
  },
};

/** A very long output stays in a bounded area, with "Show more". */
export const LongOutput: Story = {
  args: { callId: readDocument.id, defaultOpen: true },
  decorators: [withTurn(longOutput)],
  play: async ({ canvasElement }) => {
    const more = await within(row(canvasElement)).findByRole('button', { name: 'Show more' });
    await expect(row(canvasElement).getBoundingClientRect().height).toBeLessThan(520);
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A tool the model provider ran itself: named by what it did, with its input and result. */
export const ProviderWebSearch: Story = {
  args: { callId: 'ws_1', defaultOpen: true },
  decorators: [withScript({ events: true, turns: [{ steps: providerSearchEvents }] })],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAccessibleName(
      'Searched the web for “toolstream streaming tool calls”',
    );
    await expect(row(canvasElement)).toHaveTextContent('3 results');
  },
};

function WeatherCard({ call, output }: ToolRendererProps) {
  const data = (() => {
    try {
      return JSON.parse(output) as { city: string; tempC: number; sky: string };
    } catch {
      return null;
    }
  })();
  if (data === null)
    return <p>Checking the weather in {String((call.args as { city?: string } | null)?.city ?? '…')}…</p>;
  return (
    <div
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'baseline',
        padding: '10px 14px',
        borderRadius: 12,
        background: 'var(--ts-surface)',
      }}
    >
      <strong style={{ fontSize: 28 }}>{data.tempC}°</strong>
      <span>
        {data.city}, {data.sky}
      </span>
    </div>
  );
}

const weather = { id: 'call_weather', tool: 'get_weather' };

/** A tool with its own renderer (`toolRenderers`) and label (`toolLabels`): its UI, inline and always open. */
export const CustomRendererAndLabel: Story = {
  args: { callId: weather.id },
  decorators: [
    (Story) => (
      <ToolRenderersProvider
        renderers={{ get_weather: WeatherCard }}
        labels={{ get_weather: 'Checked the weather' }}
      >
        <Story />
      </ToolRenderersProvider>
    ),
    withTurn([
      begin(weather, '{"city":"Seoul"}'),
      wait(450),
      result(weather, '{"city":"Seoul","tempC":18,"sky":"light rain"}'),
    ]),
  ],
  play: async ({ canvasElement }) => {
    await expect(row(canvasElement)).toHaveAccessibleName('Checked the weather');
    await expect(row(canvasElement)).toHaveTextContent('18°');
  },
};

/** Opening and folding by keyboard. */
export const Keyboard: Story = {
  decorators: [withTurn([begin(search, SEARCH_INPUT), wait(620), ...streamed(search, SEARCH_OUTPUT, 400)])],
  play: async ({ canvasElement }) => {
    const button = within(row(canvasElement)).getAllByRole('button')[0]!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultOpen: true },
  decorators: [withTurn([begin(search, SEARCH_INPUT), wait(620), result(search, SEARCH_OUTPUT)])],
};
