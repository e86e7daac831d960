import {
  formatIssue,
  SCENARIO_PROTOCOLS,
  type Scenario,
  type ScenarioProtocol,
  type ScenarioStep,
  serializeScenario,
  validateScenario,
} from '@toolstream/mock/fetch';
import type { Recording } from '../recording/recording.js';
import type { RecordedConnection, RecordedFrame, RecordedTurn } from '../recording/types.js';
import { frameDataText } from './frame-data.js';
import { Redaction, type RedactOptions } from './redact.js';
import { scenarioName } from './scenario-name.js';

/** A file an export made: its name and its text. */
export interface ExportedFile {
  /** `<name>.jsonl` or `<name>.sse`. */
  name: string;
  text: string;
  /** Its media type, for a download. */
  type: string;
}

/** Options of {@link exportScenario}. */
export interface ExportOptions {
  /** The turn to export (index in `recording.turns`). Default: the last turn that has frames. */
  turn?: number;
  /** The scenario's name (kebab-case; also the file's). Default: from the user's message. */
  name?: string;
  description?: string;
  /** Words that select the scenario in the mock (default: none). */
  keywords?: string[];
  /** What to remove first. Default: header values (see {@link RedactOptions}). */
  redact?: RedactOptions;
  /** When the export was made (written in the file). Default: now. */
  exportedAt?: Date;
}

/** An export that cannot be made (no frames; a format the mock cannot serve). */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/**
 * One turn of a recording as a `@toolstream/mock` scenario file: its frames as they arrived —
 * duplicates (replays after a re-attach) left out — each with its delay since the line before, a
 * scripted disconnect wherever a connection dropped, and (in the header's `recording`) its
 * connections, timeline and the redaction applied. The mock replays it as it came, through MSW
 * and its server; `parseScenario(text)` (or `readScenarioFile(path)`) loads it in a test.
 *
 * @example
 * ```ts
 * const { name, text } = exportScenario(recording, { name: 'stuck-call' });
 * await writeFile(`scenarios/${name}`, text);
 * ```
 */
export function exportScenario(recording: Recording, options: ExportOptions = {}): ExportedFile {
  const turn = pickTurn(recording, options.turn);
  const redaction = new Redaction(options.redact);
  // A run that ended before `auto` chose (an `error` or `done` event first, which every format
  // reads alike) is written in toolstream's own format.
  const protocol = turn.protocol ?? 'chat-message-response';
  if (!SCENARIO_PROTOCOLS.includes(protocol as ScenarioProtocol)) {
    throw new ExportError(
      `The run's protocol (${protocol}) is not one the mock serves (${SCENARIO_PROTOCOLS.join(', ')}): export its raw .sse bytes instead.`,
    );
  }
  const frames = recording.frames.slice(turn.firstFrame, turn.endFrame).filter((frame) => !frame.duplicate);
  if (frames.length === 0) throw new ExportError(`Turn ${turn.index + 1} has no frames to export.`);
  const connections = turn.connections.map((id) => recording.connections[id - 1]!).filter(Boolean);
  const start = connections[0]?.request.at ?? turn.startedAt;
  const { steps, frameConnections } = stepsOf(frames, connections, start, redaction);

  const name = scenarioName(options.name ?? turn.userText ?? 'run', options.name === undefined);
  const userText = turn.userText === null ? null : redaction.text(turn.userText);
  const scenario: Scenario = {
    header: {
      type: 'header',
      name,
      description:
        options.description ??
        `Recorded with @toolstream/devtools: the answer to ${userText === null ? 'a stream fed in' : JSON.stringify(shorten(userText))} (${frames.length} frames, ${plural(connections.length, 'connection')}; the run ended ${turn.status ?? 'while still running'}).`,
      protocol: protocol as ScenarioProtocol,
      ...(options.keywords === undefined || options.keywords.length === 0
        ? {}
        : { keywords: options.keywords }),
      recording: {
        by: '@toolstream/devtools',
        version: 1,
        exportedAt: (options.exportedAt ?? new Date()).toISOString(),
        userMessage: userText,
        status: turn.status,
        ...(turn.error === null
          ? {}
          : { error: { code: turn.error.code, message: redaction.text(turn.error.message) } }),
        redaction: redaction.note(),
        connections: connections.map((connection, i) => connectionNote(connection, i + 1, start, redaction)),
        timeline: timelineNote(recording, turn, start),
        frameConnections,
      },
    },
    steps,
  };
  const checked = validateScenario(scenario, { file: `${name}.jsonl` });
  if (!checked.ok) {
    throw new ExportError(
      `The export is not a valid scenario:\n${checked.issues.map(formatIssue).join('\n')}`,
    );
  }
  return { name: `${name}.jsonl`, text: serializeScenario(scenario), type: 'application/x-ndjson' };
}

/**
 * Every turn that has frames, one scenario file each (`<name>-turn-1.jsonl`…), each selected in
 * the mock by its user's message: load them all (`readScenarioDir`, or `parseScenario` each) and
 * ask the same questions to replay the conversation.
 */
export function exportConversation(
  recording: Recording,
  options: Omit<ExportOptions, 'turn' | 'keywords'> = {},
): ExportedFile[] {
  const base = scenarioName(options.name ?? 'conversation', options.name === undefined);
  const redaction = new Redaction(options.redact);
  return recording.turns
    .filter((turn) =>
      recording.frames.slice(turn.firstFrame, turn.endFrame).some((frame) => !frame.duplicate),
    )
    .map((turn, i) =>
      exportScenario(recording, {
        ...options,
        turn: turn.index,
        name: `${base}-turn-${i + 1}`,
        ...(turn.userText === null || turn.userText.trim() === ''
          ? {}
          : { keywords: [redaction.text(turn.userText)] }),
      }),
    );
}

/** The turn asked for, else the last one with frames. */
export function pickTurn(recording: Recording, index: number | undefined): RecordedTurn {
  if (index !== undefined) {
    const turn = recording.turns[index];
    if (turn === undefined) throw new ExportError(`There is no turn ${index + 1} in this recording.`);
    return turn;
  }
  const turn = recording.turns.findLast((t) => t.endFrame > t.firstFrame);
  if (turn === undefined) throw new ExportError('Nothing was recorded yet: no turn has frames.');
  return turn;
}

/**
 * The scenario's lines: each frame with its delay since the line before, and a disconnect after
 * the last frame a dropped connection brought (the mock then drops the connection there, and the
 * client re-attaches as it did).
 */
function stepsOf(
  frames: readonly RecordedFrame[],
  connections: readonly RecordedConnection[],
  start: number,
  redaction: Redaction,
): { steps: ScenarioStep[]; frameConnections: number[] } {
  const steps: ScenarioStep[] = [];
  const frameConnections: number[] = [];
  const numberOf = new Map(connections.map((connection, i) => [connection.id, i + 1]));
  let last = start;
  frames.forEach((frame, i) => {
    const data = redaction.frameData(frameDataText(frame.frame));
    steps.push({
      delay: Math.max(0, Math.round(frame.at - last)),
      ...(frame.frame.event === undefined || frame.frame.event === '' ? {} : { event: frame.frame.event }),
      ...(frame.frame.id === undefined || frame.frame.id === '' ? {} : { id: frame.frame.id }),
      data,
    });
    frameConnections.push(frame.connection === null ? 0 : (numberOf.get(frame.connection) ?? 0));
    last = frame.at;
    const next = frames[i + 1];
    const connection =
      frame.connection === null ? undefined : connections.find((c) => c.id === frame.connection);
    const dropped = connection?.close?.reason === 'failed' && connection.open !== null;
    if (dropped && next !== undefined && next.connection !== frame.connection) {
      const at = connection.close!.at;
      steps.push({ type: 'disconnect', delay: Math.max(0, Math.round(at - last)) });
      last = at;
    }
  });
  return { steps, frameConnections };
}

function connectionNote(connection: RecordedConnection, number: number, start: number, redaction: Redaction) {
  const at = (time: number) => Math.round(time - start);
  return {
    number,
    at: at(connection.request.at),
    request: {
      method: connection.request.method,
      url: redaction.text(connection.request.url),
      headers: redaction.headers(connection.request.headers),
      ...(connection.request.body === undefined ? {} : { body: redaction.text(connection.request.body) }),
    },
    ...(connection.open === null
      ? {}
      : {
          open: {
            at: at(connection.open.at),
            status: connection.open.status,
            headers: redaction.headers(connection.open.headers),
          },
        }),
    ...(connection.close === null
      ? {}
      : {
          close: {
            at: at(connection.close.at),
            reason: connection.close.reason,
            ...(connection.close.error === undefined
              ? {}
              : {
                  error: {
                    code: connection.close.error.code,
                    message: redaction.text(connection.close.error.message),
                  },
                }),
          },
        }),
    frames: connection.frames,
    duplicates: connection.duplicates,
    bytes: connection.bytes,
  };
}

/** What the timeline says beyond the connections themselves: waits, cancels, the end. */
function timelineNote(recording: Recording, turn: RecordedTurn, start: number) {
  const notes: Record<string, unknown>[] = [];
  for (const entry of recording.timeline) {
    if (entry.turn !== turn.index) continue;
    const at = Math.round(entry.at - start);
    if (entry.kind === 'wait')
      notes.push({
        at,
        kind: 'wait',
        ms: Math.round(entry.ms),
        attempt: entry.attempt,
        reason: entry.reason,
      });
    else if (entry.kind === 'cancel') notes.push({ at, kind: 'cancel', ok: entry.ok });
    else if (entry.kind === 'turn-end') notes.push({ at, kind: 'turn-end', status: entry.status });
  }
  return notes;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
