import { JsonBoundaryScanner } from '../../args/json-boundaries.js';
import { splitJsonObjects } from '../../args/split-json-objects.js';
import { describeValue, protocolError } from '../../errors.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import {
  argumentText,
  citation,
  cite,
  createCallWriter,
  createTextCounter,
  createThinkSplitter,
  finish,
  isCutOff,
  providerId,
  reasoning,
  streamControl,
  stringOr,
  text,
  usage,
} from './provider-events.js';

/** One tool call as an OpenAI-compatible stream builds it up. */
interface ChatCall {
  /** The first non-empty id the wire gave, or `null`. */
  wireId: string | null;
  /** The id the call was started under (the wire's, or a generated one), once started. */
  callId: string | null;
  name: string;
  details: Record<string, unknown> | null;
  /** Argument text that arrived before the call could start (no name yet). */
  pending: string;
  /** All argument text, for the last-resort split of back-to-back objects. */
  raw: string;
  /** A non-empty argument piece arrived: the name is final from here on. */
  hasArgs: boolean;
  started: boolean;
  closed: boolean;
  scanner: JsonBoundaryScanner;
}

/**
 * OpenAI Chat Completions (`chat.completion.chunk` frames, `data: [DONE]`), and the many
 * servers that speak it with quirks: Ollama's `/v1` (every call at `index: 0`), Mistral (no
 * index, several whole calls in one delta), Groq (whole calls), Qwen (`id: ""` continuations),
 * Gemini's and Bedrock's compatible endpoints (no index; index keys from 1; a `{}` before the
 * arguments), gateways that send the name after the id or repeat it, vLLM (`null` fields).
 *
 * Call identity follows the fixtures README, rule 2: a known non-empty id is that call; at a
 * known `index` a different id starts a new call and no id continues; a new index is a new call;
 * without an index, an id or a name starts a call and neither continues the last one. A call is
 * started (shown) once it has a name and its first argument text, so name pieces can still be
 * joined; it is closed by `finish_reason`, `[DONE]`, or the start of another call once its
 * arguments are a whole JSON document — except after `finish_reason: "length"` (or
 * `content_filter`): the model was cut off, and the call it was writing stays open. Calls the
 * wire never closed stay open at the end.
 *
 * Text is `content` (a string, or Mistral's list of `text` / `thinking` chunks), with a leading
 * `<think>…</think>` block read as reasoning; reasoning is also `reasoning_content`, `reasoning`
 * or, when neither is there, `reasoning_details[].text` / `.summary` (OpenRouter sends both).
 * `refusal` is shown as text and makes the finish reason `refusal`. Sources are
 * `delta.annotations[].url_citation` (with their span in the answer) and Perplexity's top-level
 * `citations` / `search_results`. `usage` (also on a last chunk with no choices, and Groq's
 * `x_groq.usage`) is the token usage.
 */
export function createOpenAiChatAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall } = createCallWriter();
  const calls: ChatCall[] = [];
  const byId = new Map<string, ChatCall>();
  const byIndex = new Map<number | string, ChatCall>();
  let last: ChatCall | null = null;
  /** After a fatal error nothing more is read. */
  let failed = false;
  const content = createThinkSplitter();
  /** Answer text emitted so far, and all `content` read (a leading think block is the difference). */
  const answer = createTextCounter();
  let contentLength = 0;
  let refused = false;
  /** The first choice's finish reason, once it came; `[DONE]` once it came. */
  let finishReason: string | null = null;
  let sawDone = false;
  /** Sources already reported (Perplexity repeats its list on every chunk). */
  const cited = new Set<string>();

  const start = (call: ChatCall, emit: Emit) => {
    content.flush(emit);
    const callId = call.wireId ?? context.generateId('call');
    call.callId = callId;
    call.started = true;
    startCall(emit, callId, call.name, call.details);
    argsDelta(emit, callId, call.pending);
    call.pending = '';
  };

  const close = (call: ChatCall, emit: Emit) => {
    if (call.closed) return;
    if (!call.started) start(call, emit);
    call.closed = true;
    const callId = call.callId!;
    if (call.name === '') {
      emit({
        type: 'protocol-error',
        error: protocolError(`tool call ${describeValue(callId)} never got a name`, undefined, callId),
      });
    }
    const documents = call.scanner.documents >= 2 ? splitJsonObjects(call.raw) : null;
    if (documents === null) {
      endCall(emit, callId);
      return;
    }
    // Last resort (a server that reused index and id for several calls): one call per object.
    emit({
      type: 'protocol-error',
      error: protocolError(
        `call ${describeValue(callId)} had ${documents.length} argument objects back to back: split into ${documents.length} calls`,
        call.raw,
        callId,
      ),
    });
    endCall(emit, callId, { argsText: documents[0]! });
    for (const document of documents.slice(1)) {
      const extra = context.generateId('call');
      startCall(emit, extra, call.name, call.details);
      argsDelta(emit, extra, document);
      endCall(emit, extra);
    }
  };

  const closeAll = (emit: Emit) => {
    for (const call of calls) close(call, emit);
  };

  const open = (emit: Emit): ChatCall => {
    // The start of a call ends the calls before it whose arguments are whole.
    for (const call of calls) if (!call.closed && call.scanner.complete) close(call, emit);
    const call: ChatCall = {
      wireId: null,
      callId: null,
      name: '',
      details: null,
      pending: '',
      raw: '',
      hasArgs: false,
      started: false,
      closed: false,
      scanner: new JsonBoundaryScanner(),
    };
    calls.push(call);
    return call;
  };

  /** Which call a `delta.tool_calls` entry belongs to (README rule 2). */
  const identify = (id: string | null, index: number | string | null, name: string, emit: Emit) => {
    const known = id === null ? undefined : byId.get(id);
    if (known !== undefined) return known;
    if (index !== null) {
      const atIndex = byIndex.get(index);
      if (atIndex !== undefined) {
        if (id === null || atIndex.wireId === null) return atIndex;
        // A new id where a call with arguments under way has no name: servers that send a new id
        // with every piece of the same call (reported for LM Studio, Kimi), not a new call.
        if (name === '' && atIndex.hasArgs && !atIndex.closed && !atIndex.scanner.complete) return atIndex;
      }
      const call = open(emit);
      byIndex.set(index, call);
      return call;
    }
    if (id !== null || name !== '' || last === null) return open(emit);
    return last;
  };

  const readToolCall = (entry: unknown, frame: SseFrame, emit: Emit) => {
    if (!isRecord(entry)) {
      emit({
        type: 'protocol-error',
        error: protocolError('tool_calls entry is not an object', frameText(frame)),
      });
      return;
    }
    const id = providerId(entry.id);
    const index =
      typeof entry.index === 'number' || (typeof entry.index === 'string' && entry.index !== '')
        ? entry.index
        : null;
    const fn = isRecord(entry.function) ? entry.function : {};
    const name = stringOr(fn.name);
    const call = identify(id, index, name, emit);
    last = call;
    if (id !== null && call.wireId === null) {
      call.wireId = id;
      byId.set(id, call);
    } else if (id !== null && !byId.has(id)) {
      byId.set(id, call);
    }
    // Name: set when empty, a repeat is ignored (MiniMax resends it), pieces before the
    // arguments are joined (fragmented names).
    if (name !== '' && name !== call.name) {
      if (call.name === '') call.name = name;
      else if (!call.hasArgs && !call.started) call.name += name;
    }
    const signature = thoughtSignature(entry);
    if (signature !== null && !call.started) call.details = { thought_signature: signature };
    const piece = argumentText(fn.arguments);
    if (piece !== '') {
      call.hasArgs = true;
      call.raw += piece;
      call.scanner.push(piece);
      if (call.started) argsDelta(emit, call.callId!, piece);
      else call.pending += piece;
    }
    if (!call.started && call.hasArgs && call.name !== '') start(call, emit);
  };

  const readContent = (value: unknown, emit: Emit) => {
    if (typeof value === 'string') {
      contentLength += value.length;
      content.push(emit, value);
      return;
    }
    // Mistral's reasoning models: a list of chunks, `thinking` (itself text chunks) or `text`.
    if (!Array.isArray(value)) return;
    for (const chunk of value) {
      if (!isRecord(chunk)) continue;
      if (chunk.type === 'thinking') {
        const thinking = chunk.thinking;
        if (typeof thinking === 'string') reasoning(emit, thinking);
        else if (Array.isArray(thinking))
          for (const part of thinking) if (isRecord(part)) reasoning(emit, part.text);
      } else if (chunk.type === 'text' && typeof chunk.text === 'string') {
        contentLength += chunk.text.length;
        content.push(emit, chunk.text);
      }
    }
  };

  const readReasoning = (delta: Record<string, unknown>, emit: Emit) => {
    const plain = [delta.reasoning_content, delta.reasoning].filter(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    for (const value of plain) reasoning(emit, value);
    // OpenRouter sends `reasoning_details` beside `reasoning` with the same text: read it only alone.
    if (plain.length > 0 || !Array.isArray(delta.reasoning_details)) return;
    for (const detail of delta.reasoning_details) {
      if (!isRecord(detail)) continue;
      reasoning(emit, detail.type === 'reasoning.summary' ? detail.summary : detail.text);
    }
  };

  /** `url_citation` annotations: their offsets are in the message content, from its start. */
  const readAnnotations = (annotations: unknown, emit: Emit) => {
    if (!Array.isArray(annotations)) return;
    // A leading think block was taken out of the answer: offsets past it move back.
    const shift = contentLength - answer.length;
    cite(
      emit,
      annotations.map((annotation) => {
        const url =
          isRecord(annotation) && isRecord(annotation.url_citation) ? annotation.url_citation : null;
        if (url === null) return null;
        const start = typeof url.start_index === 'number' ? url.start_index - shift : undefined;
        const end = typeof url.end_index === 'number' ? url.end_index - shift : undefined;
        return citation(url.url, url.title, url.content, start, end);
      }),
    );
  };

  /** Perplexity: every chunk carries the whole `citations` list (URLs) and `search_results`. */
  const readSources = (json: Record<string, unknown>, emit: Emit) => {
    const results = Array.isArray(json.search_results) ? json.search_results : [];
    const titles = new Map<string, unknown>();
    for (const result of results)
      if (isRecord(result) && typeof result.url === 'string') titles.set(result.url, result.title);
    const urls = Array.isArray(json.citations)
      ? json.citations
      : results.map((r) => (isRecord(r) ? r.url : null));
    const fresh = urls.filter(
      (url): url is string => typeof url === 'string' && url !== '' && !cited.has(url),
    );
    for (const url of fresh) cited.add(url);
    cite(
      emit,
      fresh.map((url) => citation(url, titles.get(url))),
    );
  };

  const readChoice = (choice: Record<string, unknown>, frame: SseFrame, emit: Emit) => {
    // Full messages (a non-streamed completion sent as one frame) read like one big delta.
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
    if (delta !== null) {
      readReasoning(delta, emit);
      readContent(delta.content, emit);
      if (typeof delta.refusal === 'string' && delta.refusal !== '') {
        // (choice) A refusal is the model's answer to the user: shown as text, and the turn's
        // finish reason says `refusal`.
        refused = true;
        content.flush(emit);
        text(emit, delta.refusal);
      }
      readAnnotations(delta.annotations, emit);
      let toolCalls = delta.tool_calls;
      if (isRecord(toolCalls)) toolCalls = [toolCalls];
      if (Array.isArray(toolCalls)) for (const entry of toolCalls) readToolCall(entry, frame, emit);
      // The legacy single `function_call`.
      if (isRecord(delta.function_call)) {
        readToolCall({ index: 'function_call', function: delta.function_call }, frame, emit);
      }
    }
    const reason = choice.finish_reason;
    if (reason === undefined || reason === null || finishReason !== null) return;
    finishReason = typeof reason === 'string' ? reason : String(reason);
    content.flush(emit);
    // Cut off by the output limit (or a filter): the call being written is not complete.
    if (!isCutOff(finishReason)) closeAll(emit);
    if (refused && finishReason === 'stop') emit({ type: 'finish', reason: 'refusal', raw: finishReason });
    else finish(emit, finishReason, calls.length > 0);
  };

  const readUsage = (json: Record<string, unknown>, emit: Emit) => {
    const groq = isRecord(json.x_groq) ? json.x_groq.usage : undefined;
    const value = isRecord(json.usage) ? json.usage : isRecord(groq) ? groq : null;
    if (value === null) return;
    const prompt = isRecord(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
    const completion = isRecord(value.completion_tokens_details) ? value.completion_tokens_details : {};
    usage(emit, {
      inputTokens: value.prompt_tokens,
      outputTokens: value.completion_tokens,
      totalTokens: value.total_tokens,
      cachedInputTokens: prompt.cached_tokens,
      reasoningTokens: completion.reasoning_tokens ?? value.reasoning_tokens,
    });
  };

  return {
    protocol: 'openai-chat',
    push(frame, output) {
      if (failed) return;
      const emit = answer.wrap(output);
      const control = frame.data === '[DONE]' ? null : streamControl(frame, emit);
      if (control !== null) {
        failed = control === 'error';
        return;
      }
      if (frame.data === '[DONE]' && frame.json === undefined) {
        content.flush(emit);
        if (!isCutOff(finishReason)) closeAll(emit);
        sawDone = true;
        emit({ type: 'done' });
        return;
      }
      const json = frameJson(frame);
      if (!isRecord(json)) {
        emit({
          type: 'protocol-error',
          error: protocolError('frame is not a JSON object', frameText(frame)),
        });
        return;
      }
      if (Array.isArray(json.choices)) {
        for (const choice of json.choices) {
          // Only the first choice is read: `n > 1` streams would interleave several answers.
          if (
            isRecord(choice) &&
            (choice.index === undefined || choice.index === null || choice.index === 0)
          ) {
            readChoice(choice, frame, emit);
          }
        }
      }
      if (json.citations !== undefined || json.search_results !== undefined) readSources(json, emit);
      readUsage(json, emit);
      // Gateways report failures as `{"error": …}`, sometimes next to a last choice.
      if (json.error !== undefined && json.error !== null) {
        failed = true;
        emit({ type: 'server-error', error: serverError(wireErrorMessage(json.error)) });
      }
    },
    end(output) {
      if (failed) return;
      const emit = answer.wrap(output);
      content.flush(emit);
      // Calls that never got a name or arguments are shown, still open: the wire never closed them.
      for (const call of calls) if (!call.started) start(call, emit);
      // (choice) Some servers (Perplexity) end after the finish reason without `[DONE]`: the
      // model said it stopped, so a clean end after it is the end of the run.
      if (finishReason !== null && !sawDone) emit({ type: 'done' });
    },
  };
}

/** Gemini's compatible endpoint: `extra_content.google.thought_signature` on the call. */
function thoughtSignature(entry: Record<string, unknown>): string | null {
  const extra = entry.extra_content;
  const google = isRecord(extra) ? extra.google : undefined;
  const signature = isRecord(google) ? google.thought_signature : undefined;
  return typeof signature === 'string' && signature !== '' ? signature : null;
}

/** The OpenAI Chat Completions adapter's {@link AdapterDefinition} (also OpenAI-compatible servers). */
export const openAiChatProtocol: AdapterDefinition = {
  name: 'openai-chat',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    if (!isRecord(json)) return false;
    // A gateway's `{"error": …}` as the first frame: an OpenAI-style error, read with its type.
    const onlyError = json.error !== undefined && json.error !== null && Object.keys(json).length === 1;
    return json.object === 'chat.completion.chunk' || Array.isArray(json.choices) || onlyError;
  },
  create: (context) => createOpenAiChatAdapter(context),
};
