import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
} from 'react';
import type { ThreadWindow } from './use-thread-window.js';

/**
 * The turn at `index` (0: the first), drawn or standing in: every turn is a thread-turn element,
 * in order.
 */
export function turnElement(content: HTMLElement | null, index: number): Element | undefined {
  return content?.querySelectorAll('[data-slot="thread-turn"]')[index];
}

/** The index of the drawn turn `target` is in, or -1. */
function turnOf(target: EventTarget | null, count: number): number {
  const turn = (target as Element | null)?.closest?.('[data-slot="thread-turn"][data-index]');
  const index = turn === null || turn === undefined ? -1 : Number(turn.getAttribute('data-index'));
  return index >= 0 && index < count ? index : -1;
}

// A key that acts (Enter, Space, typing), not one that only moves the focus (Tab, arrows).
const changesTurn = (event: KeyboardEvent) =>
  event.key === 'Enter' || event.key === 'Backspace' || event.key === 'Delete' || event.key.length === 1;

/**
 * The handlers of the thread's content for what the reader does in its turns, as an ARIA feed:
 * - clicking or typing in a turn keeps it drawn from then on (what the reader opened, picked or
 *   is editing stays as they left it); a turn that holds the focus stays drawn while it does;
 * - Page Up and Page Down in a turn move the focus to the turn before or after it: the way
 *   through a long conversation for a screen reader, to which the turns standing in off screen
 *   are not shown (the browser skips them, content-visibility) — each drawn as the focus reaches
 *   it, and focused once it is (at once when it already is).
 */
export function useTurnFeed(
  ids: readonly string[],
  turns: ThreadWindow,
  content: RefObject<HTMLElement | null>,
) {
  const focusing = useRef<number | null>(null);
  const focusDrawn = (index: number): boolean => {
    const article = content.current?.querySelector<HTMLElement>(
      `[data-slot="thread-turn"][data-index="${index}"] > article`,
    );
    article?.focus();
    return article !== null && article !== undefined;
  };
  useLayoutEffect(() => {
    if (focusing.current !== null && focusDrawn(focusing.current)) focusing.current = null;
  });

  const keepTurn = (event: MouseEvent | KeyboardEvent) => {
    const index = turnOf(event.target, ids.length);
    if (index >= 0) turns.keep(ids[index]!);
  };
  const moveBetweenTurns = (event: KeyboardEvent): boolean => {
    if (event.key !== 'PageUp' && event.key !== 'PageDown') return false;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
    const target = event.target as HTMLElement;
    if (target.isContentEditable || target.closest('textarea, input, select') !== null) return false;
    const from = turnOf(target, ids.length);
    const to = from + (event.key === 'PageUp' ? -1 : 1);
    if (from < 0 || to < 0 || to >= ids.length) return false;
    event.preventDefault();
    turns.hold(ids[to]!);
    if (focusDrawn(to)) return true;
    focusing.current = to;
    turnElement(content.current, to)?.scrollIntoView({ block: 'nearest' });
    return true;
  };

  return {
    onClick: keepTurn,
    onKeyDown: (event: KeyboardEvent) => {
      if (!moveBetweenTurns(event) && changesTurn(event)) keepTurn(event);
    },
    onFocus: (event: FocusEvent) => {
      const index = turnOf(event.target, ids.length);
      turns.hold(index >= 0 ? ids[index]! : null);
    },
    onBlur: (event: FocusEvent) => {
      if (!content.current?.contains(event.relatedTarget as Node | null)) turns.hold(null);
    },
  };
}
