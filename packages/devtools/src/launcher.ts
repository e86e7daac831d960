import type { Recording } from './recording/recording.js';
import { styleShadow } from './shadow-styles.js';

const LAUNCHER_CSS = `
:host { all: initial; }
.tsd-launcher {
  all: initial;
  position: fixed; left: 12px; bottom: 12px; z-index: 2147483645; display: inline-flex; align-items: center; gap: 6px;
  height: 28px; padding: 0 10px 0 8px; border-radius: 999px; border: 1px solid rgb(0 0 0 / 0.15);
  background: #1c1f24; color: #fff; font: 600 12px/1 ui-sans-serif, system-ui, sans-serif; cursor: pointer;
  opacity: 0.55; box-shadow: 0 2px 8px rgb(0 0 0 / 0.2);
}
.tsd-launcher:hover, .tsd-launcher:focus-visible { opacity: 1; }
.tsd-launcher:focus-visible { outline: 2px solid #7aa2ff; outline-offset: 2px; }
.tsd-launcher[hidden] { display: none; }
.tsd-launcher__dot { width: 8px; height: 8px; border-radius: 50%; background: #5fd08a; }
.tsd-launcher[data-errors] .tsd-launcher__dot { background: #ff7b72; }
.tsd-launcher[data-errors] { opacity: 0.9; }
`;

/** The launcher: a small pill in a corner that opens the panel, and says when errors came. */
export interface Launcher {
  show(): void;
  hide(): void;
  focus(): void;
  remove(): void;
}

/**
 * Draws the launcher into `shadow` with plain DOM (the panel and React load only when it is
 * used): "toolstream" and, once any came, the number of errors.
 */
export function createLauncher(shadow: ShadowRoot, recording: Recording, onOpen: () => void): Launcher {
  const unstyle = styleShadow(shadow, LAUNCHER_CSS);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tsd-launcher';
  button.title = 'toolstream devtools (Alt+Shift+D)';
  const dot = document.createElement('span');
  dot.className = 'tsd-launcher__dot';
  dot.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  button.append(dot, label);
  button.addEventListener('click', onOpen);
  shadow.append(button);
  const render = () => {
    const errors = recording.errors.length;
    label.textContent =
      errors === 0 ? 'toolstream' : `toolstream · ${errors} error${errors === 1 ? '' : 's'}`;
    button.toggleAttribute('data-errors', errors > 0);
    button.setAttribute(
      'aria-label',
      `Open toolstream devtools${errors === 0 ? '' : `, ${label.textContent.split(' · ')[1]}`}`,
    );
  };
  render();
  const unsubscribe = recording.subscribe(render);
  return {
    show: () => {
      button.hidden = false;
    },
    hide: () => {
      button.hidden = true;
    },
    focus: () => button.focus(),
    remove() {
      unsubscribe();
      button.remove();
      unstyle();
    },
  };
}
