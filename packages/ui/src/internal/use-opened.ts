import { useState } from 'react';

/**
 * Whether a disclosure has ever been open: its content is built when it first opens, and kept
 * from then on. A conversation loaded from history holds hundreds of folded calls whose input and
 * output (highlighted JSON) nobody may open; built up front they were most of a turn's markup.
 * Kept once built, so folding again costs nothing and unfolding shows what is already there.
 */
export function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Updating state while rendering is React's way to follow a prop: no extra commit.
  if (open && !opened) setOpened(true);
  return opened || open;
}
