/**
 * Counts React commits in any build, production included. React calls the DevTools global hook
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`) after every commit when one is installed before `react-dom`
 * loads — the same protocol the React DevTools extension and React Refresh use — so a minimal
 * hook here sees each commit without a `<Profiler>` and without the profiling build. It must be
 * installed before `react-dom` loads: the entry installs it, then imports the page.
 */

type CommitListener = (root: unknown) => void;

let listener: CommitListener = () => {};
let version: string | null = null;

const hook = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map<number, unknown>(),
  inject(internals: { version?: string }): number {
    version = internals.version ?? null;
    const id = hook.renderers.size + 1;
    hook.renderers.set(id, internals);
    return id;
  },
  onCommitFiberRoot(_rendererId: number, root: unknown): void {
    listener(root);
  },
  onPostCommitFiberRoot(): void {},
  onCommitFiberUnmount(): void {},
  onScheduleFiberRoot(): void {},
  setStrictMode(): void {},
  checkDCE(): void {},
};

/** Installs the hook (before `react-dom` is loaded). */
export function installDevtoolsHook(): void {
  (globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
}

/** Calls `next` with the `FiberRoot` after each React commit (DOM mutated, layout effects run). */
export function onReactCommit(next: CommitListener): void {
  listener = next;
}

/** React's version, once a renderer registered with the hook (`null` if none did). */
export function reactVersion(): string | null {
  return version;
}
