import { createToolStreamStore } from '@toolstream/core';
import type { ConnectionEvent } from '@toolstream/core/tap';
import { formatIssue, isFrame, type Scenario, validateScenarioText } from '@toolstream/mock/fetch';
import { Recording } from '../recording/recording.js';

/** A file that could not be read as a scenario or a stream. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/**
 * Reads a file someone sent into a {@link Recording}, to inspect it in the panel: a
 * `@toolstream/mock` scenario (`.jsonl`, as {@link exportScenario} writes it, or any other) or a
 * raw stream (`.sse`, NDJSON). The frames go through the core as a live run's would (every
 * provider format is recognised), on the file's own clock (its delays), connection by connection
 * as its disconnects — or the connections its `recording` lists — say.
 */
export async function importRecording(text: string, options: { fileName?: string } = {}): Promise<Recording> {
  const file = options.fileName ?? 'the file';
  const scenario = looksLikeScenario(text) ? parse(text, file) : null;
  // Provider formats only where a file needs them: the panel's import is rare, its bundle is not.
  const { allProtocols } = await import('@toolstream/core/providers');
  let clock = 0;
  let ids = 0;
  const store = createToolStreamStore({
    schedule: 'sync',
    protocols: allProtocols,
    protocol: scenario?.header.protocol ?? 'auto',
    now: () => clock,
    generateId: () => `imported-${++ids}`,
  });
  const recording = new Recording(store.getState());
  // Connections are the file's, not the store's (it reads no network): numbered here.
  let connection = 0;
  store.tap((record) => {
    if (
      (record.type === 'frame' || record.type === 'chunk') &&
      record.connection === null &&
      connection > 0
    ) {
      recording.record({ ...record, connection });
    } else recording.record(record);
  });
  const connect = (event: ConnectionEvent, number: number) => {
    if (event.type === 'request') connection = number;
    recording.record({ type: 'connection', at: clock, connection: number, event });
  };
  const note = scenario === null ? null : recordingNote(scenario);
  store.startTurn(scenario === null ? undefined : (note?.userMessage ?? undefined));

  if (scenario === null) {
    connect({ type: 'request', method: 'GET', url: file, headers: {} }, 1);
    connect({ type: 'open', status: 200, headers: {} }, 1);
    store.ingestBytes(text);
    store.complete();
    connect({ type: 'close', reason: 'end' }, 1);
    return recording;
  }
  replaySteps(scenario, note, file, connect, (at, frame, number) => {
    clock = at;
    if (frame === null) return;
    if (number > 0) connection = number;
    store.ingestFrame(frame);
  });
  store.complete();
  return recording;
}

function looksLikeScenario(text: string): boolean {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '');
  if (first === undefined) return false;
  try {
    return (JSON.parse(first) as { type?: unknown })?.type === 'header';
  } catch {
    return false;
  }
}

function parse(text: string, file: string): Scenario {
  const result = validateScenarioText(text, { file });
  if (!result.ok)
    throw new ImportError(`Not a valid scenario:\n${result.issues.map(formatIssue).join('\n')}`);
  return result.scenario;
}

/** What an exported file's header says of its run (the parts an import uses), or `null`. */
interface RecordingNote {
  userMessage: string | null;
  connections: {
    number: number;
    at: number;
    request: { method: string; url: string; headers: Record<string, string>; body?: string };
    open?: { at: number; status: number; headers: Record<string, string> };
    close?: { at: number; reason: 'end' | 'aborted' | 'failed'; error?: { code: string; message: string } };
  }[];
  timeline: { at: number; kind: string; ms?: number; attempt?: number; reason?: string; ok?: boolean }[];
  frameConnections: number[];
}

function recordingNote(scenario: Scenario): RecordingNote | null {
  const recording = scenario.header.recording;
  if (recording === undefined || recording.by !== '@toolstream/devtools') return null;
  const note = recording as unknown as Partial<RecordingNote>;
  if (!Array.isArray(note.connections) || !Array.isArray(note.frameConnections)) return null;
  return {
    userMessage: typeof note.userMessage === 'string' ? note.userMessage : null,
    connections: note.connections,
    timeline: Array.isArray(note.timeline) ? note.timeline : [],
    frameConnections: note.frameConnections,
  };
}

/**
 * Plays the scenario's lines on its clock: connection events where the file's recording puts
 * them (or one connection, and a new one after each disconnect), frames in between.
 */
function replaySteps(
  scenario: Scenario,
  note: RecordingNote | null,
  file: string,
  connect: (event: ConnectionEvent, number: number) => void,
  /** Moves the clock to `at`, and pushes `frame` (when given) as brought by connection `number` (0: the current one). */
  tick: (at: number, frame: { event?: string; id?: string; data: string } | null, number: number) => void,
): void {
  // Everything that happens, by time: the file's connection events, then its lines.
  const happenings: { at: number; order: number; run: () => void }[] = [];
  const at = (time: number, run: () => void) => happenings.push({ at: time, order: happenings.length, run });
  let clock = 0;
  let frameIndex = 0;
  let synthetic = 1;
  if (note === null) {
    at(0, () => {
      connect({ type: 'request', method: 'POST', url: file, headers: {} }, 1);
      connect({ type: 'open', status: 200, headers: {} }, 1);
    });
  } else {
    for (const c of note.connections) {
      at(c.at, () => connect({ type: 'request', ...c.request }, c.number));
      if (c.open !== undefined)
        at(c.open.at, () =>
          connect({ type: 'open', status: c.open!.status, headers: c.open!.headers }, c.number),
        );
      if (c.close !== undefined) {
        const error = c.close.error;
        at(c.close.at, () =>
          connect(
            {
              type: 'close',
              reason: c.close!.reason,
              ...(error === undefined
                ? {}
                : { error: { code: 'network', message: error.message, retryable: true, fatal: true } }),
            },
            c.number,
          ),
        );
      }
    }
    for (const entry of note.timeline) {
      if (entry.kind === 'wait') {
        at(entry.at, () =>
          connect(
            {
              type: 'wait',
              ms: entry.ms ?? 0,
              attempt: entry.attempt ?? 0,
              reason: entry.reason === 'refused' ? 'refused' : 'reconnect',
            },
            0,
          ),
        );
      }
    }
  }
  for (const step of scenario.steps) {
    clock += step.delay;
    if (!isFrame(step)) {
      if (note === null) {
        const number = synthetic;
        synthetic += 1;
        at(clock, () => {
          connect(
            {
              type: 'close',
              reason: 'failed',
              error: {
                code: 'network',
                message: 'The connection dropped (a disconnect in the scenario).',
                retryable: true,
                fatal: true,
              },
            },
            number,
          );
          connect({ type: 'request', method: 'GET', url: file, headers: {} }, number + 1);
          connect({ type: 'open', status: 200, headers: {} }, number + 1);
        });
      }
      continue;
    }
    const frame = {
      data: step.data,
      ...(step.event === undefined ? {} : { event: step.event }),
      ...(step.id === undefined ? {} : { id: step.id }),
    };
    const number = note?.frameConnections[frameIndex] ?? 0;
    frameIndex += 1;
    const time = clock;
    at(time, () => tick(time, frame, number));
  }
  if (note === null) {
    at(clock, () => connect({ type: 'close', reason: 'end' }, synthetic));
  }
  // Connection events before the frames of the same moment (an answer comes before its first frame).
  happenings.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const happening of happenings) {
    tick(happening.at, null, 0);
    happening.run();
  }
}
