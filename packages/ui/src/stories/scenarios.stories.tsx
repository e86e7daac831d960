import type { Meta, StoryObj } from '@storybook/react-vite';
import { createHandlers, type MockHandlersOptions } from '@toolstream/mock';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Chat } from '../chat/chat.js';

/**
 * The `@toolstream/mock` scenario library, replayed through MSW's service worker (see
 * `.storybook/msw.ts`) into a whole `<Chat>` talking to `/api/chat/stream` with its real
 * transport: fetch, SSE parsing, run ids and re-attaching. Each story sends a message naming its
 * scenario and checks the end state on the page.
 */
const meta = {
  title: 'Scenarios/Replayed through MSW',
  tags: ['!autodocs'],
  component: Chat,
  args: { endpoint: '/api/chat/stream', title: 'Agent' },
  decorators: [
    (Story) => <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>{Story()}</div>,
  ],
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;
type Play = NonNullable<Story['play']>;

/** Twenty times faster than recorded: a scenario's seconds of pauses take a fraction of one. */
const SPEED = 20;
const TIMEOUT = { timeout: 15000 };

/**
 * A story for one library scenario: its own mock backend (so runs and fault counters never
 * leak between stories), and a chat whose every request names the scenario in its body.
 */
function replay(scenario: string, check: Play, options: MockHandlersOptions = {}): Story {
  return {
    args: { options: { body: ({ message }) => ({ message, scenario }) } },
    parameters: { msw: { handlers: createHandlers({ speed: SPEED, ...options }) } },
    play: check,
  };
}

const chat = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'Agent' });
const statusOf = (root: HTMLElement) => root.querySelector('[data-slot="status-indicator"]')!;

async function ask(root: HTMLElement, text = 'Show me the scenario'): Promise<void> {
  await userEvent.type(within(root).getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  // The store publishes once per animation frame (≤ 100 ms in a background frame): wait for it.
  await expect(await within(root).findByRole('article', { name: 'You' }, TIMEOUT)).toHaveTextContent(text);
}

/** Waits until the run ended with `status` (`done` or `error`). */
async function ended(root: HTMLElement, status: 'done' | 'error'): Promise<void> {
  await waitFor(() => expect(statusOf(root)).toHaveAttribute('data-state', status), TIMEOUT);
}

const assistant = (root: HTMLElement) => within(root).getByRole('article', { name: 'Assistant' });
/** A call by its name for people (a delegation by its agent's). */
const call = (scope: HTMLElement, name: string) => within(scope).getByRole('article', { name });

/**
 * Opens every folded group, section and call, so every call and what it returned is in the page
 * (a folded call's content is built when it is first opened).
 */
async function unfoldAll(root: HTMLElement): Promise<void> {
  for (;;) {
    const folded = root.querySelector<HTMLElement>(
      ['tool-group-trigger', 'delegation-tree-trigger', 'tool-call-trigger']
        .map((slot) => `[data-slot="${slot}"][aria-expanded="false"]`)
        .join(', '),
    );
    if (folded === null) return;
    await userEvent.click(folded);
  }
}

/** The kinds of an assistant message's parts, in order (text, runs of calls). */
const partKinds = (message: HTMLElement) =>
  [...message.children]
    .map((child) => child.getAttribute('data-slot'))
    .filter((slot) => slot !== 'citations' && slot !== 'answer-actions');

/**
 * The default scenario: a supervisor delegates to research_agent, whose own call sits nested in
 * the delegation tree, and whose result streams in parts.
 */
export const SubagentDelegation = replay('subagent-delegation', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  // Served through the worker: this page is controlled by MSW's script from `staticDirs`.
  await expect(navigator.serviceWorker.controller?.scriptURL).toMatch(/\/mockServiceWorker\.js$/);
  await ask(root);
  await ended(root, 'done');
  await unfoldAll(root);
  const tree = call(root, 'Research agent');
  await expect(tree).toHaveAttribute('data-slot', 'delegation-tree');
  await expect(tree).toHaveAttribute('data-state', 'complete');
  const nested = within(tree).getByRole('group', { name: 'Work by Research agent' });
  await expect(call(nested, 'Search incidents')).toHaveAttribute('data-state', 'complete');
  await expect(tree).toHaveTextContent('There were four incidents in Q3.');
  await expect(assistant(root)).toHaveTextContent('all resolved within the SLA');
});

/** Two levels of delegation: knowledge_agent → confluence_agent → two Confluence calls; a citation. */
export const NestedDelegation = replay('nested-delegation', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  await unfoldAll(root);
  const outer = call(root, 'Knowledge agent');
  const inner = call(
    within(outer).getByRole('group', { name: 'Work by Knowledge agent' }),
    'Confluence agent',
  );
  const innerCalls = within(inner).getByRole('group', { name: 'Work by Confluence agent' });
  await expect(call(innerCalls, 'Confluence search')).toHaveAttribute('data-state', 'complete');
  await expect(call(innerCalls, 'Confluence get page')).toHaveAttribute('data-state', 'complete');
  await expect(inner).toHaveTextContent('It has 12 steps');
  await expect(
    within(assistant(root)).getByRole('link', { name: /New\+Joiner\+Onboarding/ }),
  ).toHaveAttribute('href', 'https://confluence.example.com/display/HR/New+Joiner+Onboarding');
});

/** Three calls started in one frame; results interleave, the flight search's streamed. */
export const ParallelCalls = replay('parallel-calls', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  const message = assistant(root);
  await expect(within(message).getByRole('button', { name: /^Used 3 tools/ })).toBeInTheDocument();
  await unfoldAll(root);
  for (const tool of ['Get weather', 'Get time', 'Search flights']) {
    await expect(call(message, tool)).toHaveAttribute('data-state', 'complete');
  }
  await expect(call(message, 'Search flights')).toHaveTextContent('OZ1045 09:35 → 11:45');
  await expect(message).toHaveTextContent('The cheapest flight tomorrow is OZ1045');
});

/** A ReAct run with every iteration streamed: text, call, text, call, final answer. */
export const ReactStreamed = replay('react-streamed', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  const message = assistant(root);
  await expect(partKinds(message)).toEqual(['markdown', 'call-list', 'markdown', 'call-list', 'markdown']);
  await unfoldAll(root);
  await expect(message).toHaveTextContent('Now let me check the time in Korea.');
  await expect(call(message, 'Time tool')).toHaveTextContent('3:00 PM');
});

/** The same run with intermediate text suppressed: both calls, then the answer in one burst. */
export const ReactFinalOnly = replay('react-final-only', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  const message = assistant(root);
  await expect(partKinds(message)).toEqual(['call-list', 'markdown']);
  await expect(message).not.toHaveTextContent('Now let me check');
  await expect(message).toHaveTextContent('the time in Korea is 3:00 PM.');
});

/** A tool fails (an error result); the call shows the failure and the run still completes. */
export const FailingTool = replay('failing-tool', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  const jira = call(root, 'Jira get issue');
  await expect(jira).toHaveAttribute('data-state', 'error');
  await expect(jira).toHaveTextContent('connection refused');
  await expect(assistant(root)).toHaveTextContent('I could not reach Jira just now');
  // A failed tool is not a failed turn: no alert.
  await expect(within(root).queryByRole('alert')).toBeNull();
});

/** The guard refuses the request before any text: the failure on the turn, with Retry. */
export const GuardRejection = replay('guard-rejection', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'error');
  const alert = await within(root).findByRole('alert');
  await expect(alert).toHaveTextContent('Rate limit exceeded: at most 20 requests per minute.');
  await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  await expect(within(root).queryAllByRole('article', { name: /^(?!You$|Assistant$)/ })).toEqual([]);
});

/** A slow tool, silence, then the server's timeout: the turn fails, and the open call says why. */
export const Timeout = replay('timeout', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'error');
  await expect(await within(root).findByRole('alert')).toHaveTextContent('Request timed out after 30000 ms.');
  await expect(call(root, 'Run analysis')).toHaveAttribute('data-state', 'error');
  await expect(call(root, 'Run analysis')).toHaveTextContent(
    'Did not finish: Request timed out after 30000 ms.',
  );
});

/** Broken frames among good ones: each is a protocol error, the good ones make a whole answer. */
export const MalformedFrames = replay('malformed-frames', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  await expect(call(root, 'Get deployments')).toHaveAttribute('data-state', 'complete');
  await unfoldAll(root);
  await expect(call(root, 'Get deployments')).toHaveTextContent('3 deployments: api v2.4.1');
  await expect(assistant(root)).toHaveTextContent('Three services were deployed today');
  // Per-frame protocol errors do not end the run, so there is no alert.
  await expect(within(root).queryByRole('alert')).toBeNull();
});

/** Records every `data-state` the status indicator takes, from now on. */
function watchStatus(root: HTMLElement): { seen: string[]; stop: () => void } {
  const status = statusOf(root);
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const state = status.getAttribute('data-state') ?? '';
    if (seen.at(-1) !== state) seen.push(state);
  });
  observer.observe(status, { attributes: true, attributeFilter: ['data-state'] });
  return { seen, stop: () => observer.disconnect() };
}

/**
 * The server drops the connection while the sub-agent streams; the chat shows "Reconnecting…",
 * re-attaches to the run with `Last-Event-ID` and completes it without duplicated text.
 */
export const MidStreamDisconnect = replay(
  'mid-stream-disconnect',
  async ({ canvasElement }) => {
    const root = chat(canvasElement);
    const watch = watchStatus(root);
    await ask(root);
    await ended(root, 'done');
    watch.stop();
    await expect(watch.seen).toContain('reconnecting');
    await expect(watch.seen.indexOf('reconnecting')).toBeLessThan(watch.seen.lastIndexOf('done'));
    await unfoldAll(root);
    const tree = call(root, 'Planning agent');
    await expect(tree).toHaveAttribute('data-state', 'complete');
    const before = 'Phase one copies the historical data to the new cluster while both stay online.';
    await expect(tree).toHaveTextContent(`${before} Phase two switches writes`);
    await expect(tree.textContent!.split(before)).toHaveLength(2); // once, not replayed twice
    await expect(assistant(root)).toHaveTextContent('retire the old cluster.');
  },
  // The client waits the server's `retry:` with equal jitter (200–400 ms here) before
  // re-attaching: longer than the store's publish interval (a frame, at most 100 ms when frames
  // are throttled), so "reconnecting" reaches the page; short enough for a test.
  { retryMs: 400 },
);

/** The typed-events protocol (message, tool_start / tool_end, done), recognised by `auto`. */
export const TypedEvents = replay('typed-events', async ({ canvasElement }) => {
  const root = chat(canvasElement);
  await ask(root);
  await ended(root, 'done');
  const message = assistant(root);
  await unfoldAll(root);
  await expect(call(message, 'Weather tool')).toHaveAttribute('data-state', 'complete');
  await expect(call(message, 'Time tool')).toHaveAttribute('data-state', 'complete');
  await expect(message).toHaveTextContent('Seoul is currently clear and 25 °C');
});
