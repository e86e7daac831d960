import { writeFile } from 'node:fs/promises';
import type { CDPSession } from 'playwright-core';

/** One function's share of a V8 CPU profile. */
export interface ProfileLine {
  functionName: string;
  url: string;
  /** 1-based line in the bundle. */
  line: number;
  /** The source module, when the bundle says (see `source-modules.ts`). */
  module?: string | null;
  selfMs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Starts V8's sampling profiler on the page (CDP `Profiler`). */
export async function startCpuProfile(session: CDPSession): Promise<void> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
}

/** Stops the profiler; self time per function, largest first. */
export async function stopCpuProfile(session: CDPSession, top = 25): Promise<ProfileLine[]> {
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  // The whole profile, to open in DevTools (Performance → Load profile) or analyse by time.
  const out = process.env.BENCH_RENDER_PROFILE_OUT;
  if (out !== undefined && out !== '') await writeFile(out, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // Each sample's time is the delta to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + ms);
  }
  const lines = new Map<string, ProfileLine>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName}@${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    const line = lines.get(key) ?? {
      functionName: frame.functionName || '(anonymous)',
      url: frame.url,
      line: frame.lineNumber + 1,
      selfMs: 0,
    };
    line.selfMs += ms;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
}
