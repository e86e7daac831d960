import type { LongBenchApi, StreamResult } from '../shared.js';
import type { Contender } from './contender.js';
import { createConversation } from './conversation.js';
import { createFrameClock, type Frame } from './frame-clock.js';
import { streamChunks } from './stream-chunks.js';

const params = new URLSearchParams(location.search);
const which = params.get('contender') ?? 'kit';
const n = Number(params.get('n') ?? 10);

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const tasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });
let t0 = Number.POSITIVE_INFINITY;
/** Where each phase of the run began (ms), to tell in which a long task fell. */
const phases: { name: string; at: number }[] = [];
const phase = (name: string) => phases.push({ name, at: performance.now() });

async function contenderFor(name: string): Promise<Contender> {
  if (name === 'dom') return (await import('./plain-dom.js')).plainDom();
  if (name === 'react') return (await import('./plain-react.js')).plainReact();
  return (await import('./kit.js')).kit();
}

const root = document.getElementById('root')!;
let contender: Contender | null = null;
let firstQuestion = '';

/** The element whose text holds `text` (untimed: a walk over the whole thread). */
function findText(within: Element, text: string): Element | null {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.textContent?.includes(text)) return node.parentElement;
  }
  return null;
}
let keys: number[] | null = null;

/** Whether `element` is on screen (read in the rendering step, where the layout is fresh). */
function onScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.top < innerHeight && rect.height > 0;
}

const api: LongBenchApi = {
  async load() {
    const conversation = createConversation(n);
    firstQuestion = conversation.turns[0]?.question ?? '';
    const chosen = await contenderFor(which);
    contender = chosen;
    await sleep(200);
    // The last answer's link marks the last turn: found as it is added, then watched each frame.
    let marker: Element | null = null;
    const selector = `a[href="${conversation.lastHref}"]`;
    const mutations = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const found = node.matches(selector) ? node : node.querySelector(selector);
          if (found !== null) marker = found;
        }
      }
    });
    mutations.observe(root, { childList: true, subtree: true });
    let shownIn: Frame | null = null;
    const clock = createFrameClock((frame) => {
      if (shownIn === null && marker?.isConnected && onScreen(marker)) shownIn = frame;
    });
    clock.start();
    await nextFrame();
    t0 = performance.now();
    phase('load');
    chosen.mount(root, conversation);
    const deadline = t0 + 60_000;
    const painted = () => shownIn !== null && !Number.isNaN((shownIn as Frame).end);
    while (!painted() && performance.now() < deadline) await clock.nextFrameEnd();
    clock.stop();
    mutations.disconnect();
    phase('after load');
    return painted()
      ? { loadMs: (shownIn as unknown as Frame).end - t0, problems: [] }
      : { loadMs: Number.NaN, problems: ['the last turn was not painted within 60 s'] };
  },

  recordKeys() {
    phase('typing');
    keys = [];
    const channel = new MessageChannel();
    const pending: number[] = [];
    channel.port1.onmessage = () => {
      const at = pending.shift();
      if (at !== undefined) keys?.push(performance.now() - at);
    };
    document.addEventListener(
      'keydown',
      (event) => {
        if (keys === null) return;
        pending.push(event.timeStamp);
        // The next frame paints the keystroke; the first task after it is the frame's end.
        requestAnimationFrame(() => channel.port2.postMessage(null));
      },
      { capture: true },
    );
    contender!.composer().focus();
  },

  keystrokes() {
    const latencies = keys ?? [];
    keys = null;
    return { latencies };
  },

  async jumpScroll(frames) {
    phase('scroll');
    const viewport = contender!.viewport();
    viewport.scrollTop = viewport.scrollHeight;
    await nextFrame();
    await nextFrame();
    const from = viewport.scrollTop;
    const times: number[] = [];
    for (let k = 1; k <= frames; k++) {
      times.push(await nextFrame());
      viewport.scrollTop = Math.round(from * (1 - k / frames));
    }
    times.push(await nextFrame());
    // Heights settle as turns are first drawn: once at the top, the top stays put.
    for (let i = 0; i < 10 && viewport.scrollTop > 0; i++) {
      viewport.scrollTop = 0;
      await nextFrame();
    }
    await nextFrame();
    const first = findText(viewport, firstQuestion);
    return {
      frameMs: times.slice(1).map((time, i) => time - times[i]!),
      reachedFirst: first !== null && onScreen(first),
    };
  },

  async toBottom() {
    phase('back to the bottom');
    const viewport = contender!.viewport();
    for (let i = 0; i < 10; i++) {
      viewport.scrollTop = viewport.scrollHeight;
      await nextFrame();
    }
    await sleep(300);
  },

  async stream(chunks, perSecond): Promise<StreamResult> {
    const store = contender!.store;
    if (store === undefined) throw new Error('only the kit streams');
    phase('stream');
    const frames = streamChunks(chunks);
    let updated = false;
    const updatedFrames: Frame[] = [];
    const clock = createFrameClock((frame) => {
      if (updated) updatedFrames.push(frame);
      updated = false;
    });
    const unsubscribe = store.subscribe(() => {
      updated = true;
    });
    clock.start();
    await nextFrame();
    store.startTurn('Stream a new answer, please.');
    let ingestMs = 0;
    let next = 0;
    const started = performance.now();
    while (next < frames.length) {
      const due = Math.min(frames.length, Math.floor(((performance.now() - started) * perSecond) / 1000) + 1);
      const before = performance.now();
      while (next < due) store.ingest(frames[next++]!);
      ingestMs += performance.now() - before;
      await sleep(1000 / perSecond);
    }
    await sleep(300);
    clock.stop();
    unsubscribe();
    const done = updatedFrames.filter((frame) => !Number.isNaN(frame.end));
    return { updates: done.length, frameMs: done.map((frame) => frame.end - frame.start), ingestMs };
  },

  longTasks() {
    const after = tasks.filter((task) => task.start >= t0);
    const longest = after.reduce<(typeof after)[number] | null>(
      (max, task) => (max === null || task.duration > max.duration ? task : max),
      null,
    );
    const during = longest === null ? '' : (phases.findLast((p) => p.at <= longest.start)?.name ?? '');
    return { count: after.length, longestMs: longest?.duration ?? 0, longestDuring: during };
  },
};

(window as unknown as { __long: LongBenchApi }).__long = api;
