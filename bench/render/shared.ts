/**
 * What the page and the driver agree on: the run's settings (driver → page) and what the page
 * measured (page → driver). Type-only, imported by both sides.
 */

export interface RunConfig {
  /** Chunks per second, delivered in real time. */
  rate: number;
  /** How long the stream lasts. */
  durationMs: number;
  concurrency: number;
  researchers: number;
  markerEvery: number;
  seed: number;
  /** How long to wait, after the last chunk, for the last markers to be painted. */
  drainMs: number;
  /** Record which components render in each commit (slow: diagnose runs only). */
  census: boolean;
  /** CSS added to the page, to try a style change without editing the package (what-if runs). */
  extraCss: string;
  /** `<Chat prewarm>`: let the kit warm up in idle time after mounting (the default in the kit). */
  prewarm: boolean;
  /** Time between mounting the chat and starting the stream. */
  idleBeforeRunMs: number;
}

/** p50/p95/max of a list of durations (ms), and how many there were. */
export interface Spread {
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export interface LongTaskEntry {
  /** ms since the stream started. */
  start: number;
  duration: number;
}

export interface LongFrameScript {
  invoker: string;
  sourceFunctionName: string;
  sourceURL: string;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}

/** A long animation frame (Chromium's LoAF entry), for where a slow frame's time went. */
export interface LongFrameEntry {
  start: number;
  duration: number;
  blockingDuration: number;
  /** ms from the frame's start to its rendering step (rAF callbacks, then style and layout). */
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: LongFrameScript[];
}

export interface PageResult {
  /** Whether React's profiling build ran (Profiler `onRender` durations are known). */
  profiling: boolean;
  /** React's version, as the renderer reported it to the DevTools hook. */
  reactVersion: string | null;
  workload: { chunks: number; calls: number; markers: number; outputChars: number; leafCalls: number };
  /** ms from the first chunk to the last one's ingest. */
  feedMs: number;
  /** ms over which rates are computed: the feed plus the drain. */
  windowMs: number;
  /** How late each feeder tick ran against the real-time schedule (ms). */
  feederLag: Spread;
  /** Chunks handed over per feeder tick. */
  chunksPerTick: Spread;
  /** Time spent in `store.ingest` (parse, adapter, queueing), ms in total. */
  ingestMs: number;
  frames: {
    count: number;
    perSecond: number;
    /** Time between frame starts. */
    interval: Spread;
    /** Main-thread time of a frame: its rAF callbacks, React's commit, observers, style, layout, paint. */
    busy: Spread;
  };
  commits: {
    total: number;
    perSecond: number;
    /** Commits made during a frame's rAF callbacks (the store publishing). */
    inFrame: number;
    /** Commits made in other tasks (timers: the elapsed-time clock, the live-region announcer…). */
    outsideFrame: number;
    /** The most commits painted by one frame. */
    maxPerFrame: number;
    framesWithMoreThanOne: number;
    /** The commits of (up to 10) frames that painted more than one: when, caused by what, where. */
    crowdedFrames: string[][];
    /** Commits that followed a store publish; the others came from timers or effects. */
    fromStore: number;
    /** When (ms since the stream started) each commit that the store did not cause happened, and whether in a frame's callbacks. */
    others: { at: number; inFrame: boolean }[];
  };
  /** Per frame that published: where its time went (ms). */
  breakdown: {
    /** Frame start → store publish: the reducer applying the frame's queued actions. */
    reduce: Spread;
    /** Publish → end of React's commit: selectors, render, DOM mutations, layout effects. */
    react: Spread;
    /** Commit → end of frame: observers, effects, style, layout, paint. */
    afterReact: Spread;
  };
  /** React's own render durations from `<Profiler onRender>` (profiling build only). */
  profiler: { commits: number; actualDuration: Spread; actualTotalMs: number } | null;
  unchanged: {
    /** Renders of its output (through a counting renderer) before and after it was first painted. */
    rendersBeforeFirstPaint: number;
    rendersAfterFirstPaint: number;
    /** DOM mutations inside its `<article>` after it was first painted. */
    domMutationsAfterFirstPaint: number;
    firstPaintAt: number | null;
  };
  /** Every tool output render, and those whose call had not changed since its previous render. */
  outputRenders: { total: number; unchangedCall: number };
  chunkToPaint: {
    /** Marker chunks painted, and those never seen on screen. */
    seen: number;
    unseen: number;
    /** From `store.ingest(chunk)` to the end of the frame that painted it. */
    fromIngest: Spread;
    /** From when the chunk was due (its real-time arrival) to its paint: includes any feeder delay. */
    fromDue: Spread;
    /** From `store.ingest(chunk)` to the commit that put its text in the DOM. */
    toDom: Spread;
    /** The slowest markers: ingest time since the feed started, chunk→paint and chunk→DOM, call. */
    slowest: { at: number; ms: number; domMs: number; tool: string }[];
  };
  longTasks: { count: number; totalMs: number; maxMs: number; entries: LongTaskEntry[] };
  longFrames: { count: number; entries: LongFrameEntry[] };
  dom: {
    toolCallArticles: number;
    callsInStore: number;
    nodes: number;
    /** Whether the thread's viewport was scrolled to the bottom at the end (it should follow). */
    atBottom: boolean;
  };
  /** Renders per component during the stream (diagnose runs only). */
  census: {
    commits: number;
    renders: Record<string, number>;
    /** Components that rendered in (up to 12) commits the store did not cause. */
    otherCommits: string[][];
  } | null;
  problems: string[];
}

/** What the page exposes to the driver: `prepare` mounts the chat, `run` streams and measures. */
export interface BenchApi {
  prepare(config: RunConfig): Promise<void>;
  run(): Promise<PageResult>;
}
