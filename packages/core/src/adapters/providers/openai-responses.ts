import { parseArguments } from '../../args/arguments.js';
import { describeValue, protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  argumentText,
  citation,
  cite,
  createCallWriter,
  createTextCounter,
  finish,
  objectFrame,
  providerId,
  reasoning,
  resultText,
  stringOr,
  sumTokens,
  text,
  usage,
} from './provider-events.js';

/**
 * How a call's arguments arrive: `json` (function and MCP calls: JSON text in pieces), `input`
 * (a custom tool's free-form text, kept as `{input}`), `code` (Code Interpreter's code, kept as
 * `{code}`), or `whole` (the item's final form says it all).
 */
type ArgumentForm = 'json' | 'input' | 'code' | 'whole';

/** A call item: a `function_call` or `custom_tool_call` for the client, or a tool the provider ran. */
interface ResponsesCall {
  callId: string;
  name: string;
  provider: boolean;
  form: ArgumentForm;
  /** The argument text (or free-form input, or code) so far. */
  text: string;
  closed: boolean;
  /** Provider calls: the result phase was given. */
  answered: boolean;
}

/**
 * xAI's server-side tools, which its Responses API reports as `custom_tool_call` items although
 * xAI runs them (docs.x.ai, "Tool Usage Details": the function names of each server-side tool).
 */
const XAI_SERVER_TOOLS: ReadonlySet<string> = new Set([
  'web_search',
  'web_search_with_snippets',
  'browse_page',
  'x_user_search',
  'x_keyword_search',
  'x_semantic_search',
  'x_thread_fetch',
  'view_x_video',
  'view_image',
  'code_execution',
  'collections_search',
]);

/** Output items of tools OpenAI runs itself, and the name their call is shown under. */
const PROVIDER_ITEMS: Readonly<Record<string, string>> = {
  web_search_call: 'web_search',
  file_search_call: 'file_search',
  code_interpreter_call: 'code_interpreter',
  image_generation_call: 'image_generation',
  mcp_call: '',
  tool_search_call: 'tool_search',
};

/**
 * The OpenAI Responses API: `response.output_item.added` opens an item (a `function_call` has
 * the `call_id` results go back with, and an item id `fc_…`), argument pieces come in
 * `response.function_call_arguments.delta` and the whole text in `.done` (taken as final), text
 * in `response.output_text.delta`, reasoning in `response.reasoning_summary_text.delta` /
 * `response.reasoning_text.delta`. Pieces name their item by `output_index` and `item_id`,
 * never `call_id`: they are matched by `output_index` first, because a proxy (GitHub Copilot)
 * changes `item_id` on every event. Tools OpenAI runs (`web_search_call`, `file_search_call`,
 * `code_interpreter_call`, `mcp_call`, `image_generation_call`, server `tool_search_call`) and
 * xAI's server-side tools are calls of kind `provider`, with their input as arguments and what
 * the finished item says as their result. `response.completed` / `.incomplete` end the stream
 * with their finish reason and usage; `response.failed` and `error` are fatal. Free-form
 * `custom_tool_call` input is kept as `{input: "<text>"}`.
 */
export function createOpenAiResponsesAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall, wholeCall, result } = createCallWriter();
  const byOutput = new Map<number, ResponsesCall>();
  const byItem = new Map<string, ResponsesCall>();
  const byCallId = new Map<string, ResponsesCall>();
  const answer = createTextCounter();
  /** Where each content part's text starts in the answer (annotation offsets are per part). */
  const partStart = new Map<string, number>();
  /** The last server `tool_search_call`, whose output is the next `tool_search_output` item. */
  let toolSearch: ResponsesCall | null = null;
  let hasCalls = false;
  let refused = false;
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
    const type = stringOr(item.type);
    const serverItem = Object.hasOwn(PROVIDER_ITEMS, type) && item.execution !== 'client';
    const xaiServer = type === 'custom_tool_call' && XAI_SERVER_TOOLS.has(stringOr(item.name));
    const provider = serverItem || xaiServer;
    if (!provider && type !== 'function_call' && type !== 'custom_tool_call') return;
    const wire = providerId(item.call_id);
    if (wire !== null && byCallId.has(wire)) return; // announced twice
    const itemId = providerId(item.id);
    if (itemId !== null && byItem.has(itemId)) return;
    const callId = wire ?? itemId ?? context.generateId('call');
    const form: ArgumentForm =
      type === 'function_call' || type === 'mcp_call' || xaiServer
        ? 'json'
        : type === 'custom_tool_call'
          ? 'input'
          : type === 'code_interpreter_call'
            ? 'code'
            : 'whole';
    const name = serverItem ? PROVIDER_ITEMS[type] || stringOr(item.name) : stringOr(item.name);
    const call: ResponsesCall = { callId, name, provider, form, text: '', closed: false, answered: false };
    if (typeof outputIndex === 'number') byOutput.set(outputIndex, call);
    if (itemId !== null) byItem.set(itemId, call);
    byCallId.set(callId, call);
    if (!provider) hasCalls = true;
    if (type === 'tool_search_call') toolSearch = call;
    const details: Record<string, unknown> = {};
    if (itemId !== null && itemId !== callId) details.item_id = itemId;
    if (typeof item.server_label === 'string') details.server_label = item.server_label;
    startCall(
      emit,
      callId,
      name,
      Object.keys(details).length > 0 ? details : null,
      provider ? 'provider' : 'tool',
    );
    const initial = form === 'code' ? item.code : type === 'custom_tool_call' ? item.input : item.arguments;
    if (form !== 'whole') piece(call, stringOr(initial), emit);
  };

  const piece = (call: ResponsesCall, delta: string, emit: Emit) => {
    if (call.closed || delta === '') return;
    call.text += delta;
    if (call.form === 'input')
      emit({ type: 'tool-args-delta', callId: call.callId, delta, args: { input: call.text } });
    else if (call.form === 'code')
      emit({ type: 'tool-args-delta', callId: call.callId, delta, args: { code: call.text } });
    else argsDelta(emit, call.callId, delta);
  };

  /** Closes a call; `final` is the whole text when the event carries it (it wins over the pieces). */
  const close = (call: ResponsesCall, final: unknown, emit: Emit) => {
    if (call.closed) return;
    call.closed = true;
    const whole = typeof final === 'string' ? final : call.text;
    if (call.form === 'input') {
      endCall(emit, call.callId, { argsText: whole, args: { input: whole } });
      return;
    }
    if (call.form === 'code') {
      endCall(emit, call.callId, { argsText: whole, args: { code: whole } });
      return;
    }
    if (call.provider) {
      // A provider's own call: its input is shown, never run, so text that is not a JSON object
      // is shown as it is rather than reported.
      const parsed = parseArguments(whole);
      endCall(emit, call.callId, { argsText: whole, args: parsed.ok ? parsed.value : { input: whole } });
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

  /** A finished provider item: its input as the call's arguments, what it found as the result. */
  const finishProviderItem = (call: ResponsesCall, item: Record<string, unknown>, emit: Emit) => {
    const type = stringOr(item.type);
    const failedItem = item.status === 'failed' || item.status === 'incomplete';
    let output: unknown = '';
    switch (type) {
      case 'web_search_call': {
        const action = isRecord(item.action) ? item.action : null;
        if (action !== null) {
          const { sources, ...input } = action;
          close(call, JSON.stringify(input), emit);
          if (Array.isArray(sources) && sources.length > 0) output = sources;
        } else close(call, argumentText(item.arguments), emit); // xAI: `arguments` as JSON text
        break;
      }
      case 'file_search_call':
        close(call, JSON.stringify({ queries: Array.isArray(item.queries) ? item.queries : [] }), emit);
        output = item.results;
        break;
      case 'code_interpreter_call':
        close(call, typeof item.code === 'string' ? item.code : undefined, emit);
        output = item.outputs;
        break;
      case 'mcp_call':
        close(call, typeof item.arguments === 'string' ? item.arguments : undefined, emit);
        output = item.output;
        break;
      case 'tool_search_call':
        close(call, argumentText(item.arguments), emit);
        return; // its result is the `tool_search_output` item that follows
      case 'custom_tool_call':
        close(call, typeof item.input === 'string' ? item.input : undefined, emit);
        break; // xAI returns no output of its server-side tools
      default:
        close(call, '', emit);
    }
    const mcpError = typeof item.error === 'string' && item.error !== '' ? item.error : null;
    answerCall(call, resultText(output), mcpError ?? (failedItem ? stringOr(item.status) : null), emit);
  };

  const answerCall = (call: ResponsesCall, output: string, error: string | null, emit: Emit) => {
    if (call.answered) return;
    call.answered = true;
    result(emit, call.callId, output, { error });
  };

  /** Items of `response.completed.output` that never streamed (a proxy that sends only the end). */
  const readFinalOutput = (response: Record<string, unknown>, emit: Emit) => {
    const output = Array.isArray(response.output) ? response.output : [];
    for (const item of output) {
      if (!isRecord(item) || item.type !== 'function_call') continue;
      const wire = providerId(item.call_id);
      if (wire === null || byCallId.has(wire)) continue;
      byCallId.set(wire, {
        callId: wire,
        name: stringOr(item.name),
        provider: false,
        form: 'json',
        text: '',
        closed: true,
        answered: false,
      });
      hasCalls = true;
      wholeCall(emit, wire, stringOr(item.name), stringOr(item.arguments));
    }
  };

  /** Where a content part starts in the answer: the answer's length when the part was first seen. */
  const partOffset = (json: Record<string, unknown>): number => {
    const key = `${String(json.output_index ?? json.item_id)}:${String(json.content_index ?? 0)}`;
    let start = partStart.get(key);
    if (start === undefined) {
      start = answer.length;
      partStart.set(key, start);
    }
    return start;
  };

  /** `url_citation` (url, title, offsets), `file_citation` (a file, at one place), `container_file_citation`. */
  const readAnnotation = (json: Record<string, unknown>, emit: Emit) => {
    const annotation = isRecord(json.annotation) ? json.annotation : null;
    if (annotation === null) return;
    const offset = partOffset(json);
    const at = (value: unknown) => (typeof value === 'number' ? offset + value : undefined);
    const index = at(annotation.index);
    const start = at(annotation.start_index) ?? index;
    const end = at(annotation.end_index) ?? index;
    const source = annotation.url ?? annotation.filename ?? annotation.file_id;
    cite(emit, [citation(source, annotation.title, undefined, start, end)]);
  };

  /** The end of the response: finish reason (and why it is incomplete), usage. */
  const readEnd = (response: Record<string, unknown>, status: string, emit: Emit) => {
    const incomplete = isRecord(response.incomplete_details) ? response.incomplete_details.reason : undefined;
    const raw = stringOr(response.status) || status;
    if (typeof incomplete === 'string') finish(emit, incomplete);
    else if (refused) emit({ type: 'finish', reason: 'refusal', raw });
    else finish(emit, raw, hasCalls);
    const value = isRecord(response.usage) ? response.usage : null;
    if (value === null) return;
    const input = isRecord(value.input_tokens_details) ? value.input_tokens_details : {};
    const output = isRecord(value.output_tokens_details) ? value.output_tokens_details : {};
    usage(emit, {
      inputTokens: value.input_tokens,
      outputTokens: value.output_tokens,
      totalTokens: value.total_tokens ?? sumTokens(value.input_tokens, value.output_tokens),
      cachedInputTokens: input.cached_tokens,
      reasoningTokens: output.reasoning_tokens,
    });
  };

  return {
    protocol: 'openai-responses',
    push(frame, output) {
      if (failed) return;
      const emit = answer.wrap(output);
      const json = objectFrame(frame, emit, () => {
        failed = true;
      });
      if (json === null) return;
      const type = typeof json.type === 'string' ? json.type : frame.event;
      switch (type) {
        case 'response.output_item.added':
          if (isRecord(json.item)) open(json.item, json.output_index, emit);
          return;
        case 'response.function_call_arguments.delta':
        case 'response.custom_tool_call_input.delta':
        case 'response.mcp_call_arguments.delta':
        case 'response.code_interpreter_call_code.delta': {
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
        case 'response.custom_tool_call_input.done':
        case 'response.mcp_call_arguments.done':
        case 'response.code_interpreter_call_code.done': {
          const call = find(json);
          if (call !== undefined) close(call, json.arguments ?? json.input ?? json.code, emit);
          return;
        }
        case 'response.output_item.done': {
          const item = isRecord(json.item) ? json.item : null;
          if (item === null) return;
          if (item.type === 'tool_search_output' && toolSearch !== null) {
            answerCall(toolSearch, resultText(item.tools), null, emit);
            toolSearch = null;
            return;
          }
          const wire = providerId(item.call_id);
          const call = find(json) ?? (wire === null ? undefined : byCallId.get(wire));
          if (call === undefined) return;
          if (call.provider) finishProviderItem(call, item, emit);
          else close(call, call.form === 'input' ? item.input : item.arguments, emit);
          return;
        }
        case 'response.content_part.added':
          partOffset(json);
          return;
        case 'response.output_text.delta':
          partOffset(json);
          text(emit, json.delta);
          return;
        case 'response.refusal.delta':
          // (choice) A refusal is shown as text, and the finish reason says `refusal`.
          partOffset(json);
          refused = true;
          text(emit, json.delta);
          return;
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta':
          reasoning(emit, json.delta);
          return;
        case 'response.output_text.annotation.added':
          readAnnotation(json, emit);
          return;
        case 'response.completed': {
          const response = isRecord(json.response) ? json.response : {};
          readFinalOutput(response, emit);
          readEnd(response, 'completed', emit);
          emit({ type: 'done' });
          return;
        }
        case 'response.incomplete':
          // Cut short (max_output_tokens, content_filter): open calls stay incomplete.
          readEnd(isRecord(json.response) ? json.response : {}, 'incomplete', emit);
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
          // response.created, content_part.*, *.done echoes, tool progress, and later additions.
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
