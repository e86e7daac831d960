import type { ToolStreamStore } from '@toolstream/core';
import type { RedactOptions } from './export/redact.js';
import { createLauncher } from './launcher.js';
import type { MountedPanel } from './panel/mount-panel.js';
import { type Recording, recordStore } from './recording/recording.js';

/** Options of {@link attachDevtools}. */
export interface DevtoolsOptions {
  /** Open the panel at once (default: the launcher only). */
  open?: boolean;
  /** Show the launcher (default `true`); without it, open the panel with the handle or Alt+Shift+D. */
  launcher?: boolean;
  /** Alt+Shift+D opens and closes the panel (default `true`). */
  shortcut?: boolean;
  /** Where the panel's element goes. Default `document.body`. */
  container?: HTMLElement;
  /** Where the panel remembers its dock, size, theme and tab. Default `toolstream-devtools`. */
  storageKey?: string;
  /** The redaction exports start from (the reader can change it in the panel). */
  redact?: RedactOptions;
}

/** An attached panel. */
export interface DevtoolsHandle {
  /** What it records (the store's tap, since it was attached). */
  readonly recording: Recording;
  /** Opens the panel, loading it the first time. */
  open(): Promise<void>;
  close(): void;
  toggle(): Promise<void>;
  /** Stops recording and removes the panel and launcher from the page. */
  detach(): void;
}

/** The custom element name the panel's host carries (its Shadow DOM holds everything else). */
export const DEVTOOLS_TAG = 'toolstream-devtools';

/**
 * Attaches the devtools to a store: recording starts at once (through the store's tap), a small
 * launcher appears in a corner, and the panel — its code loaded only when first opened — shows
 * what the stream did, in a Shadow DOM of its own (its styles cannot leak into the page, nor the
 * page's into it).
 *
 * @example
 * ```ts
 * if (import.meta.env.DEV) {
 *   const { attachDevtools } = await import('@toolstream/devtools');
 *   attachDevtools(store);
 * }
 * ```
 */
export function attachDevtools(store: ToolStreamStore, options: DevtoolsOptions = {}): DevtoolsHandle {
  const { recording, stop } = recordStore(store);
  const host = document.createElement(DEVTOOLS_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  (options.container ?? document.body).append(host);
  const launcher =
    options.launcher === false ? null : createLauncher(shadow, recording, () => void handle.open());
  let panel: MountedPanel | null = null;
  let loading: Promise<MountedPanel> | null = null;
  let opened = false;

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey && event.shiftKey && event.code === 'KeyD') {
      event.preventDefault();
      void handle.toggle();
    }
  };
  if (options.shortcut !== false) document.addEventListener('keydown', onKey);

  const handle: DevtoolsHandle = {
    recording,
    async open() {
      opened = true;
      loading ??= import('./panel/mount-panel.js').then(({ mountPanel }) =>
        mountPanel(shadow, {
          recording,
          storageKey: options.storageKey ?? 'toolstream-devtools',
          redact: options.redact,
          onClose: () => handle.close(),
        }),
      );
      panel = await loading;
      if (!opened) return; // closed while it loaded
      panel.show();
      launcher?.hide();
    },
    close() {
      opened = false;
      panel?.hide();
      launcher?.show();
      launcher?.focus();
    },
    toggle: () => (opened ? Promise.resolve(handle.close()) : handle.open()),
    detach() {
      stop();
      document.removeEventListener('keydown', onKey);
      panel?.unmount();
      launcher?.remove();
      host.remove();
    },
  };
  if (options.open) void handle.open();
  return handle;
}
