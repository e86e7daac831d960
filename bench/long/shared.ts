/**
 * What the driver and the page agree on (type-only, imported by both sides).
 */
export type ContenderName = 'kit' | 'react' | 'dom';

/** From mounting to the end of the frame that painted the last turn on screen. */
export interface LoadResult {
  loadMs: number;
  /** Why the page could not measure (empty when it could). */
  problems: string[];
}

/** Keystroke to the end of the frame that painted it (ms), one per key. */
export interface KeystrokeResult {
  latencies: number[];
}

/** A scroll from the bottom to the top in `frames` animation frames. */
export interface ScrollResult {
  /** Frame lengths (rAF to rAF, ms). */
  frameMs: number[];
  /** Whether the first turn's question was on screen at the end. */
  reachedFirst: boolean;
}

/** A new answer streamed into the conversation (the kit only). */
export interface StreamResult {
  /** Updates the store published (frames that rendered one). */
  updates: number;
  /** Per update: main-thread time of its frame (rAF to the end of paint), ms. */
  frameMs: number[];
  /** Time spent in `store.ingest` over the stream, ms. */
  ingestMs: number;
}

export interface LongTasks {
  count: number;
  longestMs: number;
  /** The phase of the run the longest task began in (load, typing, scroll, …); empty if none. */
  longestDuring: string;
}

/** What the page exposes to the driver. */
export interface LongBenchApi {
  load(): Promise<LoadResult>;
  /** Starts recording keystrokes (the driver then types into the composer). */
  recordKeys(): void;
  keystrokes(): KeystrokeResult;
  jumpScroll(frames: number): Promise<ScrollResult>;
  toBottom(): Promise<void>;
  stream(chunks: number, perSecond: number): Promise<StreamResult>;
  longTasks(): LongTasks;
}
