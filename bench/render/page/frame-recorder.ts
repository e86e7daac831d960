import type { MarkerSpec } from './workload.js';

/**
 * Follows frames, commits and marker chunks on the main thread.
 *
 * - Frame start: a rAF loop started before anything else schedules a frame, so its callback
 *   runs first in each frame.
 * - Rendering: a ResizeObserver on a 1-px sentinel whose width the loop toggles every frame.
 *   Resize observations are delivered inside the frame's rendering step, after every rAF
 *   callback (and their microtasks) and after style and layout, before paint; so a commit
 *   between the frame's start and that callback is painted by this frame, any other commit by
 *   the next one.
 * - Frame end: the first task that runs after the frame (a message the loop posts, or a feeder
 *   tick if it comes first) — the frame's main-thread work, paint included, is over by then.
 * - Markers: after each commit, the output of each pending marker's call is read (`domAt`: the
 *   chunk's text is in the DOM); a marker in the DOM before a frame's rendering step was
 *   painted by that frame (`paintAt` = the frame's end).
 */
export interface FrameRecord {
  start: number;
  /** When the rendering step reached resize observations (after style and layout). */
  renderedAt: number;
  end: number;
  publishAt: number | null;
  commitAt: number | null;
}

export interface CommitRecord {
  at: number;
  inFrame: boolean;
  /** Whether the store published since the previous commit (else a timer or an effect caused it). */
  fromStore: boolean;
  /** Index in `frames` of the frame that paints it. */
  frame: number;
}

export interface MarkerTimes {
  dueAt: number;
  ingestAt: number;
  domAt: number;
  paintAt: number;
}

export function createFrameRecorder(markers: readonly MarkerSpec[], unchangedTool: string) {
  const frames: FrameRecord[] = [];
  const commits: CommitRecord[] = [];
  const times: MarkerTimes[] = markers.map(() => ({
    dueAt: Number.NaN,
    ingestAt: Number.NaN,
    domAt: Number.NaN,
    paintAt: Number.NaN,
  }));
  const markerByChunk = new Map<number, number>(markers.map((marker, index) => [marker.chunkIndex, index]));
  const notInDom = new Set<number>();
  const notPainted = new Set<number>();
  const outputs = new Map<string, Element>();
  let current: FrameRecord | null = null;
  let inFrame = false;
  let running = false;
  let publishedSinceCommit = false;
  let unobserved = 0;
  let unchangedPaintedAt: number | null = null;
  let onUnchangedPainted: (article: Element) => void = () => {};

  const output = (tool: string): Element | null => {
    const cached = outputs.get(tool);
    if (cached?.isConnected) return cached;
    const found = document.querySelector(`article[data-tool="${tool}"] [data-slot="tool-call-output"]`);
    if (found !== null) outputs.set(tool, found);
    return found;
  };

  /** Marks the pending markers now in the DOM (each output's text is read once). */
  const landed = (at: number) => {
    if (notInDom.size === 0) return;
    const texts = new Map<string, string>();
    for (const index of notInDom) {
      const marker = markers[index]!;
      let text = texts.get(marker.tool);
      if (text === undefined) {
        text = output(marker.tool)?.textContent ?? '';
        texts.set(marker.tool, text);
      }
      if (!text.includes(marker.text)) continue;
      times[index]!.domAt = at;
      notInDom.delete(index);
    }
  };

  const endFrame = () => {
    const frame = current;
    if (frame === null || Number.isNaN(frame.renderedAt) || !Number.isNaN(frame.end)) return;
    const at = performance.now();
    frame.end = at;
    for (const index of notPainted) {
      const time = times[index]!;
      if (!(time.domAt <= frame.renderedAt)) continue;
      time.paintAt = at;
      notPainted.delete(index);
    }
    if (unchangedPaintedAt === null) {
      const article = document.querySelector(`article[data-tool="${unchangedTool}"]`);
      if (article !== null) {
        unchangedPaintedAt = at;
        onUnchangedPainted(article);
      }
    }
  };

  const sentinel = document.createElement('div');
  sentinel.setAttribute('aria-hidden', 'true');
  sentinel.style.cssText = 'position:fixed;left:-4px;top:0;width:1px;height:1px;pointer-events:none;';
  const rendering = new ResizeObserver(() => {
    inFrame = false;
    if (current !== null && Number.isNaN(current.renderedAt)) current.renderedAt = performance.now();
  });
  const channel = new MessageChannel();
  channel.port1.onmessage = endFrame;

  const loop = () => {
    if (!running) return;
    requestAnimationFrame(loop);
    // A frame whose rendering step never reached the observer (nothing to lay out) ends here.
    if (current !== null && Number.isNaN(current.renderedAt)) {
      unobserved++;
      current.renderedAt = performance.now();
    }
    endFrame();
    current = {
      start: performance.now(),
      renderedAt: Number.NaN,
      end: Number.NaN,
      publishAt: null,
      commitAt: null,
    };
    frames.push(current);
    inFrame = true;
    sentinel.style.width = sentinel.style.width === '1px' ? '2px' : '1px';
    channel.port2.postMessage(null);
  };

  return {
    frames,
    commits,
    times,
    start() {
      document.body.append(sentinel);
      rendering.observe(sentinel);
      running = true;
      requestAnimationFrame(loop);
    },
    stop() {
      running = false;
      rendering.disconnect();
      sentinel.remove();
      channel.port1.close();
    },
    /** A task of ours began: if a frame just rendered, it has ended. */
    taskStarted: endFrame,
    /** The store published (its first subscriber). */
    published() {
      publishedSinceCommit = true;
      if (inFrame && current !== null && current.publishAt === null) current.publishAt = performance.now();
    },
    /** React committed (the DevTools hook). */
    committed(): CommitRecord {
      const at = performance.now();
      const commit: CommitRecord = {
        at,
        inFrame,
        fromStore: publishedSinceCommit,
        frame: inFrame ? frames.length - 1 : frames.length,
      };
      commits.push(commit);
      publishedSinceCommit = false;
      if (inFrame && current !== null && current.publishAt !== null && current.commitAt === null)
        current.commitAt = at;
      landed(at);
      return commit;
    },
    /** A chunk is about to be ingested. */
    ingesting(chunkIndex: number, dueAt: number) {
      const index = markerByChunk.get(chunkIndex);
      if (index === undefined) return;
      times[index]!.dueAt = dueAt;
      times[index]!.ingestAt = performance.now();
      notInDom.add(index);
      notPainted.add(index);
    },
    pendingMarkers: () => notPainted.size,
    /** Frames whose rendering step the sentinel did not see (their commits may be misplaced). */
    unobservedFrames: () => unobserved,
    unchangedPaintedAt: () => unchangedPaintedAt,
    whenUnchangedPainted(next: (article: Element) => void) {
      onUnchangedPainted = next;
    },
  };
}

export type FrameRecorder = ReturnType<typeof createFrameRecorder>;
