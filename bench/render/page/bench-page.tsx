import '@toolstream/ui/styles.css';
import { createToolStreamStore } from '@toolstream/core';
import { Chat, type ToolRenderers } from '@toolstream/ui';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { BenchApi, PageResult, RunConfig } from '../shared.js';
import { collectResult, type Instruments } from './collect-result.js';
import { onReactCommit } from './devtools-hook.js';
import { feed } from './feeder.js';
import { createFrameRecorder } from './frame-recorder.js';
import { observeLongTasks } from './long-task-observer.js';
import { createRenderCensus } from './render-census.js';
import { RenderProbe, watchTool } from './render-probe.js';
import { createWorkload, UNCHANGED_TOOL } from './workload.js';

/** Longest the run waits, after that, for the kit's warm-up to end. */
const MAX_WARM_UP_WAIT_MS = 3000;

/** Whether the kit's idle warm-up (`<Chat prewarm>`) is under way: its host element is in the page. */
const isWarmingUp = () => document.querySelector('[data-slot="thread-prewarm"]') !== null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The chat, mounted and idle, with its instruments attached. */
interface Mounted extends Instruments {
  config: RunConfig;
  /** Profiler `onRender` durations, one per commit (profiling build only). */
  profiled: number[];
  root: Root;
}

let mounted: Mounted | null = null;

/** Builds the stream and mounts `<Chat>` on an empty store (one run per page load). */
async function prepare(config: RunConfig): Promise<void> {
  const workload = createWorkload({
    chunks: Math.round((config.rate * config.durationMs) / 1000),
    concurrency: config.concurrency,
    researchers: config.researchers,
    markerEvery: config.markerEvery,
    seed: config.seed,
  });
  // The store publishes once per animation frame (the default, spelled out).
  const store = createToolStreamStore({ schedule: 'frame' });
  const recorder = createFrameRecorder(workload.markers, UNCHANGED_TOOL);
  // Subscribed before React mounts, so it is the first listener: it runs as the store publishes.
  store.subscribe(recorder.published);
  const census = config.census ? createRenderCensus() : null;
  onReactCommit((root) => {
    const commit = recorder.committed();
    census?.record(root, commit);
  });

  watchTool(UNCHANGED_TOOL);
  const renderers: ToolRenderers = Object.fromEntries(
    [UNCHANGED_TOOL, ...workload.leafTools].map((tool) => [tool, RenderProbe]),
  );
  const profiled: number[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
    profiled.push(actualDuration);
  };
  const unchangedMutations = { count: 0 };
  recorder.whenUnchangedPainted((article) => {
    new MutationObserver((records) => {
      unchangedMutations.count += records.length;
    }).observe(article, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  if (config.extraCss !== '') {
    const style = document.createElement('style');
    style.textContent = config.extraCss;
    document.head.append(style);
  }
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <Profiler id="chat" onRender={onRender}>
      <Chat store={store} title="Render bench" toolRenderers={renderers} prewarm={config.prewarm} />
    </Profiler>,
  );
  // The run starts a second after the chat mounts (nobody types a question faster; see
  // `idleBeforeRunMs`), by when the kit's idle warm-up (about 0.3 s here) is over; should it not
  // be, the run waits for it, so the two never overlap (a run starting would stop it half-done).
  await sleep(config.idleBeforeRunMs);
  const warmingUntil = performance.now() + MAX_WARM_UP_WAIT_MS;
  while (isWarmingUp() && performance.now() < warmingUntil) {
    await sleep(50);
  }
  mounted = { config, workload, store, recorder, census, profiled, unchangedMutations, root };
}

/** Streams the workload in real time, waits for the last marker to be painted, and measures. */
async function run(): Promise<PageResult> {
  if (mounted === null) throw new Error('prepare() first');
  const { config, workload, store, recorder, census, profiled, root } = mounted;
  const profiledBefore = profiled.length;
  const warmingUp = isWarmingUp();
  let t0 = 0;
  const longTasks = observeLongTasks(() => t0);
  recorder.start();
  await nextFrame();
  await nextFrame();
  t0 = performance.now();
  census?.reset(t0);
  const fed = await feed(
    workload.chunks,
    config.rate,
    (chunk, index, dueAt) => {
      recorder.ingesting(index, dueAt);
      store.ingest(chunk);
    },
    recorder.taskStarted,
  );
  const drainUntil = performance.now() + config.drainMs;
  while (recorder.pendingMarkers() > 0 && performance.now() < drainUntil) await nextFrame();
  await nextFrame();
  await nextFrame();
  const t1 = performance.now();
  recorder.stop();
  longTasks.stop();
  const result = collectResult({
    ...mounted,
    t0,
    t1,
    fed,
    longTasks,
    profiled: profiled.slice(profiledBefore),
  });
  if (warmingUp) result.problems.push("the kit's idle warm-up was still running when the stream started");
  root.unmount();
  return result;
}

const api: BenchApi = { prepare, run };
(window as unknown as { __bench: BenchApi }).__bench = api;
