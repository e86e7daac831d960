/**
 * What the driver and the page agree on: the run's settings (driver → page) and what the page
 * measured (page → driver). Type-only, imported by both sides.
 */
export interface RunConfig {
  /** Chunks per second, delivered in real time for `durationMs`. */
  rate: number;
  durationMs: number;
  /** Tool calls streaming at once, spread over `researchers` delegations. */
  concurrency: number;
  researchers: number;
  /** One chunk in this many carries a marker word, timed from ingest to paint. */
  markerEvery: number;
  seed: number;
  /** From mounting the chat to the first chunk (nobody types a question faster). */
  idleMs: number;
  /** Longest wait, after the last chunk, for the last markers to be painted. */
  drainMs: number;
}

/** What one page run measured, over the stream and its drain. */
export interface PageResult {
  reactVersion: string | null;
  chunks: number;
  calls: number;
  framesPerSecond: number;
  /** The most React commits painted by one animation frame. */
  maxCommitsPerFrame: number;
  /**
   * Renders of tool-call bodies nothing called for: of the call that never changes, after the
   * frame that first painted it; of any other call, with the same call object as its last render.
   */
  unchangedRenders: number;
  /** Main-thread tasks over 50 ms, and the longest one (0 when none). */
  longTasks: number;
  longestTaskMs: number;
  /** When each long task began, in ms from the first chunk (where to look). */
  longTaskStarts: number[];
  /** From `store.ingest(chunk)` to the end of the frame that painted the chunk's text (ms). */
  chunkToPaint: { p50: number; p95: number; max: number; markers: number };
  /** Why the run could not measure what it should (empty when it could). */
  problems: string[];
}

/** What the page exposes to the driver: `prepare` mounts the chat, `run` streams and measures. */
export interface BenchApi {
  prepare(config: RunConfig): Promise<void>;
  run(): Promise<PageResult>;
}
