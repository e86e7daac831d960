/**
 * Where the renderer's main thread spent a run, from a Chromium trace (`devtools.timeline`):
 * time per rendering phase (style, layout, pre-paint, paint…, garbage collection), and the
 * forced (synchronous) style-and-layout passes attributed to the script function that forced them.
 */
export interface PhaseLine {
  phase: string;
  count: number;
  totalMs: number;
  maxMs: number;
}

export interface ForcedLayoutLine {
  /** Name of the innermost script function running when it was forced. */
  forcedBy: string;
  url: string;
  /** 1-based line of that function in the bundle. */
  line: number;
  /** The source module, when the bundle says (see `source-modules.ts`). */
  module?: string | null;
  count: number;
  totalMs: number;
}

export interface TraceSummary {
  phases: PhaseLine[];
  forcedLayouts: ForcedLayoutLine[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { functionName?: string; lineNumber?: number; url?: string } };
}

const PHASES = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'ScrollLayer',
  'MinorGC',
  'MajorGC',
  'V8.GC_MC_INCREMENTAL',
]);
const FORCED = 'Blink.ForcedStyleAndLayout.UpdateTime';

export function summarizeTrace(json: string): TraceSummary {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = (Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])).filter(
    (event) => event.ph === 'X',
  );
  // The page's main thread: the one that ran the animation frames.
  const frames = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'FireAnimationFrame') continue;
    const key = `${event.pid}:${event.tid}`;
    frames.set(key, (frames.get(key) ?? 0) + 1);
  }
  const mainKey = [...frames].sort((a, b) => b[1] - a[1])[0]?.[0];
  const main = events.filter((event) => `${event.pid}:${event.tid}` === mainKey);

  const phases = new Map<string, PhaseLine>();
  for (const event of main) {
    if (!PHASES.has(event.name)) continue;
    const ms = (event.dur ?? 0) / 1000;
    const line = phases.get(event.name) ?? { phase: event.name, count: 0, totalMs: 0, maxMs: 0 };
    line.count++;
    line.totalMs += ms;
    line.maxMs = Math.max(line.maxMs, ms);
    phases.set(event.name, line);
  }

  const calls = main.filter((event) => event.name === 'FunctionCall').sort((a, b) => a.ts - b.ts);
  const forced = new Map<string, ForcedLayoutLine>();
  for (const event of main) {
    if (event.name !== FORCED) continue;
    const end = event.ts + (event.dur ?? 0);
    let by: TraceEvent | null = null;
    for (const call of calls) {
      if (call.ts > event.ts) break;
      if (call.ts + (call.dur ?? 0) >= end) by = call;
    }
    const data = by?.args?.data;
    const name = data === undefined ? '(no script)' : data.functionName || '(anonymous)';
    // Trace line numbers are 0-based.
    const at = (data?.lineNumber ?? -1) + 1;
    const key = `${name}@${data?.url ?? ''}:${at}`;
    const line = forced.get(key) ?? {
      forcedBy: name,
      url: data?.url ?? '',
      line: at,
      count: 0,
      totalMs: 0,
    };
    line.count++;
    line.totalMs += (event.dur ?? 0) / 1000;
    forced.set(key, line);
  }
  return {
    phases: [...phases.values()].sort((a, b) => b.totalMs - a.totalMs),
    forcedLayouts: [...forced.values()].sort((a, b) => b.totalMs - a.totalMs),
  };
}
