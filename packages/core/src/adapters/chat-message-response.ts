import { protocolError } from '../errors.js';
import type { ToolCallKind, ToolPhaseName } from '../protocol/events.js';
import type { SseFrame, ToolEventType } from '../protocol/wire.js';
import type { AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
import { handleLifecycleFrame, serverError } from './common-events.js';
import { frameJson, frameText, isRecord } from './frame-json.js';

const OPENED_BIT: Record<ToolPhaseName, number> = { call: 1, result: 2 };
const CLOSED_BIT: Record<ToolPhaseName, number> = { call: 4, result: 8 };

function isToolEventType(value: unknown): value is ToolEventType {
  return (
    value === 'call' || value === 'result' || value === 'delegation_call' || value === 'delegation_result'
  );
}

/**
 * The primary protocol: each frame's data is a `ChatMessageResponse` (see PROTOCOL.md).
 * Tracks which phases of which calls it has opened, so each phase gets exactly one
 * `tool-start`; everything else is stateless.
 */
export function createChatMessageResponseAdapter(): StreamAdapter {
  // call_id → bit set of the phases opened (1: call, 2: result) and closed (4: call, 8: result).
  const phases = new Map<string, number>();

  const readToolCall = (value: unknown, frame: SseFrame, emit: Emit) => {
    if (!isRecord(value)) {
      emit({
        type: 'protocol-error',
        error: protocolError('tool_calls entry is not an object', frameText(frame)),
      });
      return;
    }
    const callId = value.call_id;
    if (typeof callId !== 'string' || callId === '') {
      emit({ type: 'protocol-error', error: protocolError('tool call without call_id', frameText(frame)) });
      return;
    }
    const eventType = value.event_type;
    if (!isToolEventType(eventType)) {
      emit({
        type: 'protocol-error',
        error: protocolError(`unknown event_type ${JSON.stringify(eventType)}`, frameText(frame), callId),
      });
      return;
    }
    const phase: ToolPhaseName = eventType === 'call' || eventType === 'delegation_call' ? 'call' : 'result';
    const kind: ToolCallKind =
      eventType === 'delegation_call' || eventType === 'delegation_result' ? 'delegation' : 'tool';
    let details = isRecord(value.tool_call_details) ? value.tool_call_details : null;

    let bits = phases.get(callId) ?? 0;
    if ((bits & CLOSED_BIT[phase]) !== 0) {
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
    if ((bits & OPENED_BIT[phase]) === 0) {
      bits |= OPENED_BIT[phase];
      // A result implies the call was made: its phase is over.
      if (phase === 'result') bits |= OPENED_BIT.call | CLOSED_BIT.call;
      phases.set(callId, bits);
      emit({
        type: 'tool-start',
        callId,
        phase,
        toolName: typeof value.tool_name === 'string' ? value.tool_name : '',
        kind,
        parentCallId: stringOrNull(details?.parent_call_id),
        agent: stringOrNull(details?.agent),
        eventType,
        details,
      });
      details = null; // already carried by tool-start
    }

    const part = value.stream_part;
    const toolResponse = typeof value.tool_response === 'string' ? value.tool_response : '';
    if (part !== undefined && part !== null) {
      emit({
        type: 'tool-delta',
        callId,
        phase,
        delta: typeof part === 'string' ? part : String(part),
        details,
      });
      if (value.is_complete === false) return;
      phases.set(callId, bits | CLOSED_BIT[phase]);
      // The final part may also carry the complete text, which wins over the parts.
      emit({
        type: 'tool-end',
        callId,
        phase,
        output: toolResponse === '' ? null : toolResponse,
        details: null,
        error: toolError(value.tool_call_details),
      });
      return;
    }
    // No stream_part: a complete update, whatever is_complete says.
    phases.set(callId, bits | CLOSED_BIT[phase]);
    emit({
      type: 'tool-end',
      callId,
      phase,
      output: toolResponse,
      details,
      error: toolError(value.tool_call_details),
    });
  };

  return {
    protocol: 'chat-message-response',
    push(frame, emit) {
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
        for (const toolCall of toolCalls) readToolCall(toolCall, frame, emit);
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
    },
    end() {},
  };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A tool's failure, as backends put it in `tool_call_details` (`error`, or `status: "error"`). */
function toolError(details: unknown): string | null {
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
