import { describeValue, protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { handleLifecycleFrame, serverError } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { setAtJsonPath } from './json-path.js';
import {
  createCallWriter,
  providerId,
  reasoning,
  stringOr,
  text,
  wireErrorMessage,
} from './provider-events.js';

/** A Vertex call whose arguments stream as `partialArgs`. */
interface StreamingCall {
  callId: string;
  /** The arguments built so far; replaced (never mutated) on every piece. */
  args: Record<string, unknown>;
  /** The path of a string still being continued (`willContinue`), and its text so far. */
  openPath: string | null;
  openText: string;
}

/**
 * Google Gemini `streamGenerateContent?alt=sse` (and Vertex AI): each frame is a
 * `GenerateContentResponse`; the first candidate's `content.parts` hold text (`thought: true`
 * for thinking) and `functionCall`s. Calls arrive whole with `args` as an object and usually no
 * id (one is generated; same-name calls are distinct). No `[DONE]`: the stream just ends.
 *
 * Vertex can also stream arguments (`streamFunctionCallArguments`): a call starts with
 * `{name, willContinue: true}`, `partialArgs` pieces set values at JSON paths (strings join while
 * `willContinue`), and it ends with an empty `functionCall`, a piece without `willContinue`, the
 * next call, or the candidate's `finishReason`.
 */
export function createGeminiAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, endCall, wholeCall } = createCallWriter();
  let streaming: StreamingCall | null = null;
  let failed = false;

  const close = (emit: Emit) => {
    if (streaming === null) return;
    endCall(emit, streaming.callId, { argsText: JSON.stringify(streaming.args), args: streaming.args });
    streaming = null;
  };

  const applyPartialArgs = (call: StreamingCall, pieces: unknown, emit: Emit) => {
    if (!Array.isArray(pieces)) return;
    for (const piece of pieces) {
      if (!isRecord(piece) || typeof piece.jsonPath !== 'string') continue;
      const path = piece.jsonPath;
      let value: unknown;
      if (typeof piece.stringValue === 'string') {
        call.openText = call.openPath === path ? call.openText + piece.stringValue : piece.stringValue;
        value = call.openText;
      } else if (typeof piece.numberValue === 'number') value = piece.numberValue;
      else if (typeof piece.boolValue === 'boolean') value = piece.boolValue;
      else if ('nullValue' in piece) value = null;
      else continue;
      call.openPath = typeof piece.stringValue === 'string' && piece.willContinue === true ? path : null;
      const next = setAtJsonPath(call.args, path, value);
      if (next === null) {
        emit({
          type: 'protocol-error',
          error: protocolError(`unsupported jsonPath ${describeValue(path)}`, undefined, call.callId),
        });
        continue;
      }
      call.args = next;
      emit({ type: 'tool-args-delta', callId: call.callId, delta: '', args: next });
    }
  };

  const readFunctionCall = (fc: Record<string, unknown>, part: Record<string, unknown>, emit: Emit) => {
    const name = stringOr(fc.name);
    if (streaming !== null) {
      if (name === '') {
        applyPartialArgs(streaming, fc.partialArgs, emit);
        if (fc.willContinue !== true) close(emit);
        return;
      }
      close(emit); // the next call starts
    }
    if (name === '') return; // an empty functionCall with no open call
    const callId = providerId(fc.id) ?? context.generateId('call');
    const details =
      typeof part.thoughtSignature === 'string' ? { thought_signature: part.thoughtSignature } : null;
    if (fc.willContinue === true || Array.isArray(fc.partialArgs)) {
      const call: StreamingCall = { callId, args: {}, openPath: null, openText: '' };
      startCall(emit, callId, name, details);
      applyPartialArgs(call, fc.partialArgs, emit);
      if (fc.willContinue === true) streaming = call;
      else endCall(emit, callId, { argsText: JSON.stringify(call.args), args: call.args });
      return;
    }
    // A whole call; no `args` is a call with no arguments.
    wholeCall(emit, callId, name, isRecord(fc.args) ? fc.args : {}, details);
  };

  return {
    protocol: 'gemini',
    push(frame, emit) {
      if (failed) return;
      if (handleLifecycleFrame(frame, emit)) {
        failed = frame.event === 'error';
        return;
      }
      const json = frameJson(frame);
      // Without `alt=sse` the same endpoint streams one JSON array; a frame may hold several.
      const responses = Array.isArray(json) ? json : [json];
      for (const response of responses) {
        if (!isRecord(response)) {
          emit({
            type: 'protocol-error',
            error: protocolError('frame is not a JSON object', frameText(frame)),
          });
          return;
        }
        if (response.error !== undefined && response.error !== null) {
          failed = true;
          emit({ type: 'server-error', error: serverError(wireErrorMessage(response.error)) });
          return;
        }
        const feedback = isRecord(response.promptFeedback) ? response.promptFeedback : null;
        if (typeof feedback?.blockReason === 'string') {
          failed = true;
          emit({
            type: 'server-error',
            error: serverError(`the prompt was blocked (${feedback.blockReason})`),
          });
          return;
        }
        const candidate = Array.isArray(response.candidates) ? response.candidates[0] : undefined;
        if (!isRecord(candidate)) continue;
        const content = isRecord(candidate.content) ? candidate.content : null;
        const parts = Array.isArray(content?.parts) ? content.parts : [];
        for (const part of parts) {
          if (!isRecord(part)) continue;
          if (isRecord(part.functionCall)) readFunctionCall(part.functionCall, part, emit);
          else if (part.thought === true) reasoning(emit, part.text);
          else text(emit, part.text);
        }
        if (typeof candidate.finishReason === 'string') close(emit);
      }
    },
    end() {},
  };
}

/** The Gemini adapter's {@link AdapterDefinition}. */
export const geminiProtocol: AdapterDefinition = {
  name: 'gemini',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    const first = Array.isArray(json) ? json[0] : json;
    return isRecord(first) && (Array.isArray(first.candidates) || isRecord(first.promptFeedback));
  },
  create: (context) => createGeminiAdapter(context),
};
