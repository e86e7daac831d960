/**
 * Frames on the main thread, as the render bench follows them: a rAF loop marks each frame's
 * start; a ResizeObserver on a 1-px sentinel the loop resizes fires in the frame's rendering
 * step (after style and layout, before paint), where `onRendering` may read the layout for free;
 * the first task after the frame (a message the loop posts) marks its end, paint included.
 */
export interface Frame {
  start: number;
  renderedAt: number;
  end: number;
}

export function createFrameClock(onRendering: (frame: Frame) => void = () => {}) {
  const frames: Frame[] = [];
  let current: Frame | null = null;
  let running = false;
  const ended: Array<(frame: Frame) => void> = [];

  const sentinel = document.createElement('div');
  sentinel.setAttribute('aria-hidden', 'true');
  sentinel.style.cssText = 'position:fixed;left:-4px;top:0;width:1px;height:1px;pointer-events:none;';
  const rendering = new ResizeObserver(() => {
    if (current === null || !Number.isNaN(current.renderedAt)) return;
    current.renderedAt = performance.now();
    onRendering(current);
  });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const frame = current;
    if (frame === null || !Number.isNaN(frame.end)) return;
    frame.end = performance.now();
    for (const listener of ended.splice(0)) listener(frame);
  };
  const loop = () => {
    if (!running) return;
    requestAnimationFrame(loop);
    current = { start: performance.now(), renderedAt: Number.NaN, end: Number.NaN };
    frames.push(current);
    sentinel.style.width = sentinel.style.width === '1px' ? '2px' : '1px';
    channel.port2.postMessage(null);
  };

  return {
    frames,
    start() {
      if (running) return;
      running = true;
      document.body.append(sentinel);
      rendering.observe(sentinel);
      requestAnimationFrame(loop);
    },
    stop() {
      running = false;
      rendering.disconnect();
      sentinel.remove();
    },
    /** Resolves at the end of the next frame to end (paint included). */
    nextFrameEnd(): Promise<Frame> {
      return new Promise((resolve) => ended.push(resolve));
    },
  };
}
