import '@toolstream/ui/styles.css';
import { createToolStreamStore } from '@toolstream/core';
import { Chat, type ToolRenderers } from '@toolstream/ui';
import { createRoot } from 'react-dom/client';
import type { BenchApi, PageResult, RunConfig } from '../shared.js';
import { quantile } from '../stats.js';
import { onReactCommit, reactVersion } from './devtools-hook.js';
import { feed } from './feeder.js';
import { createFrameRecorder } from './frame-recorder.js';
import { RenderProbe, renders, watchTool } from './render-probe.js';
import { createWorkload, UNCHANGED_TOOL } from './workload.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

let prepared: (() => Promise<PageResult>) | null = null;

/** Builds the stream and mounts `<Chat>` on an empty store, with only its public props (one run per page). */
async function prepare(config: RunConfig): Promise<void> {
  const workload = createWorkload({
    chunks: Math.round((config.rate * config.durationMs) / 1000),
    concurrency: config.concurrency,
    researchers: config.researchers,
    markerEvery: config.markerEvery,
    seed: config.seed,
  });
  // Publishes at most once per animation frame (the default, spelled out).
  const store = createToolStreamStore({ schedule: 'frame' });
  const recorder = createFrameRecorder(workload.markers, UNCHANGED_TOOL);
  onReactCommit(recorder.committed);
  watchTool(UNCHANGED_TOOL);
  const renderers: ToolRenderers = Object.fromEntries(
    [UNCHANGED_TOOL, ...workload.leafTools].map((tool) => [tool, RenderProbe]),
  );
  createRoot(document.getElementById('root')!).render(
    <Chat store={store} title="Render bench" toolRenderers={renderers} />,
  );
  await sleep(config.idleMs);

  prepared = async () => {
    const longTasks: { start: number; duration: number }[] = [];
    const onEntries = (entries: PerformanceEntryList) =>
      longTasks.push(...entries.map((entry) => ({ start: entry.startTime, duration: entry.duration })));
    const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
    observer.observe({ type: 'longtask' });
    recorder.start();
    await nextFrame();
    await nextFrame();
    const t0 = performance.now();
    const commitsBefore = recorder.commitFrames.length;
    await feed(
      workload.chunks,
      config.rate,
      (chunk, index) => {
        recorder.ingesting(index);
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
    onEntries(observer.takeRecords());
    observer.disconnect();

    const frames = recorder.frames.filter((frame) => frame.start >= t0 && frame.start <= t1).length;
    const perFrame = new Map<number, number>();
    for (const frame of recorder.commitFrames.slice(commitsBefore))
      perFrame.set(frame, (perFrame.get(frame) ?? 0) + 1);
    const painted = recorder.times.filter((time) => Number.isFinite(time.paintAt));
    const latencies = painted.map((time) => time.paintAt - time.ingestAt);
    const firstPaint = recorder.unchangedPaintedAt();
    const problems: string[] = [];
    if (painted.length < recorder.times.length)
      problems.push(`${recorder.times.length - painted.length} marker chunks never reached the screen`);
    if (firstPaint === null) problems.push('the unchanged call was never painted');
    if (recorder.unobservedFrames() > frames / 20)
      problems.push(`${recorder.unobservedFrames()} frames ran no rendering step the recorder could see`);
    return {
      reactVersion: reactVersion(),
      chunks: workload.chunks.length,
      calls: workload.callCount,
      framesPerSecond: (frames * 1000) / (t1 - t0),
      maxCommitsPerFrame: Math.max(0, ...perFrame.values()),
      unchangedRenders:
        renders.watched.filter((at) => firstPaint !== null && at > firstPaint).length + renders.sameCall,
      longTasks: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
      longTaskStarts: longTasks.map((task) => Math.round(task.start - t0)),
      chunkToPaint: {
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
        max: quantile(latencies, 1),
        markers: latencies.length,
      },
      problems,
    };
  };
}

/** Streams the workload in real time, waits for the last marker to be painted, and measures. */
async function run(): Promise<PageResult> {
  if (prepared === null) throw new Error('prepare() first');
  return prepared();
}

const api: BenchApi = { prepare, run };
(window as unknown as { __bench: BenchApi }).__bench = api;
