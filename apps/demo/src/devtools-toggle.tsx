import { lazy, Suspense } from 'react';
import { DevtoolsIcon } from './icons.js';

/**
 * The devtools, loaded only once they are turned on: a production build of the demo keeps them
 * in a chunk of their own, fetched on the first toggle.
 */
const ToolStreamDevtools = lazy(() =>
  import('@toolstream/devtools').then((module) => ({ default: module.ToolStreamDevtools })),
);

/** The header button that turns the devtools on and off (remembered in the address). */
export function DevtoolsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      className="demo-menu__trigger"
      data-slot="demo-devtools"
      aria-pressed={on}
      onClick={() => onChange(!on)}
    >
      <DevtoolsIcon />
      <span className="demo-menu__value">Devtools</span>
    </button>
  );
}

/** The devtools on the enclosing provider's store, the panel open. */
export function Devtools() {
  return (
    <Suspense fallback={null}>
      <ToolStreamDevtools open storageKey="toolstream-demo-devtools" />
    </Suspense>
  );
}
