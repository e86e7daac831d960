import '../styles.css';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import {
  type AssistantMessageState,
  createToolStreamStore,
  type ToolStreamStore,
  type ToolStreamTransport,
} from '@toolstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { Chat } from '../chat/chat.js';
import { revealCall } from '../internal/reveal-call.js';
import { longConversation } from '../test-utils/long-conversation.js';

/**
 * A long conversation in a real browser (Chromium, 1280×860): the thread draws the turns on
 * screen and stands the others in as text, and must still behave as if every turn were there.
 */

const TURNS = 300;

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
async function frames(count: number) {
  for (let i = 0; i < count; i++) await act(frame);
}

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
  vi.restoreAllMocks();
});

function mount(store: ToolStreamStore) {
  const view = render(
    <div style={{ height: '860px' }}>
      <Chat store={store} title="Long" />
    </div>,
  );
  unmount = view.unmount;
  const viewport = view.container.querySelector<HTMLElement>('[data-slot="thread-viewport"]')!;
  /** The turn at `index` (0: the first question) when it is drawn in full, else `null`. */
  const drawn = (index: number) =>
    view.container.querySelector<HTMLElement>(`[data-slot="thread-turn"][data-index="${index}"]`);
  return { ...view, viewport, drawn };
}

const onScreen = (element: Element, viewport: Element) => {
  const rect = element.getBoundingClientRect();
  const view = viewport.getBoundingClientRect();
  return rect.bottom > view.top && rect.top < view.bottom;
};
const distanceToBottom = (viewport: HTMLElement) =>
  viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight;

/** A frame of the primary protocol. */
const wire = (message: string, calls: unknown[] = []) =>
  JSON.stringify({ message, citations: [], tool_calls: calls });
const streamedCall = (part: string | null, complete: boolean) => ({
  call_id: 'live-1',
  event_type: 'result',
  tool_name: 'search_docs',
  tool_response: complete ? 'all of it' : '',
  tool_call_details: { summary: 'streaming below' },
  stream_part: part,
  is_complete: complete,
});

describe('a long conversation', () => {
  it('opens at its end, drawing the turns on screen and standing the others in as text', async () => {
    const { container, viewport, drawn } = mount(
      createToolStreamStore({ initialMessages: longConversation(TURNS) }),
    );
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);
    expect(distanceToBottom(viewport)).toBeLessThanOrEqual(1);
    expect(onScreen(drawn(2 * TURNS - 1)!, viewport)).toBe(true);
    expect(drawn(0)).toBeNull();
    // Every turn is in the page, as an article named as a drawn one is: its words are there to
    // find (a screen reader reaches each through the feed's keys, a case below).
    const turns = container.querySelectorAll('[data-slot="thread-turn"] > article');
    expect(turns).toHaveLength(2 * TURNS);
    expect(turns[0]!.getAttribute('aria-label')).toBe('You');
    expect(turns[0]!.textContent).toContain('Question 1:');
    expect(turns[1]!.getAttribute('aria-label')).toBe('Assistant');
    // Far fewer elements than a thousand turns drawn in full would take.
    expect(container.querySelectorAll('*').length).toBeLessThan(40 * TURNS);
  });

  it('stands the other turns in a tree of blocks, so that a frame’s work does not grow with the conversation', async () => {
    const { container, viewport, drawn } = mount(
      createToolStreamStore({ initialMessages: longConversation(TURNS) }),
    );
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);
    // Each frame an answer streams, the browser lays out the elements on the way from the thread
    // to it, and checks each element skipped while off screen (content-visibility: auto) that it
    // has ever shown: a few dozen at any length, never one per turn or per block of turns.
    const content = container.querySelector('[data-slot="thread-content"]')!;
    const groups = [content, ...content.querySelectorAll('[data-slot="thread-turns"]')];
    for (const group of groups) expect(group.children.length).toBeLessThanOrEqual(32);
    expect(content.children.length).toBeLessThanOrEqual(8);
    const blocks = content.querySelectorAll('[data-slot="thread-turns"][data-state="summary"]');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(getComputedStyle(block).contentVisibility).toBe('auto');
    // A block's turns are plain text inside it: a fling that shows a block shows them with it,
    // and none of them becomes an element to check from then on.
    const inBlocks = content.querySelectorAll('[data-state="summary"] [data-slot="thread-turn"]');
    expect(inBlocks.length).toBeGreaterThan(TURNS);
    for (const turn of inBlocks) expect(getComputedStyle(turn).contentVisibility).toBe('visible');
    // Every turn is still there, in order, standing in or drawn.
    expect(content.querySelectorAll('[data-slot="thread-turn"]')).toHaveLength(2 * TURNS);
    expect(distanceToBottom(viewport)).toBeLessThanOrEqual(1);
  });

  it('lets a screen reader reach every turn: Page Up and Page Down move the focus from turn to turn, each drawn as it is reached', async () => {
    // Fewer turns than the other cases (a key a turn), still many blocks of them off screen.
    const turnCount = 60;
    const { container, drawn } = mount(
      createToolStreamStore({ initialMessages: longConversation(turnCount) }),
    );
    await waitFor(() => expect(drawn(2 * turnCount - 1)).not.toBeNull());
    await frames(3);
    const feed = container.querySelector('[role="feed"]')!;
    const article = (index: number) => drawn(index)?.querySelector<HTMLElement>(':scope > article') ?? null;
    const focusedIndex = () =>
      Number(document.activeElement?.closest('[data-slot="thread-turn"]')?.getAttribute('data-index') ?? -1);
    // A turn off screen stands in, skipped by the browser: not in the accessibility tree.
    expect(await exposedTexts()).not.toContain('Question 1:');

    act(() => article(2 * turnCount - 1)!.focus());
    expect(article(2 * turnCount - 1)!.getAttribute('aria-posinset')).toBe(String(2 * turnCount));
    expect(article(2 * turnCount - 1)!.getAttribute('aria-setsize')).toBe(String(2 * turnCount));
    // Page Up from the newest turn to the first, one turn a key.
    for (let expected = 2 * turnCount - 2; expected >= 0; expected--) {
      await userEvent.keyboard('{PageUp}');
      await waitFor(() => expect(focusedIndex()).toBe(expected));
    }
    expect(document.activeElement).toBe(article(0));
    expect(article(0)!.getAttribute('aria-label')).toBe('You');
    expect(article(0)!.textContent).toContain('Question 1:');
    // Drawn and in the accessibility tree, where a screen reader reads it.
    expect(await exposedTexts()).toContain('Question 1:');
    // At the first turn, Page Up goes nowhere; Page Down goes on to the answer.
    await userEvent.keyboard('{PageUp}');
    expect(document.activeElement).toBe(article(0));
    await userEvent.keyboard('{PageDown}');
    await waitFor(() => expect(document.activeElement).toBe(article(1)));
    // Only the turns near the focus stay drawn: a walk through the whole conversation does not
    // leave it all drawn.
    expect(feed.querySelectorAll('[data-slot="thread-turn"][data-index]').length).toBeLessThan(20);
  });

  it('keeps the reader’s place while an answer streams in below, and Jump to latest follows it again', async () => {
    const store = createToolStreamStore({ initialMessages: longConversation(TURNS) });
    const { viewport, drawn } = mount(store);
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);

    // The reader scrolls up to the middle of the conversation.
    viewport.dispatchEvent(new WheelEvent('wheel', { deltaY: -400, bubbles: true }));
    viewport.scrollTop = viewport.scrollHeight / 2;
    await frames(6);
    const jump = await screen.findByRole('button', { name: 'Jump to latest' });
    const turnsInView = Array.from(
      viewport.querySelectorAll<HTMLElement>('[data-slot="thread-turn"][data-index]'),
    ).filter((turn) => onScreen(turn, viewport));
    expect(turnsInView.length).toBeGreaterThan(0);
    const anchor = turnsInView[0]!;
    const top = anchor.getBoundingClientRect().top;
    const scrollTop = viewport.scrollTop;

    // A new answer streams in below, with a call whose output grows.
    act(() => store.startTurn('One more question'));
    for (let i = 0; i < 60; i++) {
      act(() => {
        store.ingest(wire(`word${i} and some more of the answer `));
        store.ingest(wire('', [streamedCall(`part ${i} `, false)]));
      });
      if (i % 6 === 0) await frames(1);
    }
    act(() => store.ingest(wire('', [streamedCall(null, true)])));
    await frames(6);

    expect(anchor.isConnected).toBe(true);
    expect(Math.abs(anchor.getBoundingClientRect().top - top)).toBeLessThanOrEqual(1);
    expect(Math.abs(viewport.scrollTop - scrollTop)).toBeLessThanOrEqual(1);
    expect(jump.isConnected).toBe(true);

    // Jump to latest: the new answer on screen, and the view follows it again.
    act(() => jump.click());
    await frames(6);
    expect(distanceToBottom(viewport)).toBeLessThanOrEqual(1);
    const last = drawn(2 * TURNS + 1);
    expect(last).not.toBeNull();
    expect(last!.textContent).toContain('word59');
    for (let i = 0; i < 20; i++) {
      act(() => store.ingest(wire(`\n\nmore${i} `)));
      await frames(1);
    }
    await frames(3);
    expect(distanceToBottom(viewport)).toBeLessThanOrEqual(1);
    expect(drawn(2 * TURNS + 1)!.textContent).toContain('more19');
  });

  it('lets a fling pass the turns as text, and draws where it stops', async () => {
    const { viewport, drawn } = mount(createToolStreamStore({ initialMessages: longConversation(TURNS) }));
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);
    const drawnNow = () =>
      Array.from(viewport.querySelectorAll<HTMLElement>('[data-slot="thread-turn"][data-index]'), (turn) =>
        Number(turn.dataset.index),
      ).join(',');

    // From the bottom to the top in 24 frames, the view set once a frame, as a flung wheel or
    // a dragged scrollbar moves it: many screens a frame.
    const steps = 24;
    const from = viewport.scrollTop;
    const sets = new Set<string>();
    for (let step = 1; step <= steps; step++) {
      viewport.scrollTop = from * (1 - step / steps);
      await act(frame);
      sets.add(drawnNow());
    }
    // Drawn on the way: the first jump's turns (a single jump, as Jump to latest makes, is drawn
    // at once), and again only where a frame took so long that scrolling seemed to stop (a loaded
    // machine) — not a set for each screen passed (24).
    expect(sets.size).toBeLessThanOrEqual(6);
    // Stopped at the top: the first turns are drawn there.
    await waitFor(() => expect(drawn(0)).not.toBeNull());
    expect(onScreen(drawn(0)!, viewport)).toBe(true);
  });

  it('lets the browser’s find in page reach turn 1, which is then drawn on screen', async () => {
    const { viewport, drawn } = mount(
      createToolStreamStore({ initialMessages: longConversation(TURNS, { 1: 'Zanzibar' }) }),
    );
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);
    expect(drawn(1)).toBeNull();

    // Chromium's scripted find (window.find) searches the page as its find bar does.
    const find = (window as unknown as { find(text: string): boolean }).find;
    expect(find.call(window, 'Zanzibar')).toBe(true);
    const selected = window.getSelection()?.anchorNode?.parentElement;
    expect(selected?.closest('[data-slot="thread-content"]')).not.toBeNull();
    await waitFor(() => expect(drawn(1)).not.toBeNull());
    await frames(3);
    expect(drawn(1)!.textContent).toContain('Zanzibar');
    expect(onScreen(drawn(1)!, viewport)).toBe(true);
  });

  it('shows a call of an answer far off screen on request (the devtools’ reveal), nested in a sub-agent', async () => {
    const store = createToolStreamStore({ initialMessages: longConversation(TURNS) });
    const { container, viewport, drawn } = mount(store);
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());
    await frames(3);
    expect(drawn(1)).toBeNull();
    const answer = store.getState().messages[1] as AssistantMessageState;
    const nested = answer.callOrder.find((id) => answer.calls[id]!.parentId !== null)!;
    expect(nested).toBeDefined();

    act(() => revealCall({ messageId: answer.id, callId: nested }));
    const call = () =>
      container.querySelector<HTMLElement>(`[data-message-id="${answer.id}"] [data-call-id="${nested}"]`);
    await waitFor(() => expect(call()).not.toBeNull());
    await waitFor(() => expect(onScreen(call()!, viewport)).toBe(true));
    expect(drawn(1)).not.toBeNull();
  });

  it('keeps an old answer’s version, copies an old answer, and lets an old question be edited', async () => {
    const messages = longConversation(TURNS);
    const second = messages[3] as AssistantMessageState;
    messages[3] = {
      ...second,
      versions: [
        { ...second, id: 'answer-2-v1', parts: [{ type: 'text', text: 'The earlier answer to two.' }] },
      ],
    };
    // The agent answers whatever it is asked with one line.
    const transport: ToolStreamTransport = {
      async send(request, sink) {
        sink.open();
        sink.status('streaming');
        sink.chunk(new TextEncoder().encode(`data: ${wire(`You asked: ${request.message}`)}\n\n`));
      },
      resume: async () => {},
      cancel: async () => {},
    };
    const store = createToolStreamStore({ initialMessages: messages, transport });
    const { viewport, drawn } = mount(store);
    await waitFor(() => expect(drawn(2 * TURNS - 1)).not.toBeNull());

    // The reader goes to the top: the first turns are drawn.
    for (let i = 0; i < 10 && (drawn(3) === null || viewport.scrollTop > 0); i++) {
      viewport.dispatchEvent(new WheelEvent('wheel', { deltaY: -400, bubbles: true }));
      viewport.scrollTop = 0;
      await frames(2);
    }
    await waitFor(() => expect(drawn(3)).not.toBeNull());
    const answer = within(drawn(3)!);
    act(() => answer.getByRole('button', { name: 'Previous version' }).click());
    expect(drawn(3)!.textContent).toContain('The earlier answer to two.');

    // Away to the bottom and back: the answer still shows the version the reader picked.
    viewport.scrollTop = viewport.scrollHeight;
    await frames(6);
    viewport.dispatchEvent(new WheelEvent('wheel', { deltaY: -400, bubbles: true }));
    viewport.scrollTop = 0;
    await frames(6);
    expect(drawn(3)!.textContent).toContain('The earlier answer to two.');

    // Copy on old answers copies the words shown: the version picked, and turn 1's answer as it is.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    act(() => within(drawn(3)!).getByRole('button', { name: 'Copy answer' }).click());
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('The earlier answer to two.'));
    await waitFor(() => within(drawn(3)!).getByRole('button', { name: 'Copied' }));
    act(() => within(drawn(1)!).getByRole('button', { name: 'Copy answer' }).click());
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    // Its two texts, a blank line between; the calls between them are left out.
    const texts = (messages[1] as AssistantMessageState).parts.flatMap((part) =>
      part.type === 'text' ? [part.text.trim()] : [],
    );
    expect(texts).toHaveLength(2);
    expect(writeText).toHaveBeenLastCalledWith(`${texts[0]}\n\n${texts[1]}`);

    // Edit the first question: later turns go, and it is answered again.
    act(() => within(drawn(0)!).getByRole('button', { name: 'Edit message' }).click());
    const field = await within(drawn(0)!).findByRole('textbox', { name: 'Edit message' });
    act(() => {
      (field as HTMLTextAreaElement).value = 'Question one, rephrased';
    });
    act(() => within(drawn(0)!).getByRole('button', { name: 'Save & submit' }).click());
    await waitFor(() => expect(store.getState().messages).toHaveLength(2));
    await waitFor(() => expect(drawn(1)?.textContent).toContain('You asked: Question one, rephrased'));
    expect(drawn(0)!.textContent).toContain('Question one, rephrased');
    expect(viewport.querySelectorAll('[data-slot="thread-turn"]')).toHaveLength(2);
  });
});

/** The text of the test page's accessibility tree (what a screen reader can read), in Chromium. */
async function exposedTexts(): Promise<string> {
  type Frame = { frame: { id: string; url: string }; childFrames?: Frame[] };
  const session = cdp();
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: Frame };
  const frames: Frame[] = [];
  const walk = (frame: Frame) => {
    frames.push(frame);
    for (const child of frame.childFrames ?? []) walk(child);
  };
  walk(frameTree);
  const texts: string[] = [];
  for (const { frame } of frames) {
    const { nodes } = (await session.send('Accessibility.getFullAXTree', { frameId: frame.id })) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
    };
    for (const node of nodes) {
      if (!node.ignored && node.role?.value === 'StaticText') texts.push(node.name?.value ?? '');
    }
  }
  return texts.join('\n');
}
