import { isFrame, type Scenario, type ScenarioFrame } from '../scenario/format.js';

/** A frame as served: its SSE id is always set (frames without one are numbered by position). */
export interface ServedFrame {
  kind: 'frame';
  delay: number;
  id: string;
  event?: string;
  data: string;
}

/** A scripted drop, as served. */
export interface ServedDisconnect {
  kind: 'disconnect';
  delay: number;
}

export type ServedStep = ServedFrame | ServedDisconnect;

/** The steps of a scenario as the server plays them, each frame with its SSE id. */
export function servedSteps(scenario: Scenario): ServedStep[] {
  let position = 0;
  return scenario.steps.map((step): ServedStep => {
    if (!isFrame(step)) return { kind: 'disconnect', delay: step.delay };
    position++;
    return {
      kind: 'frame',
      delay: step.delay,
      id: step.id ?? String(position),
      ...(step.event === undefined ? {} : { event: step.event }),
      data: step.data,
    };
  });
}

/**
 * One SSE event as text. Every line of `data` becomes its own `data:` line (the client joins
 * them with `\n`), always after `data: ` so that a chunk starting with a space keeps it.
 */
export function encodeFrame(frame: Pick<ScenarioFrame, 'event' | 'id' | 'data'>): string {
  let text = '';
  if (frame.id !== undefined) text += `id: ${frame.id}\n`;
  if (frame.event !== undefined) text += `event: ${frame.event}\n`;
  for (const line of frame.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The `retry:` field, telling EventSource clients how long to wait before reconnecting. */
export function encodeRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.round(ms))}\n\n`;
}

/** A whole scenario as one SSE text, with no timing and no drops (for `reduceStream` and tests). */
export function scenarioToSse(scenario: Scenario): string {
  let text = '';
  for (const step of servedSteps(scenario)) if (step.kind === 'frame') text += encodeFrame(step);
  return text;
}
