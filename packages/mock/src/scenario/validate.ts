import {
  CONTINUATION_MATCHES,
  type ContinuationMatch,
  SCENARIO_PROTOCOLS,
  type Scenario,
  type ScenarioContinuation,
  type ScenarioFrame,
  type ScenarioHeader,
  type ScenarioProtocol,
  type ScenarioStep,
} from './format.js';

/** One problem in a scenario file: where it is (file, 1-based line, field) and what is wrong. */
export interface ScenarioIssue {
  file: string;
  line: number;
  /** The JSON field at fault, or `null` when the whole line is. */
  field: string | null;
  message: string;
}

/** The outcome of {@link validateScenarioText}. */
export type ScenarioValidation =
  | { ok: true; scenario: Scenario; issues: [] }
  | { ok: false; scenario: null; issues: ScenarioIssue[] };

/** Options of {@link validateScenarioText}. */
export interface ValidateOptions {
  /** Named in every issue. Default `<scenario>`. */
  file?: string;
  /** The name the header must have (a file's base name), when it is known. */
  expectedName?: string;
}

/** Thrown by {@link parseScenario}; its message lists every issue, one per line. */
export class ScenarioFormatError extends Error {
  readonly issues: readonly ScenarioIssue[];
  constructor(issues: readonly ScenarioIssue[]) {
    super(
      `Invalid scenario (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${issues.map(formatIssue).join('\n')}`,
    );
    this.name = 'ScenarioFormatError';
    this.issues = issues;
  }
}

/** `file:line: field "delay": must be …`, the way compilers print problems. */
export function formatIssue(issue: ScenarioIssue): string {
  const field = issue.field === null ? '' : ` field "${issue.field}":`;
  return `${issue.file}:${issue.line}:${field} ${issue.message}`;
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEADER_KEYS = new Set([
  'type',
  'name',
  'description',
  'protocol',
  'keywords',
  'recording',
  'forgetAsks',
]);
const CONTINUATION_KEYS = new Set(['type', 'when']);
const FRAME_KEYS = new Set(['type', 'delay', 'event', 'id', 'data']);
const DISCONNECT_KEYS = new Set(['type', 'delay']);
/** Enough to fix a broken file; a file broken on every line would otherwise flood the terminal. */
const MAX_ISSUES = 50;

/**
 * Parses and checks a scenario file's text. Never throws: every problem comes back as a
 * {@link ScenarioIssue} with its line and field.
 */
export function validateScenarioText(text: string, options: ValidateOptions = {}): ScenarioValidation {
  const file = options.file ?? '<scenario>';
  const issues: ScenarioIssue[] = [];
  const lines = text.split(/\r?\n/);
  const values: { line: number; value: unknown }[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      values.push({ line: index + 1, value: JSON.parse(raw) });
    } catch (cause) {
      issues.push({
        file,
        line: index + 1,
        field: null,
        message: `not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`,
      });
    }
  });
  if (issues.length > 0) return failed(issues);
  return checkLines(values, file, options.expectedName);
}

/**
 * Checks a scenario held in memory (built by code, or parsed elsewhere) with the same rules as
 * a file: line numbers count the header as line 1.
 */
export function validateScenario(scenario: Scenario, options: ValidateOptions = {}): ScenarioValidation {
  const sections = (scenario.continuations ?? []).flatMap((section) => [
    { type: 'continuation', when: section.when },
    ...section.steps,
  ]);
  const values = [scenario.header, ...scenario.steps, ...sections].map((value, index) => ({
    line: index + 1,
    value,
  }));
  return checkLines(values, options.file ?? `<${scenario.header?.name ?? 'scenario'}>`, options.expectedName);
}

/** Like {@link validateScenarioText}, but returns the scenario or throws a {@link ScenarioFormatError}. */
export function parseScenario(text: string, options: ValidateOptions = {}): Scenario {
  const result = validateScenarioText(text, options);
  if (!result.ok) throw new ScenarioFormatError(result.issues);
  return result.scenario;
}

function failed(issues: ScenarioIssue[]): ScenarioValidation {
  return { ok: false, scenario: null, issues: issues.slice(0, MAX_ISSUES) };
}

function checkLines(
  values: readonly { line: number; value: unknown }[],
  file: string,
  expectedName: string | undefined,
): ScenarioValidation {
  const issues: ScenarioIssue[] = [];
  const at = (line: number) => new LineReport(file, line, issues);

  const first = values[0];
  if (first === undefined) {
    at(1).add(null, 'the file is empty: line 1 must be the header');
    return failed(issues);
  }
  const header = checkHeader(first.value, at(first.line), expectedName);
  const steps: ScenarioStep[] = [];
  const continuations: ScenarioContinuation[] = [];
  // Where the next step goes: the first run's lines, or the latest continuation section.
  let target = steps;
  const seenIds = new Map<string, number>();
  let frameCount = 0;
  for (const { line, value } of values.slice(1)) {
    const report = at(line);
    if (isRecord(value) && value.type === 'continuation') {
      const section = checkContinuation(value, report);
      if (section !== null) {
        continuations.push(section);
        target = section.steps;
      }
      continue;
    }
    const step = checkStep(value, report);
    if (step === null) continue;
    target.push(step);
    if (step.type === 'disconnect') continue;
    frameCount++;
    // Served ids: a frame without one is numbered by its position, so those must not collide either.
    const id = step.id ?? String(frameCount);
    const previous = seenIds.get(id);
    if (previous !== undefined) {
      report.add('id', `duplicate SSE id ${JSON.stringify(id)} (first used on line ${previous})`);
    } else seenIds.set(id, line);
  }
  if (header !== null && issues.length === 0 && frameCount === 0) {
    at(first.line).add(null, 'the scenario has no frames: add at least one line after the header');
  }
  if (
    header !== null &&
    issues.length === 0 &&
    header.protocol !== 'chat-message-response' &&
    continuations.length > 0
  ) {
    at(first.line).add('protocol', 'continuation sections need the chat-message-response protocol');
  }
  if (issues.length > 0 || header === null) return failed(issues);
  const scenario: Scenario = { header, steps };
  if (continuations.length > 0) scenario.continuations = continuations;
  return { ok: true, scenario, issues: [] };
}

/** Collects the issues of one line, and counts them so a check can tell whether it passed. */
class LineReport {
  count = 0;
  constructor(
    private readonly file: string,
    private readonly line: number,
    private readonly issues: ScenarioIssue[],
  ) {}
  add(field: string | null, message: string): void {
    this.count++;
    this.issues.push({ file: this.file, line: this.line, field, message });
  }
}

function checkHeader(
  value: unknown,
  report: LineReport,
  expectedName: string | undefined,
): ScenarioHeader | null {
  if (!isRecord(value)) {
    report.add(null, 'line 1 must be the header object {"type":"header","name",…}');
    return null;
  }
  const before = report.count;
  if (value.type !== 'header') report.add('type', `must be "header" on line 1 (got ${show(value.type)})`);
  unknownKeys(value, HEADER_KEYS, report);
  const { name, description, protocol, keywords, recording } = value;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    report.add('name', `must be a kebab-case string like "subagent-delegation" (got ${show(name)})`);
  } else if (expectedName !== undefined && name !== expectedName) {
    report.add('name', `must match the file name "${expectedName}" (got ${show(name)})`);
  }
  if (typeof description !== 'string' || description.trim() === '') {
    report.add('description', 'must be a non-empty string saying what the scenario shows');
  }
  if (typeof protocol !== 'string' || !SCENARIO_PROTOCOLS.includes(protocol as ScenarioProtocol)) {
    report.add(
      'protocol',
      `must be one of ${SCENARIO_PROTOCOLS.map(show).join(', ')} (got ${show(protocol)})`,
    );
  }
  if (
    keywords !== undefined &&
    !(Array.isArray(keywords) && keywords.every((k) => typeof k === 'string' && k.trim() !== ''))
  ) {
    report.add('keywords', 'must be an array of non-empty strings');
  }
  if (recording !== undefined && !isRecord(recording)) {
    report.add('recording', `must be a JSON object (got ${show(recording)})`);
  }
  if (report.count !== before) return null;
  const header: ScenarioHeader = {
    type: 'header',
    name: name as string,
    description: description as string,
    protocol: protocol as ScenarioProtocol,
  };
  if (Array.isArray(keywords)) header.keywords = keywords as string[];
  if (isRecord(recording)) header.recording = recording;
  if (value.forgetAsks !== undefined) {
    if (typeof value.forgetAsks !== 'boolean') {
      report.add('forgetAsks', `must be true or false (got ${show(value.forgetAsks)})`);
      return null;
    }
    if (value.forgetAsks) header.forgetAsks = true;
  }
  return header;
}

function checkContinuation(value: Record<string, unknown>, report: LineReport): ScenarioContinuation | null {
  const before = report.count;
  unknownKeys(value, CONTINUATION_KEYS, report);
  const when = value.when;
  if (!isRecord(when)) {
    report.add('when', `must be an object {"<call_id>": "approved" | …} (got ${show(when)})`);
    return null;
  }
  const checked: Record<string, ContinuationMatch> = {};
  for (const [callId, match] of Object.entries(when)) {
    if (typeof match !== 'string' || !CONTINUATION_MATCHES.includes(match as ContinuationMatch)) {
      report.add(
        'when',
        `${show(callId)} must be one of ${CONTINUATION_MATCHES.map(show).join(', ')} (got ${show(match)})`,
      );
      continue;
    }
    Object.defineProperty(checked, callId, {
      value: match,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return report.count === before ? { type: 'continuation', when: checked, steps: [] } : null;
}

function checkStep(value: unknown, report: LineReport): ScenarioStep | null {
  if (!isRecord(value)) {
    report.add(
      null,
      'must be a JSON object {"delay","event"?,"id"?,"data"} or {"type":"disconnect","delay"}',
    );
    return null;
  }
  const before = report.count;
  const type = value.type;
  if (type === 'header') {
    report.add('type', 'a second header: only line 1 may be the header');
    return null;
  }
  if (type !== undefined && type !== 'frame' && type !== 'disconnect') {
    report.add('type', `must be absent, "frame" or "disconnect" (got ${show(type)})`);
    return null;
  }
  const delay = value.delay;
  if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0) {
    report.add('delay', `must be a number of milliseconds ≥ 0 (got ${show(delay)})`);
  }
  if (type === 'disconnect') {
    unknownKeys(value, DISCONNECT_KEYS, report);
    return report.count !== before ? null : { type: 'disconnect', delay: delay as number };
  }
  unknownKeys(value, FRAME_KEYS, report);
  const { event, id, data } = value;
  if (event !== undefined && (typeof event !== 'string' || event === '' || /[\r\n]/.test(event))) {
    report.add('event', `must be a non-empty string without line breaks (got ${show(event)})`);
  }
  // The SSE spec ignores an id containing NUL, and a line break would end the field.
  if (id !== undefined && (typeof id !== 'string' || /[\r\n\0]/.test(id))) {
    report.add('id', `must be a string without line breaks or NUL (got ${show(id)})`);
  }
  if (typeof data !== 'string') {
    report.add('data', `must be a string: the SSE data, JSON written as text (got ${show(data)})`);
  }
  if (report.count !== before) return null;
  const frame: ScenarioFrame = { delay: delay as number, data: data as string };
  if (event !== undefined) frame.event = event as string;
  if (id !== undefined) frame.id = id as string;
  return frame;
}

function unknownKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>, report: LineReport): void {
  for (const key of Object.keys(value)) {
    if (!allowed.has(key)) report.add(key, `unknown field (allowed: ${[...allowed].join(', ')})`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
