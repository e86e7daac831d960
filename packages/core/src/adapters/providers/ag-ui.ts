import { protocolError } from '../../errors.js';
import type { AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  createCallWriter,
  objectFrame,
  providerId,
  reasoning,
  sniffJsonType,
  stringOr,
  text,
} from './provider-events.js';

/** Event types of the AG-UI protocol (`@ag-ui/core`), for `auto`. */
const EVENT_TYPES: ReadonlySet<string> = new Set([
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'THINKING_START',
  'THINKING_END',
  'THINKING_TEXT_MESSAGE_START',
  'THINKING_TEXT_MESSAGE_CONTENT',
  'THINKING_TEXT_MESSAGE_END',
  'REASONING_START',
  'REASONING_END',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'MESSAGES_SNAPSHOT',
  'RAW',
  'CUSTOM',
]);

/**
 * AG-UI events (`data: <JSON>` with an upper-case `type`): text from `TEXT_MESSAGE_CONTENT` /
 * `TEXT_MESSAGE_CHUNK`, thinking from `THINKING_TEXT_MESSAGE_CONTENT` (`REASONING_*` in newer
 * versions), calls from `TOOL_CALL_START` / `ARGS` / `END` (tracked by `toolCallId`, so several
 * can be open and interleave) or the `TOOL_CALL_CHUNK` shorthand, and `TOOL_CALL_RESULT` as the
 * call's result phase (its `content` is the output). `RUN_FINISHED` ends the run — with its
 * interrupts and pending frontend-tool calls as calls that wait for input (PROTOCOL.md §11) —
 * and `RUN_ERROR` is fatal. State, step and custom events are not part of the conversation and
 * are skipped.
 */
export function createAgUiAdapter(): StreamAdapter {
  const { startCall, argsDelta, endCall, result } = createCallWriter();
  /** Calls opened here, and whether their call phase is closed. */
  const calls = new Map<string, { closed: boolean }>();
  /** The call `TOOL_CALL_CHUNK`s without an id continue. */
  let chunkCall: string | null = null;
  let failed = false;

  const openCall = (callId: string, name: string, parentMessageId: unknown, emit: Emit) => {
    calls.set(callId, { closed: false });
    const details = typeof parentMessageId === 'string' ? { parent_message_id: parentMessageId } : null;
    startCall(emit, callId, name, details);
  };

  const closeCall = (callId: string, emit: Emit) => {
    const call = calls.get(callId);
    if (call === undefined || call.closed) return;
    call.closed = true;
    endCall(emit, callId);
  };

  /** A chunked call ends when anything but a chunk of that call arrives. */
  const endChunkCall = (emit: Emit) => {
    if (chunkCall === null) return;
    closeCall(chunkCall, emit);
    chunkCall = null;
  };

  const unknownCall = (type: string, frame: Parameters<StreamAdapter['push']>[0], emit: Emit) => {
    emit({
      type: 'protocol-error',
      error: protocolError(`${type} for a tool call that has not started`, frameText(frame)),
    });
  };

  return {
    protocol: 'ag-ui',
    push(frame, emit) {
      if (failed) return;
      const json = objectFrame(frame, emit, () => {
        failed = true;
      });
      if (json === null) return;
      const type = stringOr(json.type);
      if (type !== 'TOOL_CALL_CHUNK') endChunkCall(emit);
      const callId = providerId(json.toolCallId);
      switch (type) {
        case 'TEXT_MESSAGE_CONTENT':
        case 'TEXT_MESSAGE_CHUNK':
          text(emit, json.delta);
          return;
        case 'THINKING_TEXT_MESSAGE_CONTENT':
        case 'REASONING_MESSAGE_CONTENT':
        case 'REASONING_MESSAGE_CHUNK':
          reasoning(emit, json.delta);
          return;
        case 'TOOL_CALL_START':
          if (callId === null || calls.has(callId)) {
            emit({
              type: 'protocol-error',
              error: protocolError(
                callId === null
                  ? 'TOOL_CALL_START without a toolCallId'
                  : `TOOL_CALL_START for ${callId} again`,
                frameText(frame),
              ),
            });
            return;
          }
          openCall(callId, stringOr(json.toolCallName), json.parentMessageId, emit);
          return;
        case 'TOOL_CALL_ARGS':
          if (callId === null || !calls.has(callId)) unknownCall(type, frame, emit);
          else argsDelta(emit, callId, stringOr(json.delta));
          return;
        case 'TOOL_CALL_END':
          if (callId === null || !calls.has(callId)) unknownCall(type, frame, emit);
          else closeCall(callId, emit);
          return;
        case 'TOOL_CALL_CHUNK': {
          const id = callId ?? chunkCall;
          if (id === null) {
            unknownCall(type, frame, emit);
            return;
          }
          if (id !== chunkCall) {
            endChunkCall(emit);
            if (!calls.has(id)) openCall(id, stringOr(json.toolCallName), json.parentMessageId, emit);
            chunkCall = id;
          }
          argsDelta(emit, id, stringOr(json.delta));
          return;
        }
        case 'TOOL_CALL_RESULT': {
          if (callId === null) {
            unknownCall(type, frame, emit);
            return;
          }
          // A result means the call was made: close its call phase if the wire did not.
          closeCall(callId, emit);
          const details = typeof json.messageId === 'string' ? { result_message_id: json.messageId } : null;
          const content =
            typeof json.content === 'string' ? json.content : JSON.stringify(json.content ?? '');
          result(emit, callId, content, { kind: 'tool', details });
          return;
        }
        case 'RUN_FINISHED':
          emitInterrupts(json, emit);
          emit({ type: 'done' });
          return;
        case 'RUN_ERROR':
          failed = true;
          emit({
            type: 'server-error',
            error: serverError(
              typeof json.code === 'string' && json.code !== ''
                ? `${stringOr(json.message, 'run failed')} (${json.code})`
                : stringOr(json.message, 'The run failed.'),
            ),
          });
          return;
        default:
          // RUN_STARTED, *_START / *_END markers, steps, state, messages snapshots, RAW, CUSTOM.
          return;
      }
    },
    end() {},
  };
}

/** The AG-UI adapter's {@link AdapterDefinition}. */
export const agUiProtocol: AdapterDefinition = {
  name: 'ag-ui',
  sniff: sniffJsonType(EVENT_TYPES),
  create: () => createAgUiAdapter(),
};

/**
 * What a `RUN_FINISHED` waits for: each interrupt of an `interrupt` outcome (an approval when it
 * is about a tool call, else a question the person answers, shown as a call of its own), and the
 * frontend-tool calls a `success` outcome leaves pending, for the browser to run.
 */
function emitInterrupts(json: Record<string, unknown>, emit: Emit): void {
  const outcome = json.outcome;
  // The draft's shape (`outcome: "interrupt"`, `interrupt: {…}`) and the current one.
  const interrupts = isRecord(outcome)
    ? outcome.type === 'interrupt' && Array.isArray(outcome.interrupts)
      ? outcome.interrupts
      : []
    : outcome === 'interrupt' && isRecord(json.interrupt)
      ? [json.interrupt]
      : [];
  for (const interrupt of interrupts) {
    if (!isRecord(interrupt)) continue;
    const id = typeof interrupt.id === 'string' && interrupt.id !== '' ? interrupt.id : null;
    const reason = typeof interrupt.reason === 'string' && interrupt.reason !== '' ? interrupt.reason : null;
    const text =
      typeof interrupt.message === 'string' && interrupt.message !== '' ? interrupt.message : reason;
    const toolCallId = typeof interrupt.toolCallId === 'string' ? interrupt.toolCallId : null;
    if (toolCallId !== null) {
      emit({
        type: 'input-required',
        callId: toolCallId,
        kind: 'approval',
        ref: id,
        editable: false,
        message: text,
      });
      continue;
    }
    const callId = id ?? `interrupt-${reason ?? 'input'}`;
    const details = interrupt.payload === undefined ? null : { payload: interrupt.payload };
    emit({
      type: 'tool-start',
      callId,
      phase: 'call',
      toolName: reason ?? 'input',
      kind: 'tool',
      parentCallId: null,
      agent: null,
      eventType: 'interrupt',
      details,
    });
    emit({ type: 'tool-end', callId, phase: 'call', output: null, details: null, error: null });
    emit({ type: 'input-required', callId, kind: 'input', ref: id, editable: false, message: text });
  }
  const pending =
    isRecord(outcome) && Array.isArray(outcome.pendingToolCallIds) ? outcome.pendingToolCallIds : [];
  for (const callId of pending) {
    if (typeof callId !== 'string' || callId === '') continue;
    emit({ type: 'input-required', callId, kind: 'client', ref: null, editable: false, message: null });
  }
}
