import { type ReactNode, useId, useRef } from 'react';

/** Props of {@link PopoverMenu}. */
interface PopoverMenuProps {
  /** The button's content (an icon and a label). */
  trigger: ReactNode;
  /** The button's accessible name when its label is hidden on narrow screens. */
  label: string;
  /** What the popover holds: a form of native controls (radios, checkboxes, fields). */
  children: (close: () => void) => ReactNode;
  className?: string;
  slot: string;
}

/**
 * A button that opens a panel under it: the platform's popover (light dismiss, Escape, top layer
 * and focus return for free), placed by CSS anchor positioning. The panel holds native form
 * controls, so the keyboard works as it does everywhere.
 */
export function PopoverMenu({ trigger, label, children, className, slot }: PopoverMenuProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const anchor = `--${id.replace(/[^a-zA-Z0-9-]/g, '')}`;
  const close = () => {
    panel.current?.hidePopover();
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        data-slot={slot}
        className={`demo-menu__trigger ${className ?? ''}`}
        popoverTarget={id}
        aria-label={label}
        title={label}
        style={{ anchorName: anchor } as React.CSSProperties}
      >
        {trigger}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        className="demo-menu__panel"
        style={{ positionAnchor: anchor } as React.CSSProperties}
        onToggle={(event) => {
          // Opened: the first checked control (or the first control) takes the focus.
          if ((event.nativeEvent as ToggleEvent).newState !== 'open') return;
          const target =
            panel.current?.querySelector<HTMLElement>('input:checked') ??
            panel.current?.querySelector<HTMLElement>('input, button, select, textarea');
          target?.focus();
        }}
      >
        {children(close)}
      </div>
    </>
  );
}
