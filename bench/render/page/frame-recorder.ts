import type { MarkerSpec } from './workload.js';

/**
 * Follows frames, React commits and marker chunks on the main thread.
 *
 * - Frame start: a rAF loop started before anything else schedules a frame, so its callback runs
 *   first in each frame.
 * - Rendering: a ResizeObserver on a 1-px sentinel whose width the loop toggles every frame.
 *   Resize observations are delivered inside the frame's rendering step, after every rAF callback
 *   (and their microtasks) and after style and layout, before paint; so a commit between the
 *   frame's start and that callback is painted by this frame, any other commit by the next one.
 * - Frame end: the first task that runs after the frame (a message the loop posts, or a feeder
 *   tick if it comes first): the frame's main-thread work, paint included, is over by then.
 * - Markers: after each commit, the output of each pending marker's call is read; a marker in the
 *   DOM before a frame's rendering step was painted by that frame (at the frame's end).
 */
export function createFrameRecorder(markers: readonly MarkerSpec[], unchangedTool: string) {
  const frames: { start: number; renderedAt: number; end: number }[] = [];
  /** Per commit, the index in `frames` of the frame that paints it. */
  const commitFrames: number[] = [];
  const times = markers.map(() => ({ ingestAt: Number.NaN, domAt: Number.NaN, paintAt: Number.NaN }));
  const markerByChunk = new Map(markers.map((marker, index) => [marker.chunkIndex, index]));
  const notInDom = new Set<number>();
  const notPainted = new Set<number>();
  const outputs = new Map<string, Element>();
  /** A call's output element (cached: this runs after every commit, inside the measured page). */
  const output = (tool: string): Element | null => {
    const cached = outputs.get(tool);
    if (cached?.isConnected) return cached;
    const found = document.querySelector(`[data-bench-output="${tool}"]`);
    if (found !== null) outputs.set(tool, found);
    return found;
  };
  let current: (typeof frames)[number] | null = null;
  let inFrame = false;
  let running = false;
  let unobserved = 0;
  let unchangedPaintedAt: number | null = null;

  const endFrame = () => {
    const frame = current;
    if (frame === null || Number.isNaN(frame.renderedAt) || !Number.isNaN(frame.end)) return;
    frame.end = performance.now();
    for (const index of notPainted) {
      if (!(times[index]!.domAt <= frame.renderedAt)) continue;
      times[index]!.paintAt = frame.end;
      notPainted.delete(index);
    }
    if (unchangedPaintedAt === null && output(unchangedTool) !== null) unchangedPaintedAt = frame.end;
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
    current = { start: performance.now(), renderedAt: Number.NaN, end: Number.NaN };
    frames.push(current);
    inFrame = true;
    sentinel.style.width = sentinel.style.width === '1px' ? '2px' : '1px';
    channel.port2.postMessage(null);
  };

  return {
    frames,
    commitFrames,
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
    /** React committed (the DevTools hook): note the frame that paints it and the markers it shows. */
    committed() {
      commitFrames.push(inFrame ? frames.length - 1 : frames.length);
      const at = performance.now();
      const texts = new Map<string, string>();
      for (const index of notInDom) {
        const { tool, text } = markers[index]!;
        if (!texts.has(tool)) texts.set(tool, output(tool)?.textContent ?? '');
        if (!texts.get(tool)!.includes(text)) continue;
        times[index]!.domAt = at;
        notInDom.delete(index);
      }
    },
    /** A chunk is about to be ingested. */
    ingesting(chunkIndex: number) {
      const index = markerByChunk.get(chunkIndex);
      if (index === undefined) return;
      times[index]!.ingestAt = performance.now();
      notInDom.add(index);
      notPainted.add(index);
    },
    pendingMarkers: () => notPainted.size,
    /** Frames whose rendering step the sentinel did not see (their commits may be misplaced). */
    unobservedFrames: () => unobserved,
    unchangedPaintedAt: () => unchangedPaintedAt,
  };
}
