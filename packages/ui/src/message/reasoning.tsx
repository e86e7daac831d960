import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { type DisclosureOptions, useDisclosure } from '../internal/use-disclosure.js';
import { Markdown } from '../markdown/markdown.js';

/** Props of {@link Reasoning}. */
export interface ReasoningProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, DisclosureOptions {
  /** The reasoning text. */
  text: string;
  /** Whether it is still arriving. */
  streaming?: boolean;
  /** Button text; default "Thinking". */
  label?: string;
}

/** A model's reasoning ("Thinking"), kept apart from the answer in a disclosure closed by default. */
export function Reasoning({
  text,
  streaming = false,
  label = 'Thinking',
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...props
}: ReasoningProps) {
  const disclosure = useDisclosure({ open, defaultOpen, onOpenChange });
  return (
    <div
      data-slot="reasoning"
      data-state={streaming ? 'streaming' : 'complete'}
      className={cx('ts-reasoning', className)}
      {...props}
    >
      <button data-slot="reasoning-trigger" className="ts-disclosure-trigger" {...disclosure.triggerProps}>
        {streaming ? `${label}…` : label}
      </button>
      <div data-slot="reasoning-content" className="ts-reasoning__content" {...disclosure.contentProps}>
        {disclosure.open && <Markdown streaming={streaming}>{text}</Markdown>}
      </div>
    </div>
  );
}
Reasoning.displayName = 'Reasoning';
