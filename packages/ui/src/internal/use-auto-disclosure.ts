import { useCallback, useRef, useState } from 'react';
import type { DisclosureOptions } from './use-disclosure.js';

/**
 * A disclosure that follows `auto` until the reader decides: a tool call opens while its output
 * streams and folds when it is done, a sub-agent's section stays open while it works — unless
 * the reader opened or closed it, which then sticks. `open` makes it controlled; `defaultOpen`
 * decides up front. `reopen` turning true undoes the reader's folding (`auto` should be true then).
 */
export function useAutoDisclosure(
  { open, defaultOpen, onOpenChange }: DisclosureOptions,
  auto: boolean,
  reopen = false,
): { open: boolean; setOpen: (next: boolean) => void } {
  const [chosen, setChosen] = useState<boolean | null>(defaultOpen ?? null);
  // Something inside needs the reader (a call waiting for approval): a section they had folded
  // (or that was folded by default) opens again, once, when that begins — or when it is first
  // drawn with it. Updating state while rendering: no extra commit.
  const [reopened, setReopened] = useState(false);
  if (reopen !== reopened) {
    setReopened(reopen);
    if (reopen && chosen === false) setChosen(null);
  }
  const onChange = useRef(onOpenChange);
  onChange.current = onOpenChange;
  const controlled = open !== undefined;
  const setOpen = useCallback(
    (next: boolean) => {
      if (!controlled) setChosen(next);
      onChange.current?.(next);
    },
    [controlled],
  );
  return { open: controlled ? open : (chosen ?? auto), setOpen };
}
