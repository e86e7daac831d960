import { describeValue, protocolError } from '../errors.js';
import type { ToolPhaseName } from '../protocol/events.js';
import type { SseFrame, ToolEventType } from '../protocol/wire.js';
import type { AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
import { errorMessage, handleLifecycleFrame, serverError } from './common-events.js';
import { frameJson, frameText, isRecord } from './frame-json.js';
import { emitInputRequest } from './input-request.js';

// Bits of a call's entry: which phases were opened and closed.
const CALL_OPENED = 1;
const RESULT_OPENED = 2;
const CALL_CLOSED = 4;
const RESULT_CLOSED = 8;

/** The phase an `event_type` of the primary protocol belongs to, or `null` for any other value. */
function toolPhaseOf(eventType: unknown): ToolPhaseName | null {
  if (eventType === 'result' || eventType === 'delegation_result') return 'result';
  if (eventType === 'call' || eventType === 'delegation_call') return 'call';
  return null;
}

/**
 * The primary protocol: each frame's data is a `ChatMessageResponse` (see PROTOCOL.md §2).
 * Tracks which phases of which calls it has opened and closed, so each phase gets exactly one
 * `tool-start` and a part after completion is reported; everything else is stateless. A clean
 * end of the stream means the run is complete (`event: done` is optional).
 */
export function createChatMessageResponseAdapter(): StreamAdapter {
  /**
   * By `call_id`: the phases opened and closed, and the id string every event of the call
   * carries (the first one seen). Each frame brings a fresh copy of an id; passing on one string
   * per call lets the reducer's lookups by id find a hash V8 has already computed.
   */
  const calls = new Map<string, { bits: number; id: string }>();
  let done = false;

  // A parent named by a call is (almost always) a call seen before: pass on its string too.
  const canonicalId = (id: string | null) => (id === null ? null : (calls.get(id)?.id ?? id));

  const readToolCall = (value: unknown, frame: SseFrame, emit: Emit) => {
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
    const problem = phase === null ? `unknown event_type ${describeValue(eventType)}` : fieldProblem(value);
    if (phase === null || problem !== null) {
      emit({ type: 'protocol-error', error: protocolError(problem!, frameText(frame), wireId) });
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
          `part after completion: the ${phase} phase of call ${describeValue(callId)} is already complete`,
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
    const toolResponse = value.tool_response;
    if (typeof part === 'string') {
      emit({ type: 'tool-delta', callId, phase, delta: part, details });
      if (value.is_complete === false) return;
      entry.bits = bits | closed;
      // The final part may also carry the complete text, which wins over the parts.
      emit({
        type: 'tool-end',
        callId,
        phase,
        output: typeof toolResponse === 'string' && toolResponse !== '' ? toolResponse : null,
        details: null,
        error: toolError(value.tool_call_details),
      });
      if (phase === 'call') emitInputRequest(callId, value.tool_call_details, emit);
      return;
    }
    // No stream_part: a complete update, whatever is_complete says.
    entry.bits = bits | closed;
    emit({
      type: 'tool-end',
      callId,
      phase,
      output: typeof toolResponse === 'string' ? toolResponse : '',
      details,
      error: toolError(value.tool_call_details),
    });
    // A call that asks for an approval, the browser or an answer (PROTOCOL.md §11).
    if (phase === 'call') emitInputRequest(callId, value.tool_call_details, emit);
  };

  return {
    protocol: 'chat-message-response',
    push(frame, emit) {
      if (handleLifecycleFrame(frame, emit)) {
        done = true; // `done`, or an `error` that ended the run
        return;
      }
      if (frame.data === '[DONE]') {
        done = true;
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
        const sources = citations.filter((c): c is string => typeof c === 'string' && c !== '');
        if (sources.length > 0) emit({ type: 'citations', citations: sources.map((source) => ({ source })) });
        if (sources.length < citations.length && citations.some((c) => typeof c !== 'string')) {
          emit({
            type: 'protocol-error',
            error: protocolError('citations holds a value that is not a string', frameText(frame)),
          });
        }
      } else if (citations !== undefined && citations !== null) {
        emit({ type: 'protocol-error', error: protocolError('citations is not an array', frameText(frame)) });
      }
      if (Array.isArray(toolCalls)) {
        for (const toolCall of toolCalls) readToolCall(toolCall, frame, emit);
      } else if (toolCalls !== undefined && toolCalls !== null) {
        emit({
          type: 'protocol-error',
          error: protocolError('tool_calls is not an array', frameText(frame)),
        });
      }
      // Gateways report failures as `{"error": …}` in an ordinary frame.
      if (message === undefined && toolCalls === undefined && json.error !== undefined) {
        done = true;
        emit({ type: 'server-error', error: serverError(errorMessage({ data: '', json })) });
      }
    },
    end(emit) {
      // A clean end of the body is the end of the run (PROTOCOL.md §2).
      if (!done) emit({ type: 'done' });
    },
  };
}

/**
 * What is wrong with the types of an entry's optional fields (each may be absent or `null`), or
 * `null`. An entry with a field of the wrong type is rejected whole (one protocol error), rather
 * than read half: the other entries of the frame still apply. (Written out field by field: this
 * runs for every entry of a stream.)
 */
function fieldProblem(entry: Record<string, unknown>): string | null {
  const name = entry.tool_name;
  if (name != null && typeof name !== 'string') return wrongType('tool_name', name, 'a string');
  const response = entry.tool_response;
  if (response != null && typeof response !== 'string')
    return wrongType('tool_response', response, 'a string');
  const part = entry.stream_part;
  if (part != null && typeof part !== 'string') return wrongType('stream_part', part, 'a string');
  const complete = entry.is_complete;
  if (complete != null && typeof complete !== 'boolean')
    return wrongType('is_complete', complete, 'a boolean');
  const details = entry.tool_call_details;
  if (details != null && !isRecord(details)) return wrongType('tool_call_details', details, 'an object');
  return null;
}

function wrongType(field: string, value: unknown, expected: string): string {
  return `${field} is ${describeValue(value)}, not ${expected}`;
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
