import type { LongFrameEntry, LongFrameScript, LongTaskEntry } from '../shared.js';

/** The fields of Chromium's `long-animation-frame` entries used here (not in TypeScript's DOM lib yet). */
interface LoafScript extends PerformanceEntry {
  invoker?: string;
  sourceFunctionName?: string;
  sourceURL?: string;
  forcedStyleAndLayoutDuration?: number;
}
interface LoafEntry extends PerformanceEntry {
  blockingDuration?: number;
  renderStart?: number;
  styleAndLayoutStart?: number;
  scripts?: readonly LoafScript[];
}

/**
 * Main-thread long tasks (> 50 ms, the Long Tasks API) and long animation frames (> 50 ms,
 * Chromium's LoAF API, which says what ran in a slow frame: scripts by invoker, and when
 * rendering and style/layout began).
 */
export function observeLongTasks(origin: () => number) {
  const tasks: LongTaskEntry[] = [];
  const frames: LongFrameEntry[] = [];
  const onTasks = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) tasks.push({ start: entry.startTime - origin(), duration: entry.duration });
  };
  const onFrames = (entries: readonly PerformanceEntry[]) => {
    for (const raw of entries) {
      const entry = raw as LoafEntry;
      frames.push({
        start: entry.startTime - origin(),
        duration: entry.duration,
        blockingDuration: entry.blockingDuration ?? Number.NaN,
        renderStart: (entry.renderStart ?? Number.NaN) - entry.startTime,
        styleAndLayoutStart: (entry.styleAndLayoutStart ?? Number.NaN) - entry.startTime,
        scripts: (entry.scripts ?? []).map(
          (script): LongFrameScript => ({
            invoker: script.invoker ?? '',
            sourceFunctionName: script.sourceFunctionName ?? '',
            sourceURL: script.sourceURL ?? '',
            duration: script.duration,
            forcedStyleAndLayoutDuration: script.forcedStyleAndLayoutDuration ?? 0,
          }),
        ),
      });
    }
  };
  const taskObserver = new PerformanceObserver((list) => onTasks(list.getEntries()));
  taskObserver.observe({ type: 'longtask', buffered: false });
  const supported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  const frameObserver = supported ? new PerformanceObserver((list) => onFrames(list.getEntries())) : null;
  frameObserver?.observe({ type: 'long-animation-frame', buffered: false });
  return {
    tasks,
    frames,
    longFramesSupported: supported,
    /** Delivers entries still queued, then stops. */
    stop() {
      onTasks(taskObserver.takeRecords());
      taskObserver.disconnect();
      if (frameObserver !== null) {
        onFrames(frameObserver.takeRecords());
        frameObserver.disconnect();
      }
    },
  };
}

export type LongTaskObserver = ReturnType<typeof observeLongTasks>;
