import type { Meta, StoryObj } from '@storybook/react-vite';
import { allProtocols } from '@toolstream/core/providers';
import { createHandlers } from '@toolstream/mock';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Chat } from '../chat/chat.js';
import { humanize } from '../internal/humanize.js';

/**
 * One model provider's raw stream per story (the mock's `provider-*` scenarios, copied from the
 * conformance fixtures), served through MSW's service worker into a `<Chat>` that names no
 * protocol: `auto` recognises each format, and the same components show its text, reasoning
 * and tool calls. Each story checks the calls (names, and arguments in the call details), the
 * text and the reasoning the fixture's expected result lists.
 */
const meta = {
  title: 'Scenarios/Provider streams',
  tags: ['!autodocs'],
  component: Chat,
  args: { endpoint: '/api/chat/stream', title: 'Agent' },
  decorators: [
    (Story) => <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>{Story()}</div>,
  ],
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What a provider stream must show, from the fixture's `.expected.json`. */
interface Expected {
  text: string;
  reasoning?: string;
  /** In order; `output` when the stream carries the call's result. */
  calls: { name: string; args: Record<string, unknown>; output?: string }[];
}

function provider(scenario: string, expected: Expected): Story {
  return {
    args: { options: { body: ({ message }) => ({ message, scenario }), protocols: allProtocols } },
    parameters: { msw: { handlers: createHandlers({ speed: 20 }) } },
    play: async ({ canvasElement }) => {
      const root = within(canvasElement).getByRole('region', { name: 'Agent' });
      await userEvent.type(
        within(root).getByRole('textbox', { name: 'Message' }),
        'What is the weather?{Enter}',
      );
      await waitFor(
        () =>
          expect(root.querySelector('[data-slot="status-indicator"]')).toHaveAttribute('data-state', 'done'),
        { timeout: 15000 },
      );
      await expect(within(root).queryByRole('alert')).toBeNull();
      const message = within(root).getByRole('article', { name: 'Assistant' });
      // Finished calls are folded into one line: open it.
      const group = message.querySelector<HTMLElement>('[data-slot="tool-group-trigger"]');
      if (group !== null) await userEvent.click(group);

      const calls = within(message).getAllByRole('article');
      await expect(calls.map((call) => call.getAttribute('data-tool'))).toEqual(
        expected.calls.map((call) => call.name),
      );
      for (const [index, { name, args, output }] of expected.calls.entries()) {
        const call = calls[index]!;
        await expect(call).toHaveAccessibleName(humanize(name));
        await expect(call).toHaveAttribute('data-state', 'complete');
        // Open it: a folded call's input and output are built when it is first opened.
        const trigger = within(call).queryAllByRole('button')[0];
        if (trigger?.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger);
        if (output !== undefined) {
          // JSON output is shown indented: compare what it says.
          const shown = call.querySelector('[data-slot="tool-call-output"]')?.textContent ?? '';
          await expect(JSON.parse(shown)).toEqual(JSON.parse(output));
        }
        if (Object.keys(args).length === 0) continue;
        const shown = call.querySelector('[data-slot="tool-call-input"] code');
        // The arguments as the details show them: indented JSON, parsed back to compare.
        await expect(JSON.parse(shown?.textContent ?? 'null')).toEqual(args);
      }

      const text = [...message.querySelectorAll(':scope > [data-slot="markdown"]')]
        .map((part) => part.textContent)
        .join('');
      await expect(text).toBe(expected.text);
      const reasoning = message.querySelector(':scope > [data-slot="reasoning"]');
      if (expected.reasoning === undefined) {
        await expect(reasoning).toBeNull();
        return;
      }
      await userEvent.click(within(reasoning as HTMLElement).getByRole('button', { name: 'Thinking' }));
      await expect(reasoning).toHaveTextContent(expected.reasoning);
    },
  };
}

/** OpenAI Chat Completions: two parallel calls, arguments streamed in pieces by `index`. */
export const OpenAiChat = provider('provider-openai-chat', {
  text: 'Checking both cities.',
  calls: [
    { name: 'get_weather', args: { city: 'Paris', unit: 'c' } },
    { name: 'get_weather', args: { city: 'Tōkyō', unit: 'c' } },
  ],
});

/** Anthropic Messages: a thinking block, text, two `tool_use` blocks. */
export const Anthropic = provider('provider-anthropic', {
  text: "I'll check both at once.",
  reasoning: 'Two independent lookups; call both tools in parallel.',
  calls: [
    { name: 'get_weather', args: { location: 'San Francisco, CA', unit: 'fahrenheit' } },
    { name: 'web_search', args: { query: 'Paris "Fête de la Musique" dates' } },
  ],
});

/** Gemini: two whole `functionCall` parts in one chunk, without ids. */
export const Gemini = provider('provider-gemini', {
  text: "I'll check the weather in both cities.",
  calls: [
    { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
    { name: 'get_weather', args: { city: 'London', unit: 'celsius' } },
  ],
});

/** OpenAI Responses: output text, then two `function_call` items. */
export const OpenAiResponses = provider('provider-openai-responses', {
  text: 'Checking both.',
  calls: [
    { name: 'get_weather', args: { city: 'Paris' } },
    { name: 'get_weather', args: { city: 'Tokyo' } },
  ],
});

/** AG-UI: interleaved `TOOL_CALL_ARGS` of two calls, and a `TOOL_CALL_RESULT` for the first. */
export const AgUi = provider('provider-ag-ui', {
  text: 'Looking up both cities.',
  calls: [
    { name: 'get_weather', args: { city: 'Paris' }, output: '{"tempC":18}' },
    { name: 'get_weather', args: { city: 'Oslo' } },
  ],
});

/** Ollama's native API: NDJSON lines served as SSE `data:` frames; thinking, text, two calls. */
export const OllamaNative = provider('provider-ollama-native', {
  text: 'Let me look that up.',
  reasoning: 'User wants weather in two cities.',
  calls: [
    { name: 'get_current_weather', args: { format: 'celsius', location: 'Toronto' } },
    { name: 'get_current_weather', args: { format: 'celsius', location: 'Montréal' } },
  ],
});

/** Cohere v2: a tool plan as reasoning, a call with `"null"` arguments and one with streamed ones. */
export const Cohere = provider('provider-cohere', {
  text: '',
  reasoning: 'I will look up the time and the weather.',
  calls: [
    { name: 'get_current_time', args: {} },
    { name: 'get_weather', args: { location: 'Toronto' } },
  ],
});
