import type { ToolStreamStore } from '@toolstream/core';
import type { PageResult } from '../shared.js';
import { spread } from '../stats.js';
import { reactVersion } from './devtools-hook.js';
import type { FeederStats } from './feeder.js';
import type { FrameRecorder } from './frame-recorder.js';
import type { LongTaskObserver } from './long-task-observer.js';
import type { RenderCensus } from './render-census.js';
import { renderCounts } from './render-probe.js';
import type { Workload } from './workload.js';

/** The stream and the instruments attached to the page for a run. */
export interface Instruments {
  workload: Workload;
  store: ToolStreamStore;
  recorder: FrameRecorder;
  census: RenderCensus | null;
  unchangedMutations: { count: number };
}

/** What a run recorded, raw. */
export interface RunRecording extends Instruments {
  /** Profiler `onRender` durations during the window. */
  profiled: number[];
  longTasks: LongTaskObserver;
  fed: FeederStats;
  /** performance.now() at the first chunk and at the end of the drain. */
  t0: number;
  t1: number;
}

const finite = (values: readonly number[]) => values.filter((value) => Number.isFinite(value));
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Turns the raw recording into the figures (and checks the run did what it should). */
export function collectResult(run: RunRecording): PageResult {
  const { recorder, t0, t1, workload, fed, longTasks } = run;
  const problems: string[] = [];
  const windowMs = t1 - t0;

  const frames = recorder.frames.filter((frame) => frame.start >= t0 && frame.start <= t1);
  const intervals = frames.slice(1).map((frame, index) => frame.start - frames[index]!.start);
  const commits = recorder.commits.filter((commit) => commit.at >= t0 && commit.at <= t1);
  const perFrame = new Map<number, number>();
  for (const commit of commits) perFrame.set(commit.frame, (perFrame.get(commit.frame) ?? 0) + 1);
  const published = frames.filter((frame) => frame.publishAt !== null && frame.commitAt !== null);

  const times = recorder.times.filter((time) => Number.isFinite(time.ingestAt));
  const painted = times.filter((time) => Number.isFinite(time.paintAt));
  const firstPaint = recorder.unchangedPaintedAt();
  const watched = renderCounts.watched;
  const rendersBefore = watched.filter((at) => firstPaint === null || at <= firstPaint).length;

  const callsInStore = Object.keys(run.store.getState().calls).length;
  const articles = document.querySelectorAll(
    'article[data-slot="tool-call"], article[data-slot="delegation-tree"]',
  ).length;
  if (articles !== callsInStore)
    problems.push(`${articles} call articles in the DOM for ${callsInStore} calls`);
  if (painted.length < times.length)
    problems.push(`${times.length - painted.length} marker chunks never reached the screen`);
  if (firstPaint === null) problems.push('the unchanged call was never painted');
  if (recorder.unobservedFrames() > frames.length / 20)
    problems.push(`${recorder.unobservedFrames()} frames ran no rendering step the recorder could see`);
  const viewport = document.querySelector('[data-slot="thread-viewport"]');
  const atBottom =
    viewport !== null && viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight < 2;
  if (!atBottom) problems.push('the thread did not stay at the bottom while streaming');
  if (run.profiled.length > 0 && typeof console.timeStamp === 'function')
    problems.push("React's profiling build logs to the performance timeline: its timings are inflated");
  if (!longTasks.longFramesSupported) problems.push('long-animation-frame entries are not supported');

  return {
    profiling: run.profiled.length > 0,
    reactVersion: reactVersion(),
    workload: {
      chunks: workload.chunks.length,
      calls: workload.callCount,
      markers: workload.markers.length,
      outputChars: workload.outputChars,
      leafCalls: workload.leafTools.length,
    },
    feedMs: fed.endedAt - fed.startedAt,
    windowMs,
    feederLag: spread(fed.lag),
    chunksPerTick: spread(fed.perTick),
    ingestMs: fed.ingestMs,
    frames: {
      count: frames.length,
      perSecond: (frames.length * 1000) / windowMs,
      interval: spread(intervals),
      busy: spread(finite(frames.map((frame) => frame.end - frame.start))),
    },
    commits: {
      total: commits.length,
      perSecond: (commits.length * 1000) / windowMs,
      inFrame: commits.filter((commit) => commit.inFrame).length,
      outsideFrame: commits.filter((commit) => !commit.inFrame).length,
      maxPerFrame: Math.max(0, ...perFrame.values()),
      framesWithMoreThanOne: [...perFrame.values()].filter((count) => count > 1).length,
      fromStore: commits.filter((commit) => commit.fromStore).length,
      crowdedFrames: [...perFrame]
        .filter(([, count]) => count > 1)
        .slice(0, 10)
        .map(([frame]) =>
          commits
            .filter((commit) => commit.frame === frame)
            .map(
              (commit) =>
                `${(commit.at - t0).toFixed(0)} ms ${commit.fromStore ? 'store' : 'other'} ${commit.inFrame ? 'in rAF' : 'in a task'}`,
            ),
        ),
      others: commits
        .filter((commit) => !commit.fromStore)
        .map((commit) => ({ at: commit.at - t0, inFrame: commit.inFrame })),
    },
    breakdown: {
      reduce: spread(published.map((frame) => frame.publishAt! - frame.start)),
      react: spread(published.map((frame) => frame.commitAt! - frame.publishAt!)),
      afterReact: spread(finite(published.map((frame) => frame.end - frame.commitAt!))),
    },
    profiler:
      run.profiled.length > 0
        ? {
            commits: run.profiled.length,
            actualDuration: spread(run.profiled),
            actualTotalMs: sum(run.profiled),
          }
        : null,
    unchanged: {
      rendersBeforeFirstPaint: rendersBefore,
      rendersAfterFirstPaint: watched.length - rendersBefore,
      domMutationsAfterFirstPaint: run.unchangedMutations.count,
      firstPaintAt: firstPaint === null ? null : firstPaint - t0,
    },
    outputRenders: { total: renderCounts.total, unchangedCall: renderCounts.unchangedCall },
    chunkToPaint: {
      seen: painted.length,
      unseen: times.length - painted.length,
      fromIngest: spread(painted.map((time) => time.paintAt - time.ingestAt)),
      fromDue: spread(painted.map((time) => time.paintAt - time.dueAt)),
      toDom: spread(finite(times.map((time) => time.domAt - time.ingestAt))),
      // For diagnosis (in the JSON only): when the slowest markers arrived, and for which call.
      slowest: recorder.times
        .map((time, index) => ({ time, tool: workload.markers[index]!.tool }))
        .filter(({ time }) => Number.isFinite(time.paintAt) && Number.isFinite(time.ingestAt))
        .sort((a, b) => b.time.paintAt - b.time.ingestAt - (a.time.paintAt - a.time.ingestAt))
        .slice(0, 60)
        .map(({ time, tool }) => ({
          at: Math.round(time.ingestAt - t0),
          ms: Math.round(time.paintAt - time.ingestAt),
          domMs: Math.round(time.domAt - time.ingestAt),
          tool,
        })),
    },
    longTasks: {
      count: longTasks.tasks.length,
      totalMs: sum(longTasks.tasks.map((task) => task.duration)),
      maxMs: Math.max(0, ...longTasks.tasks.map((task) => task.duration)),
      entries: longTasks.tasks,
    },
    longFrames: { count: longTasks.frames.length, entries: longTasks.frames },
    dom: {
      toolCallArticles: articles,
      callsInStore,
      nodes: document.getElementsByTagName('*').length,
      atBottom,
    },
    census: run.census?.result() ?? null,
    problems,
  };
}
