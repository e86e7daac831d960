import { createRoot, type Root } from 'react-dom/client';
import type { RedactOptions } from '../export/redact.js';
import type { Recording } from '../recording/recording.js';
import { styleShadow } from '../shadow-styles.js';
import { Panel } from './panel.js';
import type { Selection } from './selection.js';
import { PANEL_CSS } from './styles.js';

/** What {@link mountPanel} needs. */
export interface MountPanelOptions {
  recording: Recording;
  storageKey: string;
  redact?: RedactOptions | undefined;
  onClose(): void;
  initialSelection?: Partial<Selection>;
}

/** A mounted panel. */
export interface MountedPanel {
  show(): void;
  hide(): void;
  unmount(): void;
}

/**
 * Renders the panel into `shadow` (the module `attachDevtools` loads only when the panel is first
 * opened): its stylesheet and a React root of its own, inside the shadow root only.
 */
export function mountPanel(shadow: ShadowRoot, options: MountPanelOptions): MountedPanel {
  const unstyle = styleShadow(shadow, PANEL_CSS);
  const container = document.createElement('div');
  container.setAttribute('data-panel', '');
  shadow.append(container);
  const root: Root = createRoot(container);
  const render = (open: boolean) =>
    root.render(
      <Panel
        open={open}
        recording={options.recording}
        storageKey={options.storageKey}
        redact={options.redact}
        host={shadow.host as HTMLElement}
        onClose={options.onClose}
        initialSelection={options.initialSelection}
      />,
    );
  render(false);
  return {
    show() {
      render(true);
      // Keyboard users land in the panel: on its current tab.
      requestAnimationFrame(() =>
        shadow.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
      );
    },
    hide() {
      render(false);
    },
    unmount() {
      root.unmount();
      container.remove();
      unstyle();
    },
  };
}
