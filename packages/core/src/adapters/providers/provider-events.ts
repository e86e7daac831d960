import { finishArguments, parseArguments, partialArguments } from '../../args/arguments.js';
import { createPartialJsonParser, type PartialJsonParser } from '../../args/partial-json.js';
import { describeValue, protocolError } from '../../errors.js';
import type { Citation, DataPart, FinishReason, TokenUsage, ToolCallKind } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { Emit } from '../adapter.js';
import { errorMessage, serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';

/**
 * Small emitters shared by the provider adapters. Provider calls are top-level calls (no parent,
 * no sub-agent) whose call phase carries JSON arguments: tool calls for the client to run (kind
 * `tool`), or tools the provider ran itself (kind `provider`), which also get a result phase.
 */

/** Final arguments a format sends whole: the raw text, and/or the value itself. */
export interface FinalArguments {
  argsText?: string;
  args?: Readonly<Record<string, unknown>>;
}

/** The call emitters of one adapter (see {@link createCallWriter}). */
export interface CallWriter {
  /**
   * Opens a call's call phase, as one that has arguments (`""` so far, which means `{}`). `kind`
   * is `provider` for a tool the provider runs itself.
   */
  startCall(
    emit: Emit,
    callId: string,
    toolName: string,
    details?: Readonly<Record<string, unknown>> | null,
    kind?: ToolCallKind,
  ): void;
  /** A piece of a call's raw argument text, with the arguments it shows so far. */
  argsDelta(emit: Emit, callId: string, delta: string): void;
  /**
   * Closes a call's call phase with its final arguments: `final.args` when the wire sent the
   * value, else the text (`final.argsText`, or the pieces) parsed by `parseArguments`'s rules.
   * Text that is not valid arguments closes the call with `argsError` and a protocol error.
   */
  endCall(emit: Emit, callId: string, final?: FinalArguments): void;
  /**
   * A call that arrives whole (Ollama native, Gemini, Groq-like servers): start, arguments, end.
   * Object arguments are sent on as their JSON text, so every call has a raw string.
   */
  wholeCall(
    emit: Emit,
    callId: string,
    toolName: string,
    args: unknown,
    details?: Readonly<Record<string, unknown>> | null,
    kind?: ToolCallKind,
  ): void;
  /**
   * The result of a call, whole: its result phase starts and completes with `output` (and
   * `error`, when the tool failed). A call not seen before is created at its result phase (its
   * call phase happened elsewhere, for example in an earlier response). `kind`: `provider` (the
   * default, a tool the provider ran) or `tool` (the agent's own, its result relayed).
   */
  result(
    emit: Emit,
    callId: string,
    output: string,
    options?: {
      error?: string | null;
      toolName?: string;
      details?: Readonly<Record<string, unknown>> | null;
      kind?: ToolCallKind;
    },
  ): void;
}

/** One call's arguments being read. */
interface Reading {
  text: string;
  parser: PartialJsonParser;
  /** What nothing (or whitespace) shows: kept, so the value keeps its identity meanwhile. */
  empty: Record<string, unknown>;
}

/**
 * The call emitters of one adapter, reading each call's argument text as it streams: each
 * `tool-args-delta` carries the partial arguments (incremental parsing, O(piece)), and
 * `tool-end` the final ones. Argument JSON is a provider-format concern, so it lives here: the
 * reducer only keeps what the adapter says, and a store for toolstream's own protocol does not
 * carry a JSON parser.
 */
export function createCallWriter(): CallWriter {
  const reading = new Map<string, Reading>();
  const readingOf = (callId: string): Reading => {
    let entry = reading.get(callId);
    if (entry === undefined) {
      entry = { text: '', parser: createPartialJsonParser(), empty: {} };
      reading.set(callId, entry);
    }
    return entry;
  };

  const writer: CallWriter = {
    startCall(emit, callId, toolName, details = null, kind = 'tool') {
      emit({
        type: 'tool-start',
        callId,
        phase: 'call',
        toolName,
        kind,
        parentCallId: null,
        agent: null,
        eventType: 'call',
        details,
      });
      const entry = readingOf(callId);
      emit({ type: 'tool-args-delta', callId, delta: '', args: partialArguments(entry.parser, entry.empty) });
    },
    argsDelta(emit, callId, delta) {
      if (delta === '') return;
      const entry = readingOf(callId);
      entry.text += delta;
      entry.parser.push(delta);
      emit({ type: 'tool-args-delta', callId, delta, args: partialArguments(entry.parser, entry.empty) });
    },
    endCall(emit, callId, final = {}) {
      const entry = readingOf(callId);
      reading.delete(callId);
      const end = {
        type: 'tool-end',
        callId,
        phase: 'call',
        output: null,
        details: null,
        error: null,
      } as const;
      if (final.args !== undefined) {
        emit({ ...end, argsText: final.argsText ?? entry.text, args: final.args });
        return;
      }
      const text = final.argsText ?? entry.text;
      const result = text === entry.text ? finishArguments(entry.parser) : parseArguments(text);
      const argsText = final.argsText === undefined ? {} : { argsText: text };
      if (result.ok) {
        emit({ ...end, ...argsText, args: result.value });
        return;
      }
      const message = `invalid arguments for call ${describeValue(callId)}: ${result.error}`;
      emit({ type: 'protocol-error', error: protocolError(message, text, callId) });
      emit({ ...end, ...argsText, argsError: result.error });
    },
    wholeCall(emit, callId, toolName, args, details = null, kind = 'tool') {
      writer.startCall(emit, callId, toolName, details, kind);
      writer.argsDelta(emit, callId, argumentText(args));
      writer.endCall(emit, callId);
    },
    result(emit, callId, output, options = {}) {
      emit({
        type: 'tool-start',
        callId,
        phase: 'result',
        toolName: options.toolName ?? '',
        kind: options.kind ?? 'provider',
        parentCallId: null,
        agent: null,
        eventType: 'result',
        details: options.details ?? null,
      });
      const error = options.error ?? null;
      emit({ type: 'tool-end', callId, phase: 'result', output, details: null, error });
    },
  };
  return writer;
}

/** The raw text of arguments that may come as a string or as a parsed value. */
export function argumentText(args: unknown): string {
  if (args === undefined || args === null) return '';
  if (typeof args === 'string') return args;
  return JSON.stringify(args) ?? '';
}

/** Answer text (empty pieces are dropped). */
export function text(emit: Emit, delta: unknown): void {
  if (typeof delta === 'string' && delta !== '') emit({ type: 'text-delta', delta });
}

/** Thinking / reasoning text, kept apart from the answer (empty pieces are dropped). */
export function reasoning(emit: Emit, delta: unknown): void {
  if (typeof delta === 'string' && delta !== '') emit({ type: 'reasoning-delta', delta });
}

/** A provider id as the wire gave it: non-empty strings as they are, numbers as text, else `null`. */
export function providerId(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** `value` when it is a non-empty string, else `''`. */
export function stringOr(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * The frames every provider stream may carry besides its own events: `data: [DONE]` and
 * `event: done` (the stream is complete) and `event: error` (a fatal error, whose message keeps
 * the provider's type or code in parentheses: `Overloaded (overloaded_error)`). Emits what it
 * means and says which it was, or `null` for any other frame.
 */
export function streamControl(frame: SseFrame, emit: Emit): 'done' | 'error' | null {
  if (frame.event === 'error') {
    emit({ type: 'server-error', error: serverError(errorFrameMessage(frame)) });
    return 'error';
  }
  if (frame.event === 'done' || (frame.data === '[DONE]' && frame.json === undefined)) {
    emit({ type: 'done' });
    return 'done';
  }
  return null;
}

/** The message of an `event: error` frame: the provider's error JSON (with its type), or its text. */
function errorFrameMessage(frame: SseFrame): string {
  const json = frameJson(frame);
  if (!isRecord(json)) return errorMessage(frame);
  const nested = json.error;
  return wireErrorMessage(isRecord(nested) || typeof nested === 'string' ? nested : json);
}

/**
 * The JSON object of a provider frame. A frame that is not one is either a control frame (see
 * {@link streamControl}; `onFatal` is told about an error, after which providers read nothing
 * more) or a protocol error. Returns `null` when the caller has nothing to read.
 */
export function objectFrame(
  frame: SseFrame,
  emit: Emit,
  onFatal: () => void,
): Record<string, unknown> | null {
  const control = streamControl(frame, emit);
  if (control !== null) {
    if (control === 'error') onFatal();
    return null;
  }
  const json = frameJson(frame);
  if (isRecord(json)) return json;
  emit({ type: 'protocol-error', error: protocolError('frame is not a JSON object', frameText(frame)) });
  return null;
}

/** A `sniff` for formats that name each event in a JSON `type` field: one of `types`. */
export function sniffJsonType(types: ReadonlySet<string>): (frame: SseFrame, json: unknown) => boolean {
  return (_frame, json) => isRecord(json) && typeof json.type === 'string' && types.has(json.type);
}

/** Each provider's words for why the model stopped, in toolstream's vocabulary (lower-cased). */
const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  complete: 'stop',
  completed: 'stop',
  tool_calls: 'tool-calls',
  tool_use: 'tool-calls',
  function_call: 'tool-calls',
  tool_call: 'tool-calls',
  length: 'length',
  max_tokens: 'length',
  max_output_tokens: 'length',
  model_context_window_exceeded: 'length',
  content_filter: 'content-filter',
  content_filtered: 'content-filter',
  guardrail_intervened: 'content-filter',
  safety: 'content-filter',
  recitation: 'content-filter',
  blocklist: 'content-filter',
  prohibited_content: 'content-filter',
  spii: 'content-filter',
  image_safety: 'content-filter',
  refusal: 'refusal',
  pause_turn: 'pause',
};

/**
 * Why the model stopped, as the wire said it (`max_tokens`, `MAX_TOKENS`, `length`…): emitted
 * in toolstream's vocabulary with the wire's own word kept. Nothing for a missing value. Several
 * providers say `stop` even when the model called tools (Gemini `STOP`, Ollama `stop`): with
 * `hasCalls` (the adapter saw a client call in this response) a plain stop is `tool-calls`.
 */
export function finish(emit: Emit, raw: unknown, hasCalls = false): void {
  if (typeof raw !== 'string' || raw === '') return;
  const key = raw.toLowerCase();
  let reason: FinishReason = Object.hasOwn(FINISH_REASONS, key) ? FINISH_REASONS[key]! : 'other';
  if (reason === 'stop' && hasCalls) reason = 'tool-calls';
  emit({ type: 'finish', reason, raw });
}

/** Whether a finish reason means the model was cut off: a call it was writing is not complete. */
export function isCutOff(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  const reason = FINISH_REASONS[raw.toLowerCase()];
  return reason === 'length' || reason === 'content-filter';
}

/** Token counts, each only when it is a finite number. Nothing when none is. */
export function usage(emit: Emit, fields: Partial<Record<keyof TokenUsage, unknown>>): void {
  const counts: TokenUsage = {};
  let any = false;
  for (const key of Object.keys(fields) as (keyof TokenUsage)[]) {
    const value = fields[key];
    if (typeof value === 'number' && Number.isFinite(value)) {
      counts[key] = value;
      any = true;
    }
  }
  if (any) emit({ type: 'usage', usage: counts });
}

/** The sum of the token counts that are numbers, or `undefined` when none is. */
export function sumTokens(...counts: unknown[]): number | undefined {
  let sum: number | undefined;
  for (const count of counts) {
    if (typeof count === 'number' && Number.isFinite(count)) sum = (sum ?? 0) + count;
  }
  return sum;
}

/**
 * A citation from wire fields: `source` must be a non-empty string; `title`, `quote` and `span`
 * are kept where the wire gave them (a span only when both ends are numbers, start ≤ end).
 */
export function citation(
  source: unknown,
  title?: unknown,
  quote?: unknown,
  start?: unknown,
  end?: unknown,
): Citation | null {
  if (typeof source !== 'string' || source === '') return null;
  const entry: Citation = { source };
  if (typeof title === 'string' && title !== '') entry.title = title;
  if (typeof quote === 'string' && quote !== '') entry.quote = quote;
  if (isOffset(start) && isOffset(end) && start <= end) entry.span = { start, end };
  return entry;
}

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Emits the citations that are not `null`. */
export function cite(emit: Emit, citations: readonly (Citation | null)[]): void {
  const list = citations.filter((entry): entry is Citation => entry !== null);
  if (list.length > 0) emit({ type: 'citations', citations: list });
}

/**
 * A provider-run tool's result as the text of its result phase **(choice)**: text as it is, a
 * list of text blocks joined, anything else as its JSON text without the opaque `encrypted_*`
 * fields (blobs that are only meant to be sent back to the provider).
 */
export function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((block) => isRecord(block) && block.type === 'text' && typeof block.text === 'string')
  ) {
    return value.map((block) => (block as { text: string }).text).join('');
  }
  return JSON.stringify(value, (key, entry) => (key.startsWith('encrypted_') ? undefined : entry)) ?? '';
}

/** The answer text an adapter has emitted so far (see {@link createTextCounter}). */
export interface TextCounter {
  /** Its length in UTF-16 code units: where the next piece of text starts in the answer. */
  readonly length: number;
  /** `emit`, counting the text that goes through it. */
  wrap(emit: Emit): Emit;
}

/**
 * Counts the answer text an adapter emits, so citations can say where in the answer they apply
 * (offsets in the text of this stream).
 */
export function createTextCounter(): TextCounter {
  let length = 0;
  return {
    get length() {
      return length;
    },
    wrap: (emit) => (event) => {
      if (event.type === 'text-delta') length += event.delta.length;
      emit(event);
    },
  };
}

/** Text split into answer and reasoning by a leading `<think>…</think>` block (see {@link createThinkSplitter}). */
export interface ThinkSplitter {
  /** A piece of the answer text as the wire sent it. */
  push(emit: Emit, delta: string): void;
  /** Emits what is held back: the stream ended, or something else (a call) comes next. */
  flush(emit: Emit): void;
}

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

/**
 * Reads answer text that may begin with the model's thinking in `<think>…</think>` (DeepSeek-R1,
 * Qwen3 and others on hosts that do not split it out): the block is reasoning, the rest is the
 * answer. Only a block at the very start counts (whitespace before it aside) **(choice: a model
 * that writes about the tag later in its answer keeps its text)**; the whitespace between
 * `</think>` and the answer is dropped. Tags split across pieces are found: a piece that might
 * be the start of a tag is held back until the next one says.
 */
export function createThinkSplitter(): ThinkSplitter {
  let state: 'start' | 'think' | 'after' | 'text' = 'start';
  let held = '';
  return {
    push(emit, delta) {
      if (delta === '') return;
      if (state === 'text') {
        text(emit, delta);
        return;
      }
      let rest = held + delta;
      held = '';
      if (state === 'start') {
        const trimmed = rest.trimStart();
        if (trimmed.startsWith(THINK_OPEN)) {
          state = 'think';
          rest = trimmed.slice(THINK_OPEN.length);
        } else if (THINK_OPEN.startsWith(trimmed)) {
          held = rest; // nothing yet, or the start of the tag
          return;
        } else {
          state = 'text';
          text(emit, rest);
          return;
        }
      }
      if (state === 'think') {
        const end = rest.indexOf(THINK_CLOSE);
        if (end === -1) {
          const keep = partialTagAtEnd(rest, THINK_CLOSE);
          reasoning(emit, rest.slice(0, rest.length - keep));
          held = rest.slice(rest.length - keep);
          return;
        }
        reasoning(emit, rest.slice(0, end));
        rest = rest.slice(end + THINK_CLOSE.length);
        state = 'after';
      }
      const answer = rest.trimStart();
      if (answer !== '') {
        state = 'text';
        text(emit, answer);
      }
    },
    flush(emit) {
      if (held === '') return;
      if (state === 'think') reasoning(emit, held);
      else text(emit, held);
      held = '';
      if (state === 'start') state = 'text';
    },
  };
}

/** How many characters at the end of `value` could be the start of `tag`. */
function partialTagAtEnd(value: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, value.length); length > 0; length--) {
    if (value.endsWith(tag.slice(0, length))) return length;
  }
  return 0;
}

/** Adds a data part to an answer's list and emits the list (see {@link createDataParts}). */
export type DataParts = (emit: Emit, part: DataPart) => void;

/**
 * The data parts of one answer, as an adapter keeps them: a part with an id replaces the earlier
 * part of the same name and id, in its place (the AI SDK's rule for data parts); any other is
 * added. Each change emits the whole list (a `data` event), which the reducer stores as it is.
 */
export function createDataParts(): DataParts {
  let parts: readonly DataPart[] = [];
  return (emit, part) => {
    const at =
      part.id === null ? -1 : parts.findIndex((entry) => entry.name === part.name && entry.id === part.id);
    parts = at < 0 ? [...parts, part] : parts.map((entry, index) => (index === at ? part : entry));
    emit({ type: 'data', parts });
  };
}
