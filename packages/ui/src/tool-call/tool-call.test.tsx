import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { StreamEvent } from '@toolstream/core/adapters';
import { ToolStreamProvider } from '@toolstream/react';
import { Profiler, useContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runningClockCount } from '../internal/use-now.js';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, end, part, result } from '../test-utils/chunks.js';
import { storeFromEvents } from '../test-utils/event-store.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { ToolCall } from './tool-call.js';
import { ToolCallContent } from './tool-call-content.js';
import { ToolCallContext } from './tool-call-context.js';
import { ToolCallHeader } from './tool-call-header.js';
import { ToolCallOutput } from './tool-call-output.js';
import { ToolCallRoot } from './tool-call-root.js';
import { type ToolRendererProps, ToolRenderersProvider } from './tool-renderers.js';

const search: CallSpec = { id: 'c1', tool: 'search_confluence', agent: 'researcher' };

const article = () => screen.getByRole('article', { name: 'Search confluence' });
const trigger = () => within(article()).getByRole('button', { name: /^Search confluence/ });
const content = () => article().querySelector<HTMLElement>('[data-slot="tool-call-content"]')!;
const status = () => article().querySelector('[data-slot="tool-call-status-text"]')!.textContent;

afterEach(() => {
  vi.useRealTimers();
});

/** A call started with nothing streamed yet: a state the wire cannot express alone. */
const started = (callId: string, toolName: string, extra: Partial<StreamEvent> = {}): StreamEvent =>
  ({
    type: 'tool-start',
    callId,
    phase: 'call',
    toolName,
    kind: 'tool',
    parentCallId: null,
    agent: null,
    eventType: 'call',
    details: null,
    ...extra,
  }) as StreamEvent;

describe('ToolCall', () => {
  it('renders nothing until the call appears', () => {
    const { container } = renderWithStore(<ToolCall callId="c1" />);
    expect(container.querySelector('[data-slot="tool-call"]')).toBeNull();
  });

  it('is one row named in words, with a live status; it opens while output streams and folds when done', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin({ ...search, details: { summary: 'Searching Confluence for "onboarding"' } }, 'onboarding'));
    expect(article().dataset.state).toBe('running');
    expect(article().getAttribute('aria-busy')).toBe('true');
    expect(status()).toBe('Running');
    expect(within(article()).getByText('Searching Confluence for "onboarding"')).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');

    feed(part(search, 'Found **3** pages'));
    expect(article().dataset.state).toBe('streaming');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(content().hidden).toBe(false);
    expect(article().querySelector('[data-slot="bounded"]')?.hasAttribute('data-streaming')).toBe(true);

    feed(end(search));
    expect(article().dataset.state).toBe('complete');
    expect(status()).toBe('Done');
    expect(article().hasAttribute('aria-busy')).toBe(false);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(content().hidden).toBe(true);
    // Folded, not gone: opening it shows what was rendered.
    expect(within(content()).getByText(/Found \*\*3\*\* pages/)).toBeTruthy();
  });

  it('keeps the reader’s choice: a call opened by hand stays open when it ends', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin(search, 'onboarding'));
    await user.click(trigger());
    expect(content().hidden).toBe(false);
    feed(part(search, 'x'), end(search));
    expect(content().hidden).toBe(false);
  });

  it('grows the output in place as parts arrive', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(part(search, 'Hello'));
    const output = article().querySelector('[data-slot="tool-call-output"]');
    feed(part(search, ', world'));
    expect(article().querySelector('[data-slot="tool-call-output"]')).toBe(output);
    expect(output?.textContent).toBe('Hello, world');
  });

  it('says why it failed, once: an output that only repeats the failure is left out', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin(search, 'onboarding'));
    feed(end(search, { response: 'Error: Confluence timed out', error: 'Confluence timed out' }));
    expect(article().dataset.state).toBe('error');
    expect(status()).toBe('Failed');
    expect(article().querySelector('[data-slot="tool-call-error"]')?.textContent).toBe(
      'Confluence timed out',
    );
    expect(within(article()).getAllByText(/Confluence timed out/)).toHaveLength(1);
  });

  it('says why a call the run’s failure cut short did not finish', () => {
    const store = storeFromEvents([
      started('c1', 'run_analysis'),
      {
        type: 'server-error',
        error: { code: 'server', message: 'Request timed out after 30000 ms.', retryable: true, fatal: true },
      },
    ] as StreamEvent[]);
    render(
      <ToolStreamProvider store={store}>
        <ToolCall callId="c1" />
      </ToolStreamProvider>,
    );
    const call = screen.getByRole('article', { name: 'Run analysis' });
    expect(call.dataset.state).toBe('error');
    expect(call.querySelector('[data-slot="tool-call-error"]')?.textContent).toBe(
      'Did not finish: Request timed out after 30000 ms.',
    );
  });

  it('marks stopped and interrupted calls', () => {
    const stopped = renderWithStore(<ToolCall callId="c1" />);
    stopped.feed(part(search, 'x'));
    act(() => void stopped.store.stop());
    expect(article().dataset.state).toBe('stopped');
    expect(status()).toBe('Stopped');
    stopped.unmount();
    const interrupted = renderWithStore(<ToolCall callId="c1" />);
    interrupted.feed(part(search, 'x'));
    act(() => interrupted.store.complete());
    expect(article().dataset.state).toBe('interrupted');
    expect(status()).toBe('Interrupted');
    expect(article().querySelector('[data-slot="tool-call-error"]')?.textContent).toMatch(
      /connection closed/,
    );
  });

  it('shows a pending call (started, nothing streamed) as a row that has nothing to open yet', () => {
    const store = storeFromEvents([started('c1', 'search_confluence')]);
    render(
      <ToolStreamProvider store={store}>
        <ToolCall callId="c1" />
      </ToolStreamProvider>,
    );
    expect(article().dataset.state).toBe('pending');
    expect(status()).toBe('Starting');
    expect(within(article()).queryByRole('button')).toBeNull();
  });

  it('ticks the elapsed time on one shared clock while open, and stops it after', () => {
    vi.useFakeTimers({
      now: 1_000_000,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    const calls = ['a', 'b', 'c'].map((id) => ({ id, tool: `tool_${id}` }));
    const { feed } = renderWithStore(calls.map((call) => <ToolCall key={call.id} callId={call.id} />));
    feed(...calls.map((call) => part(call, 'working')));
    expect(runningClockCount()).toBe(1);
    const elapsed = () =>
      [...document.querySelectorAll('[data-slot="tool-call-elapsed"]')].map((el) => el.textContent);
    const before = elapsed();
    act(() => vi.advanceTimersByTime(3000));
    const after = elapsed();
    expect(after).not.toEqual(before);
    expect(after.every((text) => text === '3 s')).toBe(true);
    act(() => vi.advanceTimersByTime(1500));
    feed(...calls.map((call) => end(call)));
    expect(runningClockCount()).toBe(0);
    // Ended calls show tenths, from their own completion time.
    expect(elapsed()).toEqual(['4.5 s', '4.5 s', '4.5 s']);
  });

  it('opens by keyboard to its input (JSON indented and highlighted), output and details in words', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(
      begin(
        {
          ...search,
          details: { summary: 'Searching Confluence', space_key: 'ENG', filters: { recent: true } },
        },
        '{"query":"onboarding","limit":5}',
      ),
      result(search, '{"hits":[{"title":"Onboarding guide","score":0.92}]}'),
    );
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(content().hidden).toBe(false);
    const input = within(content()).getByRole('group', { name: 'Input' });
    expect(input.textContent).toContain('"query": "onboarding"');
    expect(input.querySelector('[data-token="key"]')?.textContent).toBe('"query"');
    expect(input.querySelector('[data-token="number"]')?.textContent).toBe('5');
    const output = within(content()).getByRole('group', { name: 'Output' });
    expect(output.querySelector('[data-slot="code-block"]')?.textContent).toContain('"score": 0.92');
    const details = within(content()).getByRole('group', { name: 'Details' });
    expect(within(details).getByText('Space key')).toBeTruthy();
    expect(within(details).getByText('ENG')).toBeTruthy();
    expect(details.textContent).toContain('"recent": true');
    expect(within(details).queryByText('Summary')).toBeNull(); // shown in the row already
    await user.keyboard(' ');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(content().hidden).toBe(true);
  });

  it('renders prose output as text and keeps long output in a bounded area', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" defaultOpen />);
    feed(result(search, 'Line one\n\nLine two'));
    const output = article().querySelector('[data-slot="tool-call-output"]')!;
    expect(output.querySelector('[data-slot="bounded-viewport"]')).not.toBeNull();
    expect([...output.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Line one', 'Line two']);
  });

  it('names calls with the app’s labels, a provider’s own tools by what they did', () => {
    const store = storeFromEvents(
      [
        started('p1', 'web_search', { kind: 'provider' }),
        {
          type: 'tool-args-delta',
          callId: 'p1',
          delta: '{"query":"toolstream"}',
          args: { query: 'toolstream' },
        },
        { type: 'tool-end', callId: 'p1', phase: 'call', output: '', details: null, error: null },
        started('t1', 'get_weather'),
        started('t2', 'fetch_page'),
        { type: 'done' },
      ] as StreamEvent[],
      { complete: true },
    );
    render(
      <ToolStreamProvider store={store}>
        <ToolRenderersProvider
          labels={{
            get_weather: 'Checked the weather',
            fetch_page: (call) => `Read ${call.toolName.split('_')[1]}`,
          }}
        >
          <ToolCall callId="p1" />
          <ToolCall callId="t1" />
          <ToolCall callId="t2" />
        </ToolRenderersProvider>
      </ToolStreamProvider>,
    );
    expect(screen.getByRole('article', { name: 'Searched the web for “toolstream”' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Checked the weather' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Read page' })).toBeTruthy();
  });

  it('has no live region of its own until the copy button is used', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(result(search, 'done'));
    expect(within(article()).queryByRole('status')).toBeNull();
  });

  it('copies the output and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      const { feed } = renderWithStore(<ToolCall callId="c1" defaultOpen />);
      feed(result(search, 'the *whole* output'));
      await user.click(within(article()).getByRole('button', { name: 'Copy output of Search confluence' }));
      expect(writeText).toHaveBeenCalledWith('the *whole* output');
      // The live region appears on first use, and the message a moment after it.
      await waitFor(() => expect(within(article()).getByRole('status').textContent).toBe('Copied'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('selects the output and says so when copying is impossible', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    try {
      const { feed } = renderWithStore(<ToolCall callId="c1" defaultOpen />);
      feed(result(search, 'select me'));
      await user.click(within(article()).getByRole('button', { name: /Copy output/ }));
      await waitFor(() =>
        expect(within(article()).getByRole('status').textContent).toMatch(/Could not copy/),
      );
      expect(window.getSelection()?.toString()).toContain('select me');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a registered renderer inline and open, and the default for other tools', () => {
    const seen: ToolRendererProps[] = [];
    function Results(props: ToolRendererProps) {
      seen.push(props);
      return (
        <ul aria-label="Results">
          {props.output.split(',').map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      );
    }
    const other: CallSpec = { id: 'c2', tool: 'calculator' };
    const { feed } = renderWithStore(
      <ToolRenderersProvider renderers={{ search_confluence: Results }}>
        <ToolCall callId="c1" />
        <ToolCall callId="c2" />
      </ToolRenderersProvider>,
    );
    feed(part(search, 'Onboarding,Setup'), result(other, '**42**'), end(search));
    expect(within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem')).toHaveLength(2);
    expect(content().hidden).toBe(false); // done, and still open: the tool's own UI
    const last = seen.at(-1)!;
    expect(last.status).toBe('complete');
    expect(last.isStreaming).toBe(false);
    expect(last.call.id).toBe('c1');
    // The default: folded, as it finished without streaming; its output is built when opened.
    const calculator = screen.getByRole('article', { name: 'Calculator' });
    expect(calculator.textContent).not.toContain('**42**');
    fireEvent.click(within(calculator).getByRole('button', { expanded: false }));
    expect(calculator.textContent).toContain('**42**');
  });

  it('re-renders only when its own call changes', () => {
    const renders = new Map<string, number>();
    const count = (id: string) => () => renders.set(id, (renders.get(id) ?? 0) + 1);
    const other: CallSpec = { id: 'c2', tool: 'calculator' };
    const { feed } = renderWithStore(
      <>
        <Profiler id="c1" onRender={count('c1')}>
          <ToolCall callId="c1" />
        </Profiler>
        <Profiler id="c2" onRender={count('c2')}>
          <ToolCall callId="c2" />
        </Profiler>
      </>,
    );
    feed(result(search, 'done'), part(other, 'a'));
    const before = renders.get('c1');
    feed(part(other, 'b'), part(other, 'c'));
    expect(renders.get('c1')).toBe(before);
    expect(renders.get('c2')).toBeGreaterThan(0);
  });

  it('re-renders only its output as the output grows; the parts that show its fields follow those fields', () => {
    const renders = new Map<string, number>();
    const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
    // Every part but the output reads the call through the context: it re-renders exactly when
    // the context value changes, which is what this probe counts.
    function ContextProbe() {
      useContext(ToolCallContext);
      count('parts');
      return null;
    }
    const { feed } = renderWithStore(
      <ToolCallRoot callId="c1">
        <ContextProbe />
        <ToolCallHeader />
        <ToolCallContent>
          <Profiler id="output" onRender={() => count('output')}>
            <ToolCallOutput />
          </Profiler>
        </ToolCallContent>
      </ToolCallRoot>,
    );
    feed(part(search, 'one'));
    const parts = renders.get('parts')!;
    const output = renders.get('output')!;
    for (const piece of [' two', ' three', ' four']) feed(part(search, piece));
    expect(article().textContent).toContain('one two three four');
    expect(renders.get('parts')).toBe(parts);
    expect(renders.get('output')).toBe(output + 3);
    // A change the row shows (the status) reaches the parts.
    feed(end(search));
    expect(renders.get('parts')).toBeGreaterThan(parts);
    expect(status()).toBe('Done');
  });

  it('has no axe violations while streaming and once complete and open', async () => {
    const user = userEvent.setup();
    const { feed, container } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin({ ...search, details: { space: 'ENG' } }, '{"q":"query"}'), part(search, 'Some *output*'));
    await expectNoAxeViolations(container);
    feed(end(search));
    await user.click(trigger());
    await expectNoAxeViolations(container);
  });
});
