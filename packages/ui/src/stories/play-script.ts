import type { ToolStreamStore } from '@toolstream/core';

/** Options of {@link playScript}. */
export interface PlayScriptOptions {
  /** End the run (as a clean end of stream) after the last chunk. Default `true`. */
  complete?: boolean;
  /** Called after the last chunk (and the end, if any). */
  onDone?: () => void;
}

/**
 * Feeds `chunks` to a store one every `intervalMs`, as a stream would — the stories' stand-in for
 * a server until the mock package's scenarios replace it. Returns a function that cancels the
 * rest (call it on unmount).
 */
export function playScript(
  store: ToolStreamStore,
  chunks: readonly unknown[],
  intervalMs: number,
  { complete = true, onDone }: PlayScriptOptions = {},
): () => void {
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const next = () => {
    timer = null;
    if (index < chunks.length) {
      store.ingest(chunks[index++]);
      timer = setTimeout(next, intervalMs);
      return;
    }
    if (complete) store.complete();
    onDone?.();
  };
  timer = setTimeout(next, intervalMs);
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
