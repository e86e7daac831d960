import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

/** Props of {@link Launcher}. */
export interface LauncherProps {
  /** Names the bubble and the panel. */
  title: string;
  /** The panel's content (the chat). */
  children: ReactNode;
}

/**
 * A floating bubble that opens and closes a panel (a non-modal dialog) with the chat. Opening
 * moves focus to the composer; Escape or the close button closes it and focus goes back to the
 * bubble. The panel stays mounted while closed, so a streaming answer goes on and the thread
 * keeps its scroll position.
 */
export function Launcher({ title, children }: LauncherProps) {
  const [open, setOpen] = useState(false);
  const bubble = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const panelId = useId();

  // A layout effect: focus moves in the same frame as the panel shows or hides (a passive
  // effect may wait for the next frame, in Preact always, and the keyboard would land nowhere).
  useLayoutEffect(() => {
    if (open) {
      const input = panel.current?.querySelector<HTMLElement>('[data-slot="composer-input"]');
      (input ?? panel.current)?.focus();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      bubble.current?.focus();
    }
  }, [open]);

  const close = () => {
    // Focus inside the panel would be lost when it hides: it goes back to the bubble.
    const active = (panel.current?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    returnFocus.current = active != null && panel.current?.contains(active) === true;
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    close();
  };

  return (
    <>
      <div
        id={panelId}
        role="dialog"
        aria-label={title}
        data-slot="widget-panel"
        className="tsw-panel"
        hidden={!open}
        tabIndex={-1}
        ref={panel}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          data-slot="widget-close"
          className="tsw-close"
          aria-label="Close"
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
      <button
        type="button"
        data-slot="widget-launcher"
        data-state={open ? 'open' : 'closed'}
        className="tsw-launcher"
        aria-label={title}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        ref={bubble}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={onKeyDown}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </button>
    </>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </svg>
  );
}
