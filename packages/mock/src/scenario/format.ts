/**
 * The scenario file format: JSON Lines. Line 1 is a {@link ScenarioHeader}; every later line is
 * a {@link ScenarioFrame} (one SSE event, with its delay since the previous line) or a
 * {@link ScenarioDisconnect} (the server drops the connection there, once). Blank lines are
 * ignored.
 *
 * ```jsonl
 * {"type":"header","name":"single-call","description":"…","protocol":"chat-message-response"}
 * {"delay":40,"id":"1","data":"{\"message\":\"Let me \",\"citations\":[],\"tool_calls\":[]}"}
 * {"type":"disconnect","delay":10}
 * {"delay":0,"event":"done","id":"2","data":""}
 * ```
 */

/**
 * The model-provider stream formats that `@toolstream/core` reads (PROTOCOL.md §9). A scenario
 * in one of them replays a provider's raw stream, as a backend that proxies it would send it;
 * the names are the core's `protocol` option values.
 */
export type ProviderProtocol =
  | 'openai-chat'
  | 'anthropic'
  | 'gemini'
  | 'openai-responses'
  | 'ag-ui'
  | 'ollama-native'
  | 'cohere';

/** All values of {@link ProviderProtocol}, for runtime checks. */
export const PROVIDER_PROTOCOLS: readonly ProviderProtocol[] = [
  'openai-chat',
  'anthropic',
  'gemini',
  'openai-responses',
  'ag-ui',
  'ollama-native',
  'cohere',
];

/** The wire formats a scenario can be written in: toolstream's two, or a provider's. */
export type ScenarioProtocol = 'chat-message-response' | 'typed-events' | ProviderProtocol;

/** All values of {@link ScenarioProtocol}, for runtime checks. */
export const SCENARIO_PROTOCOLS: readonly ScenarioProtocol[] = [
  'chat-message-response',
  'typed-events',
  ...PROVIDER_PROTOCOLS,
];

/** Line 1 of a scenario file. */
export interface ScenarioHeader {
  type: 'header';
  /** The scenario's name: its file name without `.jsonl`, in kebab-case. */
  name: string;
  /** One or two sentences: what the scenario shows and why it exists. */
  description: string;
  protocol: ScenarioProtocol;
  /** Words that select this scenario when a request names none (matched in the user's message). */
  keywords?: string[];
  /**
   * Where the scenario came from, when a tool recorded it (`@toolstream/devtools` writes its
   * connections, timeline and the redaction it applied): any JSON object. Replays ignore it.
   */
  recording?: Record<string, unknown>;
  /**
   * The backend keeps no record of what the run asks (as when it expired): every continuation
   * of it is refused (404 `not-waiting`). For showing a refused continuation.
   */
  forgetAsks?: boolean;
}

/**
 * What a continuation section answers (PROTOCOL.md §11): per call id, the answer it is played
 * for — `approved` (edited or not), `edited` (approved with changed arguments), `denied`,
 * `output` or `error` (a client tool), `value`, or `any`. Calls not named match any answer.
 */
export type ContinuationMatch = 'approved' | 'edited' | 'denied' | 'output' | 'error' | 'value' | 'any';

/** All values of {@link ContinuationMatch}, for runtime checks. */
export const CONTINUATION_MATCHES: readonly ContinuationMatch[] = [
  'approved',
  'edited',
  'denied',
  'output',
  'error',
  'value',
  'any',
];

/**
 * The frames a backend plays for a continuation whose answers match `when`: the line
 * `{"type":"continuation","when":{…}}`, then its frames up to the next such line. The first
 * section that matches is played, as a new run. Its frames may hold placeholders filled from the
 * answers: `{{<call_id>.arguments.<name>}}`, `{{<call_id>.reason}}`, `{{<call_id>.output}}`,
 * `{{<call_id>.error}}`, `{{<call_id>.value}}` (inside JSON strings; filled escaped).
 */
export interface ScenarioContinuation {
  type: 'continuation';
  when: Record<string, ContinuationMatch>;
  steps: ScenarioStep[];
}

/** One SSE event of a scenario. */
export interface ScenarioFrame {
  type?: 'frame';
  /** Milliseconds since the previous line (before any speed factor). */
  delay: number;
  /** The SSE `event:` field; absent means the default (`message`). */
  event?: string;
  /** The SSE `id:` field. Frames without one are numbered by position when served. */
  id?: string;
  /** The SSE `data:` field (may hold newlines; served as several `data:` lines). */
  data: string;
}

/**
 * A scripted connection drop: when the replay reaches this line, the server drops every
 * connection attached to the run (once). A run with an id goes on producing frames, so a
 * client re-attaches with `Last-Event-ID`; a direct GET replay resumes after that id.
 */
export interface ScenarioDisconnect {
  type: 'disconnect';
  /** Milliseconds since the previous line. */
  delay: number;
}

/** A line after the header. */
export type ScenarioStep = ScenarioFrame | ScenarioDisconnect;

/** A whole scenario in memory. */
export interface Scenario {
  header: ScenarioHeader;
  /** The first run's lines. */
  steps: ScenarioStep[];
  /** What continuations of the run play, when it ends with calls waiting. */
  continuations?: ScenarioContinuation[];
}

/** Whether a step is a frame (and not a scripted disconnect). */
export function isFrame(step: ScenarioStep): step is ScenarioFrame {
  return step.type !== 'disconnect';
}

/** The frames of a scenario, without its scripted disconnects. */
export function scenarioFrames(scenario: Scenario): ScenarioFrame[] {
  return scenario.steps.filter(isFrame);
}

/**
 * Writes a scenario as JSON Lines, keys in a fixed order so generated files diff cleanly.
 * Ends with a newline.
 */
export function serializeScenario(scenario: Scenario): string {
  const { header } = scenario;
  const head: ScenarioHeader = {
    type: 'header',
    name: header.name,
    description: header.description,
    protocol: header.protocol,
  };
  if (header.keywords !== undefined && header.keywords.length > 0) head.keywords = [...header.keywords];
  if (header.recording !== undefined) head.recording = header.recording;
  if (header.forgetAsks === true) head.forgetAsks = true;
  const lines = [JSON.stringify(head)];
  for (const step of scenario.steps) lines.push(JSON.stringify(orderedStep(step)));
  for (const section of scenario.continuations ?? []) {
    lines.push(JSON.stringify({ type: 'continuation', when: section.when }));
    for (const step of section.steps) lines.push(JSON.stringify(orderedStep(step)));
  }
  return `${lines.join('\n')}\n`;
}

function orderedStep(step: ScenarioStep): ScenarioStep {
  if (step.type === 'disconnect') return { type: 'disconnect', delay: step.delay };
  return {
    delay: step.delay,
    ...(step.event === undefined ? {} : { event: step.event }),
    ...(step.id === undefined ? {} : { id: step.id }),
    data: step.data,
  };
}
