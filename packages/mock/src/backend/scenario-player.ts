import type { Scenario } from '../scenario/format.js';
import { type Clock, sleepOn } from './clock.js';
import { type ServedFrame, servedSteps } from './sse-encode.js';

/** Where a replay goes: frames, and the scripted drops between them. */
export interface PlayTarget {
  /** One frame, with its scenario id (frames without one are numbered by position). */
  frame(frame: ServedFrame): void;
  /** The scenario drops the connection here (see `ScenarioDisconnect`). */
  disconnect(): void;
}

/** Options of {@link playScenario}. */
export interface PlayOptions {
  /** Delays are divided by it; `Infinity` plays everything at once. */
  speed: number;
  clock: Clock;
  /** Stops the replay. */
  signal: AbortSignal;
  /** Start after the frame with this id (a direct GET resuming with `Last-Event-ID`). */
  startAfterId?: string | null;
}

/**
 * Plays a scenario on its own timeline: each step when its delay (since the one before, divided
 * by `speed`) is due, whether or not anyone reads. Resolves when the scenario is over or the
 * signal aborted.
 */
export async function playScenario(
  scenario: Scenario,
  target: PlayTarget,
  options: PlayOptions,
): Promise<void> {
  const { speed, clock, signal } = options;
  const steps = servedSteps(scenario);
  let position = 0;
  const after = options.startAfterId ?? null;
  if (after !== null) {
    const index = steps.findIndex((step) => step.kind === 'frame' && step.id === after);
    // An id we never sent: replay from the start (the client drops what it already has by id).
    if (index !== -1) position = index + 1;
    // A scripted drop right after that frame is the one this client is coming back from.
    while (steps[position]?.kind === 'disconnect') position++;
  }
  const scaled = (delay: number) => (speed === Number.POSITIVE_INFINITY ? 0 : delay / speed);
  // Never play in the same task as the request: its connection is in place before the first step.
  await new Promise<void>((resolve) => clock.setTimeout(resolve, 0));
  let dueAt = clock.now();
  for (; position < steps.length; position++) {
    const step = steps[position]!;
    dueAt += scaled(step.delay);
    const wait = dueAt - clock.now();
    if (wait > 0 && !(await sleepOn(clock, wait, signal))) return;
    if (signal.aborted) return;
    if (step.kind === 'disconnect') target.disconnect();
    else target.frame(step);
  }
}
