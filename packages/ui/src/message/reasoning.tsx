import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { ChevronIcon } from '../internal/icons.js';
import { type DisclosureOptions, useDisclosure } from '../internal/use-disclosure.js';
import { useTextRenderer } from '../text/text-renderer.js';

/** Props of {@link Reasoning}. */
export interface ReasoningProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, DisclosureOptions {
  /** The reasoning text. */
  text: string;
  /** Whether it is still arriving. */
  streaming?: boolean;
  /** Button text; default "Thinking" (with "…" while it streams, "Thought" once done). */
  label?: string;
}

/** A model's reasoning, kept apart from the answer in a disclosure closed by default. */
export function Reasoning({
  text,
  streaming = false,
  label,
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...props
}: ReasoningProps) {
  const disclosure = useDisclosure({ open, defaultOpen, onOpenChange });
  const Text = useTextRenderer();
  return (
    <div
      data-slot="reasoning"
      data-state={streaming ? 'streaming' : 'complete'}
      className={cx('ts-reasoning', className)}
      {...props}
    >
      <button data-slot="reasoning-trigger" className="ts-reasoning__trigger" {...disclosure.triggerProps}>
        {label ?? (streaming ? 'Thinking…' : 'Thinking')}
        <ChevronIcon />
      </button>
      <div data-slot="reasoning-content" className="ts-reasoning__content" {...disclosure.contentProps}>
        {disclosure.open && <Text streaming={streaming}>{text}</Text>}
      </div>
    </div>
  );
}
Reasoning.displayName = 'Reasoning';
