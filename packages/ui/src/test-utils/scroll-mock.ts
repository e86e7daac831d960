/**
 * Fake scroll metrics on an element (jsdom has no layout): a scrollTop clamped like a browser's,
 * and, like a browser, a `scroll` event after a script moves it (later, not during the set).
 */
export interface FakeScroll {
  scrollHeight: number;
  clientHeight: number;
  /** Scrolls as the reader would: moves and fires `scroll`. */
  scrollTo(top: number): void;
  readonly scrollTop: number;
}

export function fakeScroll(element: HTMLElement, scrollHeight: number, clientHeight: number): FakeScroll {
  let top = 0;
  const clamp = (value: number) => Math.max(0, Math.min(value, state.scrollHeight - state.clientHeight));
  const state = {
    scrollHeight,
    clientHeight,
    get scrollTop() {
      return top;
    },
    scrollTo(value: number) {
      top = clamp(value);
      element.dispatchEvent(new Event('scroll'));
    },
  };
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => state.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => state.clientHeight });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      const next = clamp(value);
      if (next === top) return;
      top = next;
      queueMicrotask(() => element.dispatchEvent(new Event('scroll')));
    },
  });
  return state;
}
