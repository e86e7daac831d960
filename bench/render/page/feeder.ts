/**
 * Hands chunks over in real time, as a network stream would: chunk `i` is due `i / rate` seconds
 * after the start, and each timer tick ingests every chunk that is due by then. Timers fire
 * every few ms (browsers clamp nested `setTimeout(0)` to 4 ms), so a tick carries a handful of
 * chunks, like the packets of an SSE response; when the main thread is busy the next tick
 * catches up on everything that arrived meanwhile, so the rate holds and the delay shows as lag.
 */
export interface FeederStats {
  /** How late each tick ran against the due time of the oldest chunk it ingested (ms). */
  lag: number[];
  perTick: number[];
  /** ms spent inside `ingest`. */
  ingestMs: number;
  /** performance.now() at the start and after the last chunk. */
  startedAt: number;
  endedAt: number;
}

export function feed(
  chunks: readonly string[],
  rate: number,
  ingest: (chunk: string, index: number, dueAt: number) => void,
  onTick: () => void = () => {},
): Promise<FeederStats> {
  const stats: FeederStats = { lag: [], perTick: [], ingestMs: 0, startedAt: 0, endedAt: 0 };
  const msPerChunk = 1000 / rate;
  return new Promise((resolve) => {
    let index = 0;
    const start = performance.now();
    stats.startedAt = start;
    const tick = () => {
      onTick();
      const now = performance.now();
      const due = Math.min(chunks.length, Math.floor((now - start) / msPerChunk) + 1);
      if (due > index) {
        stats.lag.push(now - (start + index * msPerChunk));
        stats.perTick.push(due - index);
        for (; index < due; index++) ingest(chunks[index]!, index, start + index * msPerChunk);
        stats.ingestMs += performance.now() - now;
      }
      if (index < chunks.length) {
        setTimeout(tick, 0);
        return;
      }
      stats.endedAt = performance.now();
      resolve(stats);
    };
    tick();
  });
}
