import type { ReactNode } from 'react';

/** A captioned part of a call's content ("Input", "Output"), with room for actions on the right. */
export function ToolCallSection({
  slot,
  title,
  actions,
  children,
}: {
  slot: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a captioned part of a call, not a set of form fields (a fieldset)
    <div role="group" data-slot={slot} className="ts-tool-call__section" aria-label={title}>
      <div data-slot="tool-call-section-header" className="ts-tool-call__section-header">
        <span data-slot="tool-call-section-title">{title}</span>
        {actions}
      </div>
      {children}
    </div>
  );
}
