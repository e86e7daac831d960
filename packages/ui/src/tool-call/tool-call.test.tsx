import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { applyActions, createToolStreamStore, initialState } from '@toolstream/core';
import { ToolStreamProvider } from '@toolstream/react';
import { Profiler, useContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runningClockCount } from '../internal/use-now.js';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, type CallSpec, end, part, result } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { ToolCall } from './tool-call.js';
import { ToolCallContext } from './tool-call-context.js';
import { ToolCallDetails } from './tool-call-details.js';
import { ToolCallHeader } from './tool-call-header.js';
import { ToolCallOutput } from './tool-call-output.js';
import { ToolCallRoot } from './tool-call-root.js';
import { type ToolRendererProps, ToolRenderersProvider } from './tool-renderers.js';

const search: CallSpec = { id: 'c1', tool: 'search_confluence', agent: 'researcher' };

const article = () => screen.getByRole('article', { name: /^search_confluence/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('ToolCall', () => {
  it('renders nothing until the call appears', () => {
    const { container } = renderWithStore(<ToolCall callId="c1" />);
    expect(container.querySelector('[data-slot="tool-call"]')).toBeNull();
  });

  it('shows the tool, its agent and each status as the call goes on', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin(search, 'onboarding'));
    expect(article().dataset.state).toBe('running');
    expect(within(article()).getByText('Running')).toBeTruthy();
    expect(within(article()).getByText('researcher')).toBeTruthy();
    expect(article().getAttribute('aria-busy')).toBe('true');

    feed(part(search, 'Found **3** pages'));
    expect(article().dataset.state).toBe('streaming');
    expect(within(article()).getByText('Streaming')).toBeTruthy();
    expect(article().querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(true);

    feed(end(search));
    expect(article().dataset.state).toBe('complete');
    expect(within(article()).getByText('Complete')).toBeTruthy();
    expect(article().hasAttribute('aria-busy')).toBe(false);
    expect(article().querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(false);
    expect(article().querySelector('strong')?.textContent).toBe('3');
  });

  it('grows the output in place as parts arrive', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(part(search, 'Hello'));
    const output = article().querySelector('[data-slot="tool-call-output"]');
    feed(part(search, ', world'));
    expect(article().querySelector('[data-slot="tool-call-output"]')).toBe(output);
    expect(output?.textContent).toBe('Hello, world');
  });

  it('shows a failure with its message', () => {
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(part(search, 'partial'), end(search, { error: 'Confluence timed out' }));
    expect(article().dataset.state).toBe('error');
    expect(within(article()).getByText('Failed')).toBeTruthy();
    expect(within(article()).getByText('Confluence timed out')).toBeTruthy();
  });

  it('shows stopped and interrupted calls', () => {
    const stopped = renderWithStore(<ToolCall callId="c1" />);
    stopped.feed(part(search, 'x'));
    act(() => void stopped.store.stop());
    expect(article().dataset.state).toBe('stopped');
    expect(within(article()).getByText('Stopped')).toBeTruthy();
    stopped.unmount();

    const interrupted = renderWithStore(<ToolCall callId="c1" />);
    interrupted.feed(part(search, 'x'));
    act(() => interrupted.store.complete());
    expect(article().dataset.state).toBe('interrupted');
    expect(within(article()).getByText('Interrupted')).toBeTruthy();
  });

  it('shows a pending call (started, nothing streamed)', () => {
    const state = applyActions(
      initialState(),
      [
        { type: 'run-start', assistantMessageId: 'm1', userMessage: null, protocol: null },
        {
          type: 'tool-start',
          callId: 'c1',
          phase: 'call',
          toolName: 'search_confluence',
          kind: 'tool',
          parentCallId: null,
          agent: null,
          eventType: 'call',
          details: null,
        },
      ],
      0,
    );
    const store = createToolStreamStore({ initialState: state, schedule: 'sync' });
    render(
      <ToolStreamProvider store={store}>
        <ToolCall callId="c1" />
      </ToolStreamProvider>,
    );
    expect(article().dataset.state).toBe('pending');
    expect(within(article()).getByText('Pending')).toBeTruthy();
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
      screen.getAllByText((_, element) => element?.getAttribute('data-slot') === 'tool-call-elapsed');
    const before = elapsed().map((element) => element.textContent);
    act(() => vi.advanceTimersByTime(3000));
    const after = elapsed().map((element) => element.textContent);
    expect(after).not.toEqual(before);
    expect(after.every((text) => text === '3 s')).toBe(true);

    act(() => vi.advanceTimersByTime(1500));
    feed(...calls.map((call) => end(call)));
    expect(runningClockCount()).toBe(0);
    // Ended calls show tenths, from their own completion time.
    expect(elapsed().map((element) => element.textContent)).toEqual(['4.5 s', '4.5 s', '4.5 s']);
  });

  it('opens and closes the details by keyboard', async () => {
    const user = userEvent.setup();
    const { feed } = renderWithStore(<ToolCall callId="c1" />);
    feed(
      begin(
        { ...search, details: { summary: 'Searching Confluence', space: 'ENG', filters: { recent: true } } },
        'onboarding',
      ),
      result(search, 'Three pages'),
    );
    expect(within(article()).getByText('Searching Confluence')).toBeTruthy();
    const trigger = within(article()).getByRole('button', { name: 'Details' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const content = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(content.hidden).toBe(true);

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(content.hidden).toBe(false);
    expect(within(content).getByText('space')).toBeTruthy();
    expect(within(content).getByText('ENG')).toBeTruthy();
    expect(within(content).getByText(/"recent": true/)).toBeTruthy();
    // The call phase's text, shown as the input once a result followed.
    expect(within(content).getByText('onboarding')).toBeTruthy();

    await user.keyboard(' ');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(content.hidden).toBe(true);
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
      const { feed } = renderWithStore(<ToolCall callId="c1" />);
      feed(result(search, 'the *whole* output'));
      await user.click(within(article()).getByRole('button', { name: 'Copy output of search_confluence' }));
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
      const { feed } = renderWithStore(<ToolCall callId="c1" />);
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

  it('uses a registered renderer for its tool and the default for others', () => {
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
    feed(part(search, 'Onboarding,Setup'), result(other, '**42**'));
    expect(within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem')).toHaveLength(2);
    const last = seen.at(-1)!;
    expect(last.status).toBe('streaming');
    expect(last.isStreaming).toBe(true);
    expect(last.call.id).toBe('c1');
    expect(screen.getByRole('article', { name: 'calculator' }).querySelector('strong')?.textContent).toBe(
      '42',
    );
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
        <Profiler id="output" onRender={() => count('output')}>
          <ToolCallOutput />
        </Profiler>
        <ToolCallDetails />
      </ToolCallRoot>,
    );
    feed(part(search, 'one'));
    const parts = renders.get('parts')!;
    const output = renders.get('output')!;
    for (const piece of [' two', ' three', ' four']) feed(part(search, piece));
    expect(article().textContent).toContain('one two three four');
    expect(renders.get('parts')).toBe(parts);
    expect(renders.get('output')).toBe(output + 3);

    // A change the header shows (the status) reaches the parts.
    feed(end(search));
    expect(renders.get('parts')).toBe(parts + 1);
    expect(within(article()).getByText('Complete')).toBeTruthy();
  });

  it('has no axe violations while streaming and once complete with details open', async () => {
    const user = userEvent.setup();
    const { feed, container } = renderWithStore(<ToolCall callId="c1" />);
    feed(begin({ ...search, details: { space: 'ENG' } }, 'query'), part(search, 'Some *output*'));
    await expectNoAxeViolations(container);
    feed(end(search));
    await user.click(within(article()).getByRole('button', { name: 'Details' }));
    await expectNoAxeViolations(container);
  });
});
