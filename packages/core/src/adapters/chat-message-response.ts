import { protocolError } from '../errors.js';
import type { ToolPhaseName } from '../protocol/events.js';
import type { SseFrame, ToolEventType } from '../protocol/wire.js';
import type { AdapterDefinition, StreamAdapter } from './adapter.js';
import { handleLifecycleFrame, serverError } from './common-events.js';
import { type Emit, type EventSink, eventSink } from './event-sink.js';
import { frameJson, frameText, isRecord } from './frame-json.js';

// Bits of a call's entry: which phases were opened and closed.
export const CALL_OPENED = 1;
export const RESULT_OPENED = 2;
export const CALL_CLOSED = 4;
export const RESULT_CLOSED = 8;

/**
 * What the adapter knows of a call: the phases opened and closed ({@link CALL_OPENED}…), and the
 * id string every event of the call carries (the first one seen).
 */
export interface CallEntry {
  bits: number;
  id: string;
}

/**
 * The phase an `event_type` of the primary protocol belongs to, or `null` for any other value: the
 * one place the protocol's event types are read, for the adapter and `reduceStream`'s fast path.
 */
export function toolPhaseOf(eventType: unknown): ToolPhaseName | null {
  if (eventType === 'delegation_result' || eventType === 'result') return 'result';
  if (eventType === 'delegation_call' || eventType === 'call') return 'call';
  return null;
}

/**
 * The primary protocol: each frame's data is a `ChatMessageResponse` (see PROTOCOL.md).
 * Tracks which phases of which calls it has opened, so each phase gets exactly one
 * `tool-start`; everything else is stateless.
 */
export function createChatMessageResponseAdapter(): StreamAdapter {
  return chatMessageResponseReader(new Map());
}

/**
 * The adapter, continuing from what a reader of the stream's first frames already knew of its
 * calls (`reduceStream`'s fast path hands over to it on the first frame it does not read itself).
 * `calls` maps each wire `call_id` to its {@link CallEntry}; the adapter keeps updating it.
 */
export function chatMessageResponseReader(calls: Map<string, CallEntry>): StreamAdapter {
  // Each frame brings a fresh copy of a call's id; passing on one string per call (the entry's
  // `id`) lets the reducer's lookups by id take V8's fast path for a string it has already used
  // as a key.

  // A parent named by a call is (almost always) a call seen before: pass on its string too.
  const canonicalId = (id: string | null) => (id === null ? null : (calls.get(id)?.id ?? id));

  const readToolCall = (value: unknown, frame: SseFrame, sink: EventSink) => {
    const emit = sink.emit;
    if (!isRecord(value)) {
      emit({
        type: 'protocol-error',
        error: protocolError('tool_calls entry is not an object', frameText(frame)),
      });
      return;
    }
    const wireId = value.call_id;
    if (typeof wireId !== 'string' || wireId === '') {
      emit({ type: 'protocol-error', error: protocolError('tool call without call_id', frameText(frame)) });
      return;
    }
    const eventType = value.event_type;
    const phase = toolPhaseOf(eventType);
    if (phase === null) {
      emit({
        type: 'protocol-error',
        error: protocolError(`unknown event_type ${JSON.stringify(eventType)}`, frameText(frame), wireId),
      });
      return;
    }
    const opened = phase === 'call' ? CALL_OPENED : RESULT_OPENED;
    const closed = phase === 'call' ? CALL_CLOSED : RESULT_CLOSED;
    let details = isRecord(value.tool_call_details) ? value.tool_call_details : null;

    let entry = calls.get(wireId);
    if (entry === undefined) {
      entry = { bits: 0, id: wireId };
      calls.set(wireId, entry);
    }
    const callId = entry.id;
    let bits = entry.bits;
    if ((bits & closed) !== 0) {
      emit({
        type: 'protocol-error',
        error: protocolError(
          `part after completion: the ${phase} phase of call ${JSON.stringify(callId)} is already complete`,
          frameText(frame),
          callId,
        ),
      });
      return;
    }
    if ((bits & opened) === 0) {
      bits |= opened;
      // A result implies the call was made: its phase is over.
      if (phase === 'result') bits |= CALL_OPENED | CALL_CLOSED;
      entry.bits = bits;
      emit({
        type: 'tool-start',
        callId,
        phase,
        toolName: typeof value.tool_name === 'string' ? value.tool_name : '',
        kind: eventType === 'delegation_call' || eventType === 'delegation_result' ? 'delegation' : 'tool',
        parentCallId: canonicalId(stringOrNull(details?.parent_call_id)),
        agent: stringOrNull(details?.agent),
        eventType: eventType as ToolEventType, // one of the four: `toolPhaseOf` gave it a phase
        details,
      });
      details = null; // already carried by tool-start
    }

    const part = value.stream_part;
    if (part !== undefined && part !== null) {
      sink.toolDelta(callId, phase, typeof part === 'string' ? part : String(part), details);
      if (value.is_complete === false) return;
      entry.bits = bits | closed;
      // The final part may also carry the complete text, which wins over the parts.
      const toolResponse = value.tool_response;
      emit({
        type: 'tool-end',
        callId,
        phase,
        output: typeof toolResponse === 'string' && toolResponse !== '' ? toolResponse : null,
        details: null,
        error: toolError(value.tool_call_details),
      });
      return;
    }
    // No stream_part: a complete update, whatever is_complete says.
    entry.bits = bits | closed;
    const toolResponse = value.tool_response;
    emit({
      type: 'tool-end',
      callId,
      phase,
      output: typeof toolResponse === 'string' ? toolResponse : '',
      details,
      error: toolError(value.tool_call_details),
    });
  };

  // `push` callers pass a plain emit function: wrap it once, not per frame.
  let lastEmit: Emit | null = null;
  let lastSink: EventSink | null = null;
  const sinkOf = (emit: Emit): EventSink => {
    if (emit !== lastEmit) {
      lastEmit = emit;
      lastSink = eventSink(emit);
    }
    return lastSink!;
  };

  const pushTo = (frame: SseFrame, sink: EventSink) => {
    const emit = sink.emit;
    if (handleLifecycleFrame(frame, emit)) return;
    if (frame.data === '[DONE]') {
      emit({ type: 'done' });
      return;
    }
    const json = frameJson(frame);
    if (!isRecord(json)) {
      emit({
        type: 'protocol-error',
        error: protocolError(
          json === undefined ? 'frame is not valid JSON' : 'frame is not a JSON object',
          frameText(frame),
        ),
      });
      return;
    }
    const { message, citations, tool_calls: toolCalls } = json;
    // An object with none of the fields (nor a gateway `error`) is another format, not a no-op.
    if (
      message === undefined &&
      citations === undefined &&
      toolCalls === undefined &&
      json.error === undefined
    ) {
      emit({
        type: 'protocol-error',
        error: protocolError(
          'frame is not a ChatMessageResponse (no message, citations or tool_calls)',
          frameText(frame),
        ),
      });
      return;
    }
    if (typeof message === 'string') {
      if (message !== '') emit({ type: 'text-delta', delta: message });
    } else if (message !== undefined && message !== null) {
      emit({ type: 'protocol-error', error: protocolError('message is not a string', frameText(frame)) });
    }
    if (Array.isArray(citations)) {
      if (citations.length > 0) {
        emit({ type: 'citations', citations: citations.filter((c): c is string => typeof c === 'string') });
      }
    } else if (citations !== undefined && citations !== null) {
      emit({ type: 'protocol-error', error: protocolError('citations is not an array', frameText(frame)) });
    }
    if (Array.isArray(toolCalls)) {
      for (const toolCall of toolCalls) readToolCall(toolCall, frame, sink);
    } else if (toolCalls !== undefined && toolCalls !== null) {
      emit({
        type: 'protocol-error',
        error: protocolError('tool_calls is not an array', frameText(frame)),
      });
    }
    // Gateways report failures as `{"error": …}` in an ordinary frame.
    if (message === undefined && toolCalls === undefined && json.error !== undefined) {
      const error = json.error;
      const text = isRecord(error) && typeof error.message === 'string' ? error.message : String(error);
      emit({ type: 'server-error', error: serverError(text) });
    }
  };

  return {
    protocol: 'chat-message-response',
    push: (frame, emit) => pushTo(frame, sinkOf(emit)),
    pushTo,
    end() {},
  };
}

/** A non-empty string, or `null`. */
export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A tool's failure, as backends put it in `tool_call_details` (`error`, or `status: "error"`). */
export function toolError(details: unknown): string | null {
  if (!isRecord(details)) return null;
  if (typeof details.error === 'string' && details.error !== '') return details.error;
  if (details.status === 'error' || details.status === 'failed') return 'the tool reported a failure';
  return null;
}

/** The primary protocol's {@link AdapterDefinition}. */
export const chatMessageResponseProtocol: AdapterDefinition = {
  name: 'chat-message-response',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    return isRecord(json) && (Array.isArray(json.tool_calls) || typeof json.message === 'string');
  },
  create: () => createChatMessageResponseAdapter(),
};
