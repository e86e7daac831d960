/**
 * Hands chunks over in real time, as a network stream would: chunk `i` is due `i / rate` seconds
 * after the start, and each timer tick ingests every chunk that is due by then. Timers fire every
 * few ms (browsers clamp nested `setTimeout(0)` to 4 ms), so a tick carries a handful of chunks,
 * like the packets of an SSE response; when the main thread is busy the next tick catches up on
 * everything that arrived meanwhile, so the rate holds. Resolves after the last chunk.
 */
export function feed(
  chunks: readonly string[],
  rate: number,
  ingest: (chunk: string, index: number) => void,
  onTick: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let index = 0;
    const tick = () => {
      onTick();
      const due = Math.min(chunks.length, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; index < due; index++) ingest(chunks[index]!, index);
      if (index < chunks.length) setTimeout(tick, 0);
      else resolve();
    };
    tick();
  });
}
