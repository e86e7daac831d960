import { finishArguments, parseArguments, partialArguments } from '../../args/arguments.js';
import { createPartialJsonParser, type PartialJsonParser } from '../../args/partial-json.js';
import { describeValue, protocolError } from '../../errors.js';
import type { FinishReason, TokenUsage } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { Emit } from '../adapter.js';
import { handleLifecycleFrame } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';

/**
 * Small emitters shared by the provider adapters. Provider calls are plain tool calls (kind
 * `tool`, no parent, no sub-agent) whose call phase carries JSON arguments.
 */

/** Final arguments a format sends whole: the raw text, and/or the value itself. */
export interface FinalArguments {
  argsText?: string;
  args?: Readonly<Record<string, unknown>>;
}

/** The call emitters of one adapter (see {@link createCallWriter}). */
export interface CallWriter {
  /** Opens a call's call phase, as one that has arguments (`""` so far, which means `{}`). */
  startCall(
    emit: Emit,
    callId: string,
    toolName: string,
    details?: Readonly<Record<string, unknown>> | null,
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
    startCall(emit, callId, toolName, details = null) {
      emit({
        type: 'tool-start',
        callId,
        phase: 'call',
        toolName,
        kind: 'tool',
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
    wholeCall(emit, callId, toolName, args, details = null) {
      writer.startCall(emit, callId, toolName, details);
      writer.argsDelta(emit, callId, argumentText(args));
      writer.endCall(emit, callId);
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

/** The message of an `error` value: a string, or an object with `message` (and `type` / `code`). */
export function wireErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (isRecord(error)) {
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'error';
    const kind = [error.type, error.code, error.status].find((k): k is string => typeof k === 'string') ?? '';
    return kind === '' || message.includes(kind) ? message : `${message} (${kind})`;
  }
  return 'The server reported an error.';
}

/**
 * The JSON object of a provider frame. A frame that is not one is either an SSE `done` /
 * `error` event (handled here; `onFatal` is told about an error event, after which providers
 * read nothing more) or a protocol error. Returns `null` when the caller has nothing to read.
 */
export function objectFrame(
  frame: SseFrame,
  emit: Emit,
  onFatal: () => void,
): Record<string, unknown> | null {
  const json = frameJson(frame);
  if (isRecord(json)) return json;
  if (handleLifecycleFrame(frame, emit)) {
    if (frame.event === 'error') onFatal();
    return null;
  }
  emit({ type: 'protocol-error', error: protocolError('frame is not a JSON object', frameText(frame)) });
  return null;
}

/** A `sniff` for formats that name each event in a JSON `type` field: one of `types`. */
export function sniffJsonType(types: ReadonlySet<string>): (frame: SseFrame, json: unknown) => boolean {
  return (_frame, json) => isRecord(json) && typeof json.type === 'string' && types.has(json.type);
}

/** Each provider's words for why the model stopped, in toolstream's vocabulary. */
const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  complete: 'stop',
  tool_calls: 'tool-calls',
  tool_use: 'tool-calls',
  function_call: 'tool-calls',
  tool_call: 'tool-calls',
  length: 'length',
  max_tokens: 'length',
  max_output_tokens: 'length',
  model_context_window_exceeded: 'length',
  content_filter: 'content-filter',
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
 * in toolstream's vocabulary with the wire's own word kept. Nothing for a missing value.
 */
export function finish(emit: Emit, raw: unknown): void {
  if (typeof raw !== 'string' || raw === '') return;
  const reason = Object.hasOwn(FINISH_REASONS, raw.toLowerCase())
    ? FINISH_REASONS[raw.toLowerCase()]!
    : 'other';
  emit({ type: 'finish', reason, raw });
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
