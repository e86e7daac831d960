import { protocolError } from '../../errors.js';
import type { FinishReason, TokenUsage } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { Emit } from '../adapter.js';
import { handleLifecycleFrame } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';

/**
 * Small emitters shared by the provider adapters. Provider calls are plain tool calls (kind
 * `tool`, no parent, no sub-agent) whose call phase carries JSON arguments.
 */

/** Opens a call's call phase and marks it as one that has arguments (`""` so far, which means `{}`). */
export function startCall(
  emit: Emit,
  callId: string,
  toolName: string,
  details: Readonly<Record<string, unknown>> | null = null,
): void {
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
  emit({ type: 'tool-args-delta', callId, delta: '' });
}

/** A piece of a call's raw argument text. */
export function argsDelta(emit: Emit, callId: string, delta: string): void {
  if (delta !== '') emit({ type: 'tool-args-delta', callId, delta });
}

/** Closes a call's call phase; the reducer parses the accumulated text unless `final` says otherwise. */
export function endCall(
  emit: Emit,
  callId: string,
  final: { argsText?: string; args?: Readonly<Record<string, unknown>> } = {},
): void {
  emit({ type: 'tool-end', callId, phase: 'call', output: null, details: null, error: null, ...final });
}

/**
 * A call that arrives whole (Ollama native, Gemini, Groq-like servers): start, arguments, end.
 * Object arguments are sent on as their JSON text, so every call has a raw string.
 */
export function wholeCall(
  emit: Emit,
  callId: string,
  toolName: string,
  args: unknown,
  details: Readonly<Record<string, unknown>> | null = null,
): void {
  startCall(emit, callId, toolName, details);
  argsDelta(emit, callId, argumentText(args));
  endCall(emit, callId);
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
