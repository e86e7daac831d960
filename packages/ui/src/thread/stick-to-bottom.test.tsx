import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeScroll } from '../test-utils/scroll-mock.js';
import { nextStuck } from './stick-to-bottom.js';
import { useStickToBottom } from './use-stick-to-bottom.js';

describe('nextStuck', () => {
  const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 200 });
  it.each([
    ['at the bottom', 700, 800, false, true],
    ['within a pixel of the bottom', 800, 799.5, false, true],
    ['moved up, even a little', 800, 790, true, false],
    ['moved down into the threshold', 600, 780, false, true],
    ['moved down but still far', 100, 400, false, false],
    // Following, the view can end short of the bottom only because the content grew before the
    // scroll event was handled (a scroll of the code's own, the content drawn in between).
    ['following, moved down but the content grew past it', 100, 400, true, true],
  ])('%s', (_name, previous, now, following, expected) => {
    expect(nextStuck(previous, at(now), 48, following)).toBe(expected);
  });
});

function Harness() {
  const { viewportRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom({ threshold: 48 });
  return (
    <>
      <div ref={viewportRef} data-testid="viewport">
        <div ref={contentRef} data-testid="content" />
      </div>
      <output data-testid="state">{isAtBottom ? 'following' : 'free'}</output>
      <button type="button" onClick={scrollToBottom}>
        bottom
      </button>
    </>
  );
}

/** Grows the content by `px` as new streamed text would, and lets the observers run. */
async function grow(scroll: { scrollHeight: number }, px: number) {
  await act(async () => {
    scroll.scrollHeight += px;
    screen.getByTestId('content').append(document.createTextNode('more '));
  });
}

function setup() {
  const view = render(<Harness />);
  const scroll = fakeScroll(screen.getByTestId('viewport'), 1000, 200);
  return { ...view, scroll, state: () => screen.getByTestId('state').textContent };
}

describe('useStickToBottom', () => {
  it('follows new content while at the bottom', async () => {
    const { scroll, state } = setup();
    await grow(scroll, 300);
    expect(scroll.scrollTop).toBe(1300 - 200);
    await grow(scroll, 50);
    expect(scroll.scrollTop).toBe(1350 - 200);
    expect(state()).toBe('following');
  });

  it('stops following when the reader scrolls up, and resumes back at the bottom', async () => {
    const { scroll, state } = setup();
    await grow(scroll, 0);
    act(() => scroll.scrollTo(scroll.scrollTop - 120));
    expect(state()).toBe('free');
    const readingAt = scroll.scrollTop;
    await grow(scroll, 400);
    expect(scroll.scrollTop).toBe(readingAt);

    // Scrolling down close to the bottom (inside the threshold) follows again.
    act(() => scroll.scrollTo(scroll.scrollHeight - scroll.clientHeight - 20));
    expect(state()).toBe('following');
    await grow(scroll, 100);
    expect(scroll.scrollTop).toBe(scroll.scrollHeight - scroll.clientHeight);
  });

  it('stops following at the first upward wheel, before any scroll event', async () => {
    const { scroll, state } = setup();
    await grow(scroll, 0);
    const bottom = scroll.scrollTop;
    act(() => {
      screen.getByTestId('viewport').dispatchEvent(new WheelEvent('wheel', { deltaY: -40 }));
    });
    expect(state()).toBe('free');
    await grow(scroll, 200);
    expect(scroll.scrollTop).toBe(bottom);
  });

  it('ignores an upward wheel when the viewport does not scroll (unstyled: the page scrolls)', () => {
    const { scroll, state } = setup();
    scroll.scrollHeight = 150;
    act(() => {
      screen.getByTestId('viewport').dispatchEvent(new WheelEvent('wheel', { deltaY: -40 }));
    });
    expect(state()).toBe('following');
  });

  it('scrollToBottom jumps down and follows again', async () => {
    const { scroll, state } = setup();
    await grow(scroll, 0); // at the bottom, following
    act(() => scroll.scrollTo(100));
    expect(state()).toBe('free');
    act(() => screen.getByRole('button', { name: 'bottom' }).click());
    expect(state()).toBe('following');
    expect(scroll.scrollTop).toBe(scroll.scrollHeight - scroll.clientHeight);
    await grow(scroll, 100);
    expect(scroll.scrollTop).toBe(scroll.scrollHeight - scroll.clientHeight);
  });

  it('the scroll event its own pin causes is not taken for the reader scrolling', async () => {
    const { scroll, state } = setup();
    await grow(scroll, 0); // at the bottom, following
    act(() => scroll.scrollTo(100));
    expect(state()).toBe('free');
    await act(async () => {
      screen.getByRole('button', { name: 'bottom' }).click(); // pins; its scroll event comes later
      // More content lands before that event: read as the reader's move, the event would say
      // "500 px from the bottom" and stop the following the reader just asked for.
      scroll.scrollHeight += 500;
    });
    expect(state()).toBe('following');
    await grow(scroll, 10);
    expect(scroll.scrollTop).toBe(scroll.scrollHeight - scroll.clientHeight);
  });
});

describe('useStickToBottom with a ResizeObserver', () => {
  const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('follows growth through the ResizeObserver alone: mutations force no layout', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const { scroll } = setup();
    const observer = observers.at(-1)!;
    expect(observer.targets.map((t) => t.getAttribute('data-testid'))).toEqual(['viewport', 'content']);
    const before = scroll.scrollTop;
    await grow(scroll, 300); // a mutation, but no resize observation yet
    expect(scroll.scrollTop).toBe(before);
    act(() => observer.callback([], observer as unknown as ResizeObserver));
    expect(scroll.scrollTop).toBe(1300 - 200);
  });
});
