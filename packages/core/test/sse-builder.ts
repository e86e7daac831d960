/**
 * Builds primary-protocol chunks and SSE text for tests, so no test hand-writes JSON or framing.
 *
 * ```ts
 * sse(text('Hi'), tools(call({ id: 'c1', name: 'search' })), frame('', { event: 'done' }))
 * ```
 */
import type {
  ChatMessageResponse,
  SseFrame,
  ToolCallResponse,
  ToolCallResponseDetails,
} from '../src/protocol/wire.js';

/** A wire `event_type`. Kept wide so tests can also send unknown ones. */
export type EventType = ToolCallResponse['event_type'];

/** Options of {@link call}: the fields of a `ToolCallResponse`, with short names and defaults. */
export interface CallSpec {
  id: string;
  /** `event_type`; defaults to `call`. */
  type?: EventType;
  /** `tool_name`; defaults to `tool`. */
  name?: string;
  /** `tool_response`; defaults to `''`. */
  response?: string;
  /** `tool_call_details`; defaults to `{}`. */
  details?: ToolCallResponseDetails;
  /** `stream_part`; omitted by default (a complete update). */
  part?: string | null;
  /** `is_complete`; defaults to `true`. */
  complete?: boolean;
}

/** One `ToolCallResponse`. Without `part` it is a complete update. */
export function call(spec: CallSpec): ToolCallResponse {
  const entry: ToolCallResponse = {
    call_id: spec.id,
    event_type: spec.type ?? 'call',
    tool_name: spec.name ?? 'tool',
    tool_response: spec.response ?? '',
    tool_call_details: spec.details ?? {},
    is_complete: spec.complete ?? true,
  };
  if (spec.part !== undefined) entry.stream_part = spec.part;
  return entry;
}

/** A streamed piece of a phase: `stream_part` set, `is_complete: false` unless told otherwise. */
export function part(
  id: string,
  streamPart: string,
  spec: Omit<CallSpec, 'id' | 'part'> = {},
): ToolCallResponse {
  return call({ complete: false, ...spec, id, part: streamPart });
}

/** A whole chunk; missing fields get the empty values every backend sends. */
export function chunk(fields: Partial<ChatMessageResponse> = {}): ChatMessageResponse {
  return { message: '', citations: [], tool_calls: [], ...fields };
}

/** A chunk with assistant text only. */
export function text(message: string): ChatMessageResponse {
  return chunk({ message });
}

/** A chunk with tool-call updates only. */
export function tools(...toolCalls: ToolCallResponse[]): ChatMessageResponse {
  return chunk({ tool_calls: toolCalls });
}

/** A chunk with citations only. */
export function cite(...citations: string[]): ChatMessageResponse {
  return chunk({ citations });
}

/** Line endings an SSE stream may use. */
export type LineEnding = '\n' | '\r\n' | '\r';

/** Options of {@link frame}. */
export interface FrameOptions {
  id?: string;
  event?: string;
  retry?: number;
  /** A `:` comment line before the fields. */
  comment?: string;
  eol?: LineEnding;
}

/**
 * One SSE event as text, blank line included. Objects become JSON; text with line breaks
 * becomes several `data:` lines (which a decoder joins with `\n` again).
 */
export function frame(data: string | object, options: FrameOptions = {}): string {
  const eol = options.eol ?? '\n';
  const lines: string[] = [];
  if (options.comment !== undefined) lines.push(`: ${options.comment}`);
  if (options.event !== undefined) lines.push(`event: ${options.event}`);
  if (options.id !== undefined) lines.push(`id: ${options.id}`);
  if (options.retry !== undefined) lines.push(`retry: ${options.retry}`);
  const body = typeof data === 'string' ? data : JSON.stringify(data);
  for (const line of body.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join(eol)}${eol}${eol}`;
}

/** An SSE stream of chunks and pre-built frames (strings are taken as already framed). */
export function sse(...items: (ChatMessageResponse | string)[]): string {
  return items.map((item) => (typeof item === 'string' ? item : frame(item))).join('');
}

/** An NDJSON stream of chunks. */
export function ndjson(...items: ChatMessageResponse[]): string {
  return items.map((item) => `${JSON.stringify(item)}\n`).join('');
}

/** An already-decoded frame, as the decoder hands it to adapters. */
export function sseFrame(data: string | object, options: { id?: string; event?: string } = {}): SseFrame {
  const result: SseFrame = { data: typeof data === 'string' ? data : JSON.stringify(data) };
  if (options.event !== undefined) result.event = options.event;
  if (options.id !== undefined) result.id = options.id;
  return result;
}

/** A typed-events frame (`message`, `tool_start`, `tool_end`, `error`, `done`). */
export function typed(event: string, data = ''): string {
  return frame(data, { event });
}
