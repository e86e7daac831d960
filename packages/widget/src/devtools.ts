import type { ToolStreamStore } from '@toolstream/core';

/** What the devtools script defines (`@toolstream/devtools`' classic-script build). */
interface DevtoolsGlobal {
  attachDevtools(store: ToolStreamStore, options?: { storageKey?: string }): { detach(): void };
}

/** The file the `devtools` attribute loads when it names none: beside the widget's own script. */
export const DEVTOOLS_SCRIPT = 'devtools.iife.js';

/**
 * This script's own address, read as it loads: a classic script's (`widget.iife.js`, whose
 * `import.meta` is empty) is `document.currentScript`, a module's is `import.meta.url`.
 */
const OWN_URL: string | undefined =
  (typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src) ||
  import.meta.url ||
  undefined;

/**
 * Where the devtools script is: the `devtools` attribute's value when it has one, else
 * {@link DEVTOOLS_SCRIPT} beside this script (`widget.iife.js` or `widget.js`).
 */
export function devtoolsUrl(attribute: string): string {
  return attribute !== '' ? attribute : new URL(DEVTOOLS_SCRIPT, OWN_URL ?? document.baseURI).href;
}

let loading: Promise<DevtoolsGlobal> | null = null;

/**
 * Loads the devtools script once (a classic script: it needs no bundler) and attaches the panel to
 * `store`. Nothing of the devtools is in the widget's bundle: only this loader.
 */
export async function attachDevtoolsFromScript(
  store: ToolStreamStore,
  url: string,
  nonce?: string,
): Promise<() => void> {
  loading ??= new Promise<DevtoolsGlobal>((resolve, reject) => {
    const existing = (globalThis as { ToolstreamDevtools?: DevtoolsGlobal }).ToolstreamDevtools;
    if (existing !== undefined) {
      resolve(existing);
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    if (nonce !== undefined) script.nonce = nonce;
    script.onload = () => {
      const loaded = (globalThis as { ToolstreamDevtools?: DevtoolsGlobal }).ToolstreamDevtools;
      if (loaded === undefined) reject(new Error(`${url} did not define ToolstreamDevtools`));
      else resolve(loaded);
    };
    script.onerror = () => reject(new Error(`Could not load the devtools from ${url}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const devtools = await loading;
  const handle = devtools.attachDevtools(store, { storageKey: 'toolstream-widget-devtools' });
  return () => handle.detach();
}
