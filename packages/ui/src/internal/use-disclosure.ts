import { useId } from 'react';
import { useControllableState } from './use-controllable-state.js';

/** Options of a disclosure: controlled (`open` + `onOpenChange`) or not (`defaultOpen`). */
export interface DisclosureOptions {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A disclosure (WAI-ARIA pattern): a native button with `aria-expanded` and `aria-controls`
 * (Enter and Space work without extra code) and the region it shows or hides.
 */
export function useDisclosure({ open, defaultOpen = false, onOpenChange }: DisclosureOptions) {
  const [isOpen, setOpen] = useControllableState(open, defaultOpen, onOpenChange);
  const contentId = useId();
  return {
    open: isOpen,
    setOpen,
    contentId,
    triggerProps: {
      type: 'button' as const,
      'aria-expanded': isOpen,
      'aria-controls': contentId,
      'data-state': isOpen ? 'open' : 'closed',
      onClick: () => setOpen(!isOpen),
    },
    contentProps: {
      id: contentId,
      hidden: !isOpen,
      'data-state': isOpen ? 'open' : 'closed',
    },
  };
}
