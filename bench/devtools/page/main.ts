import { createToolStreamStore } from '@toolstream/core';
import { attachDevtools } from '@toolstream/devtools';

/** What the runner reads back. */
export interface CapacityResult {
  frames: number;
  bytes: number;
  /** Reading the run into the store with the devtools recording (panel closed). */
  ingestMs: number;
  /** Opening the panel on the Frames tab, until it painted. */
  openMs: number;
  /** Animation frames per second of the page doing nothing, measured just before: what the machine gives. */
  idle: { fps: number; worstMs: number; frames: number };
  /** Scrolling the frames list a screenful per animation frame: frames per second, and the worst frame. */
  scroll: { fps: number; worstMs: number; frames: number };
  /** A search over every frame's data, until the list painted. */
  searchMs: number;
  /** The same run streamed in live (16 KiB every frame) with the panel open on Frames: fps, worst frame. */
  live: { fps: number; worstMs: number; frames: number };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Frame times while `step` runs every animation frame for `ms`. */
async function frameRate(
  ms: number,
  step: (i: number) => boolean,
): Promise<{ fps: number; worstMs: number; frames: number }> {
  let last = await nextFrame();
  const start = last;
  let worst = 0;
  let count = 0;
  for (;;) {
    const done = step(count);
    const now = await nextFrame();
    worst = Math.max(worst, now - last);
    last = now;
    count++;
    if (done || now - start >= ms) break;
  }
  return { fps: (count * 1000) / (last - start), worstMs: worst, frames: count };
}

async function run(): Promise<CapacityResult> {
  const text = await (await fetch('./run.sse')).text();
  const bytes = new TextEncoder().encode(text);
  const piece = 16 * 1024;

  // As from a network: a read at a time, the store publishing between reads.
  const store = createToolStreamStore({ schedule: 'microtask' });
  const devtools = attachDevtools(store, { storageKey: `capacity-${Math.random()}` });
  let started = performance.now();
  store.startTurn('capacity');
  for (let at = 0; at < bytes.length; at += piece) {
    store.ingestBytes(bytes.subarray(at, at + piece));
    await Promise.resolve();
  }
  store.complete();
  const ingestMs = performance.now() - started;

  started = performance.now();
  await devtools.open();
  await nextFrame();
  await nextFrame();
  const openMs = performance.now() - started;
  const shadow = document.querySelector('toolstream-devtools')!.shadowRoot!;
  const list = shadow.querySelector<HTMLElement>('[role="listbox"][aria-label="Frames"]')!;
  list.scrollTop = 0;
  const idle = await frameRate(2000, () => false);
  const scroll = await frameRate(3000, () => {
    list.scrollTop += list.clientHeight;
    return false;
  });

  const search = shadow.querySelector<HTMLInputElement>('[data-search]')!;
  started = performance.now();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setValue.call(search, 'deploy rollback');
  search.dispatchEvent(new Event('input', { bubbles: true }));
  for (let i = 0; i < 200 && !/match/.test(shadow.textContent ?? ''); i++) await nextFrame();
  await nextFrame();
  const searchMs = performance.now() - started;
  setValue.call(search, '');
  search.dispatchEvent(new Event('input', { bubbles: true }));
  devtools.detach();

  // Live: a new store, the panel open, the run fed 16 KiB an animation frame.
  const live = createToolStreamStore();
  const liveTools = attachDevtools(live, { storageKey: `capacity-live-${Math.random()}` });
  await liveTools.open();
  live.startTurn('live');
  let offset = 0;
  const liveRate = await frameRate(120_000, () => {
    live.ingestBytes(bytes.subarray(offset, offset + piece));
    offset += piece;
    return offset >= bytes.length;
  });
  live.complete();
  return {
    frames: devtools.recording.frames.length,
    bytes: bytes.length,
    ingestMs,
    openMs,
    idle,
    scroll,
    searchMs,
    live: liveRate,
  };
}

(window as unknown as { __capacity: Promise<CapacityResult> }).__capacity = run();
