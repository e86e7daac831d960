import { describeValue, protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  createCallWriter,
  objectFrame,
  providerId,
  reasoning,
  stringOr,
  text,
  wireErrorMessage,
} from './provider-events.js';

/** A `function_call` (JSON arguments) or `custom_tool_call` (free-form text input) item. */
interface ResponsesCall {
  callId: string;
  name: string;
  custom: boolean;
  /** The argument text (or free-form input) so far. */
  text: string;
  closed: boolean;
}

/**
 * The OpenAI Responses API: `response.output_item.added` opens an item (a `function_call` has
 * the `call_id` results go back with, and an item id `fc_…`), argument pieces come in
 * `response.function_call_arguments.delta` and the whole text in `.done` (taken as final), text
 * in `response.output_text.delta`, reasoning summaries in `response.reasoning_summary_text.delta`.
 * Pieces name their item by `output_index` and `item_id`, never `call_id`: they are matched by
 * `output_index` first, because a proxy (GitHub Copilot) changes `item_id` on every event.
 * `response.completed` / `.incomplete` end the stream; `response.failed` and `error` are fatal.
 * Free-form `custom_tool_call` input is kept as `{input: "<text>"}`.
 */
export function createOpenAiResponsesAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall, wholeCall } = createCallWriter();
  const byOutput = new Map<number, ResponsesCall>();
  const byItem = new Map<string, ResponsesCall>();
  const byCallId = new Map<string, ResponsesCall>();
  let failed = false;

  const find = (json: Record<string, unknown>): ResponsesCall | undefined => {
    if (typeof json.output_index === 'number') {
      const call = byOutput.get(json.output_index);
      if (call !== undefined) return call;
    }
    if (typeof json.item_id === 'string') {
      const call = byItem.get(json.item_id);
      if (call !== undefined) return call;
    }
    // xAI puts `call_id` on the pieces too.
    return typeof json.call_id === 'string' ? byCallId.get(json.call_id) : undefined;
  };

  const open = (item: Record<string, unknown>, outputIndex: unknown, emit: Emit) => {
    const custom = item.type === 'custom_tool_call';
    const wire = providerId(item.call_id);
    if (wire !== null && byCallId.has(wire)) return; // announced twice
    const callId = wire ?? providerId(item.id) ?? context.generateId('call');
    const call: ResponsesCall = { callId, name: stringOr(item.name), custom, text: '', closed: false };
    if (typeof outputIndex === 'number') byOutput.set(outputIndex, call);
    if (typeof item.id === 'string') byItem.set(item.id, call);
    byCallId.set(callId, call);
    startCall(emit, callId, call.name, typeof item.id === 'string' ? { item_id: item.id } : null);
    piece(call, stringOr(custom ? item.input : item.arguments), emit);
  };

  const piece = (call: ResponsesCall, delta: string, emit: Emit) => {
    if (call.closed || delta === '') return;
    call.text += delta;
    if (call.custom)
      emit({ type: 'tool-args-delta', callId: call.callId, delta, args: { input: call.text } });
    else argsDelta(emit, call.callId, delta);
  };

  /** Closes a call; `final` is the whole text when the event carries it (it wins over the pieces). */
  const close = (call: ResponsesCall, final: unknown, emit: Emit) => {
    if (call.closed) return;
    call.closed = true;
    const whole = typeof final === 'string' ? final : call.text;
    if (call.custom) {
      endCall(emit, call.callId, { argsText: whole, args: { input: whole } });
      return;
    }
    endCall(emit, call.callId, whole === call.text ? {} : { argsText: whole });
    if (call.name === 'parallel' || call.name === 'multi_tool_use.parallel') {
      // Some models leak the parallel-tool wrapper as one call. Splitting it would need the
      // results merged back under this one call_id, which only the caller can do: flag it.
      emit({
        type: 'protocol-error',
        error: protocolError(
          `call ${describeValue(call.callId)} is a multi_tool_use.parallel wrapper: its tool_uses are not split`,
          whole,
          call.callId,
        ),
      });
    }
  };

  /** Items of `response.completed.output` that never streamed (a proxy that sends only the end). */
  const readFinalOutput = (response: unknown, emit: Emit) => {
    const output = isRecord(response) && Array.isArray(response.output) ? response.output : [];
    for (const item of output) {
      if (!isRecord(item) || item.type !== 'function_call') continue;
      const wire = providerId(item.call_id);
      if (wire === null || byCallId.has(wire)) continue;
      byCallId.set(wire, { callId: wire, name: stringOr(item.name), custom: false, text: '', closed: true });
      wholeCall(emit, wire, stringOr(item.name), stringOr(item.arguments));
    }
  };

  return {
    protocol: 'openai-responses',
    push(frame, emit) {
      if (failed) return;
      const json = objectFrame(frame, emit, () => {
        failed = true;
      });
      if (json === null) return;
      const type = typeof json.type === 'string' ? json.type : frame.event;
      switch (type) {
        case 'response.output_item.added':
          if (
            isRecord(json.item) &&
            (json.item.type === 'function_call' || json.item.type === 'custom_tool_call')
          ) {
            open(json.item, json.output_index, emit);
          }
          return;
        case 'response.function_call_arguments.delta':
        case 'response.custom_tool_call_input.delta': {
          const call = find(json);
          if (call === undefined) {
            emit({
              type: 'protocol-error',
              error: protocolError('argument piece for an unknown output item', frameText(frame)),
            });
            return;
          }
          piece(call, stringOr(json.delta), emit);
          return;
        }
        case 'response.function_call_arguments.done':
        case 'response.custom_tool_call_input.done': {
          const call = find(json);
          if (call !== undefined) close(call, call.custom ? json.input : json.arguments, emit);
          return;
        }
        case 'response.output_item.done': {
          const item = isRecord(json.item) ? json.item : null;
          if (item === null || (item.type !== 'function_call' && item.type !== 'custom_tool_call')) return;
          const wire = providerId(item.call_id);
          const call = find(json) ?? (wire === null ? undefined : byCallId.get(wire));
          if (call !== undefined) close(call, call.custom ? item.input : item.arguments, emit);
          return;
        }
        case 'response.output_text.delta':
        case 'response.refusal.delta':
          text(emit, json.delta);
          return;
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          reasoning(emit, json.delta);
          return;
        case 'response.output_text.annotation.added': {
          const url = isRecord(json.annotation) ? json.annotation.url : undefined;
          if (typeof url === 'string' && url !== '')
            emit({ type: 'citations', citations: [{ source: url }] });
          return;
        }
        case 'response.completed':
          readFinalOutput(json.response, emit);
          emit({ type: 'done' });
          return;
        case 'response.incomplete':
          // Cut short (max_output_tokens…): open calls stay incomplete.
          emit({ type: 'done' });
          return;
        case 'response.failed': {
          failed = true;
          const response = isRecord(json.response) ? json.response : {};
          emit({
            type: 'server-error',
            error: serverError(wireErrorMessage(response.error ?? 'the response failed')),
          });
          return;
        }
        case 'error':
          failed = true;
          // The event's own `type` is "error": the kind is in `code`.
          emit({
            type: 'server-error',
            error: serverError(
              wireErrorMessage(
                isRecord(json.error) ? json.error : { message: json.message, code: json.code },
              ),
            ),
          });
          return;
        default:
          // response.created, content_part.*, *.done echoes, server-run tools, and later additions.
          return;
      }
    },
    end() {},
  };
}

/** The OpenAI Responses adapter's {@link AdapterDefinition}. */
export const openAiResponsesProtocol: AdapterDefinition = {
  name: 'openai-responses',
  sniff(_frame, json) {
    return isRecord(json) && typeof json.type === 'string' && json.type.startsWith('response.');
  },
  create: (context) => createOpenAiResponsesAdapter(context),
};
