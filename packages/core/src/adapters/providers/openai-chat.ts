import { JsonBoundaryScanner } from '../../args/json-boundaries.js';
import { splitJsonObjects } from '../../args/split-json-objects.js';
import { describeValue, protocolError } from '../../errors.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { handleLifecycleFrame, serverError } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import {
  argumentText,
  createCallWriter,
  providerId,
  reasoning,
  stringOr,
  text,
  wireErrorMessage,
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
 * arguments are a whole JSON document. Calls the wire never closed stay open at the end.
 */
export function createOpenAiChatAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall } = createCallWriter();
  const calls: ChatCall[] = [];
  const byId = new Map<string, ChatCall>();
  const byIndex = new Map<number | string, ChatCall>();
  let last: ChatCall | null = null;
  /** After a fatal error nothing more is read. */
  let failed = false;

  const start = (call: ChatCall, emit: Emit) => {
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

  const readChoice = (choice: Record<string, unknown>, frame: SseFrame, emit: Emit) => {
    // Full messages (a non-streamed completion sent as one frame) read like one big delta.
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
    if (delta !== null) {
      reasoning(emit, delta.reasoning_content);
      reasoning(emit, delta.reasoning);
      text(emit, delta.content);
      text(emit, delta.refusal);
      let toolCalls = delta.tool_calls;
      if (isRecord(toolCalls)) toolCalls = [toolCalls];
      if (Array.isArray(toolCalls)) for (const entry of toolCalls) readToolCall(entry, frame, emit);
      // The legacy single `function_call`.
      if (isRecord(delta.function_call)) {
        readToolCall({ index: 'function_call', function: delta.function_call }, frame, emit);
      }
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) closeAll(emit);
  };

  return {
    protocol: 'openai-chat',
    push(frame, emit) {
      if (failed) return;
      if (handleLifecycleFrame(frame, emit)) {
        failed = frame.event === 'error';
        return;
      }
      if (frame.data === '[DONE]') {
        closeAll(emit);
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
      // Gateways report failures as `{"error": …}`, sometimes next to a last choice.
      if (json.error !== undefined && json.error !== null) {
        failed = true;
        emit({ type: 'server-error', error: serverError(wireErrorMessage(json.error)) });
      }
    },
    end(emit) {
      if (failed) return;
      // Calls that never got a name or arguments are shown, still open: the wire never closed them.
      for (const call of calls) if (!call.started) start(call, emit);
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
    return isRecord(json) && (json.object === 'chat.completion.chunk' || Array.isArray(json.choices));
  },
  create: (context) => createOpenAiChatAdapter(context),
};
