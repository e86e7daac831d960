import { describeValue, protocolError } from '../../errors.js';
import type { Citation } from '../../protocol/events.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { setAtJsonPath } from './json-path.js';
import {
  citation,
  cite,
  createCallWriter,
  finish,
  providerId,
  reasoning,
  streamControl,
  stringOr,
  sumTokens,
  text,
  usage,
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
 *
 * `finishReason` is the finish reason (`STOP` with calls is `tool-calls`), `usageMetadata` the
 * usage; a clean end after a finish reason is the end of the run (there is no end event).
 * Google Search grounding (`groundingMetadata`) gives the sources, with the answer spans its
 * supports name; code execution (`executableCode`, then `codeExecutionResult`) is a call of kind
 * `provider`.
 */
export function createGeminiAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, endCall, wholeCall, result } = createCallWriter();
  let streaming: StreamingCall | null = null;
  let failed = false;
  /** The answer so far: grounding spans are UTF-8 byte offsets into it. */
  let answer = '';
  let hasCalls = false;
  let finished = false;
  /** The latest grounding of the candidate, sent once it is final (at its finish reason). */
  let grounding: Record<string, unknown> | null = null;
  /** The code execution call whose result comes next. */
  let codeCall: string | null = null;

  const answerText = (emit: Emit, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    answer += value;
    text(emit, value);
  };

  const sendGrounding = (emit: Emit) => {
    if (grounding === null) return;
    cite(emit, groundingCitations(grounding, answer));
    grounding = null;
  };

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
    hasCalls = true;
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

  /** Code execution: the code is the call, its result the next `codeExecutionResult`. */
  const readCode = (part: Record<string, unknown>, emit: Emit) => {
    if (isRecord(part.executableCode)) {
      const code = part.executableCode;
      codeCall = context.generateId('call');
      const args: Record<string, unknown> = { code: stringOr(code.code) };
      if (typeof code.language === 'string') args.language = code.language;
      wholeCall(emit, codeCall, 'code_execution', args, null, 'provider');
      return;
    }
    const outcome = isRecord(part.codeExecutionResult) ? part.codeExecutionResult : null;
    if (outcome === null) return;
    const callId = codeCall ?? context.generateId('call');
    codeCall = null;
    const ok = outcome.outcome === undefined || outcome.outcome === 'OUTCOME_OK';
    result(emit, callId, stringOr(outcome.output), {
      error: ok ? null : stringOr(outcome.outcome),
      toolName: 'code_execution',
    });
  };

  return {
    protocol: 'gemini',
    push(frame, emit) {
      if (failed) return;
      const control = streamControl(frame, emit);
      if (control !== null) {
        failed = control === 'error';
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
        if (isRecord(candidate)) {
          const content = isRecord(candidate.content) ? candidate.content : null;
          const parts = Array.isArray(content?.parts) ? content.parts : [];
          for (const part of parts) {
            if (!isRecord(part)) continue;
            if (isRecord(part.functionCall)) readFunctionCall(part.functionCall, part, emit);
            else if (part.executableCode !== undefined || part.codeExecutionResult !== undefined)
              readCode(part, emit);
            else if (part.thought === true) reasoning(emit, part.text);
            else answerText(emit, part.text);
          }
          if (isRecord(candidate.groundingMetadata)) grounding = candidate.groundingMetadata;
          if (typeof candidate.finishReason === 'string') {
            close(emit);
            sendGrounding(emit);
            finished = true;
            finish(emit, candidate.finishReason, hasCalls);
          }
        }
        readUsage(response.usageMetadata, emit);
      }
    },
    end(emit) {
      if (failed) return;
      sendGrounding(emit);
      // No end event: a clean end after the finish reason is the end of the run.
      if (finished) emit({ type: 'done' });
    },
  };
}

/**
 * Gemini's token counts: thinking tokens (`thoughtsTokenCount`) are output the API counts apart
 * from `candidatesTokenCount`, so output is their sum.
 */
function readUsage(value: unknown, emit: Emit): void {
  if (!isRecord(value)) return;
  usage(emit, {
    inputTokens: value.promptTokenCount,
    outputTokens: sumTokens(value.candidatesTokenCount, value.thoughtsTokenCount),
    reasoningTokens: value.thoughtsTokenCount,
    cachedInputTokens: value.cachedContentTokenCount,
    totalTokens: value.totalTokenCount,
  });
}

/**
 * The sources of Google Search (or retrieval) grounding: each grounding chunk's `uri` and
 * `title`, with the span of the first support that names it. Support segments are UTF-8 byte
 * offsets into the answer; when they do not fit the text (offsets counted per part), the
 * segment's own text is looked up instead.
 */
function groundingCitations(metadata: Record<string, unknown>, answer: string): (Citation | null)[] {
  const chunks = Array.isArray(metadata.groundingChunks) ? metadata.groundingChunks : [];
  const supports = Array.isArray(metadata.groundingSupports) ? metadata.groundingSupports : [];
  const spans = new Map<number, { start: number; end: number }>();
  for (const support of supports) {
    if (!isRecord(support) || !isRecord(support.segment) || !Array.isArray(support.groundingChunkIndices))
      continue;
    const span = segmentSpan(support.segment, answer);
    if (span === null) continue;
    for (const index of support.groundingChunkIndices) {
      if (typeof index === 'number' && !spans.has(index)) spans.set(index, span);
    }
  }
  return chunks.map((chunk, index) => {
    if (!isRecord(chunk)) return null;
    const source = [chunk.web, chunk.retrievedContext, chunk.maps].find(isRecord);
    if (source === undefined) return null;
    const span = spans.get(index);
    return citation(source.uri, source.title, source.text, span?.start, span?.end);
  });
}

/** Where a grounding segment is in the answer (UTF-16 offsets), or `null`. */
function segmentSpan(
  segment: Record<string, unknown>,
  answer: string,
): { start: number; end: number } | null {
  const startByte = typeof segment.startIndex === 'number' ? segment.startIndex : 0;
  const endByte = segment.endIndex;
  const wanted = typeof segment.text === 'string' ? segment.text : null;
  if (typeof endByte === 'number') {
    const start = utf16Offset(answer, startByte);
    const end = utf16Offset(answer, endByte);
    if (
      start !== null &&
      end !== null &&
      start <= end &&
      (wanted === null || answer.slice(start, end) === wanted)
    )
      return { start, end };
  }
  if (wanted === null || wanted === '') return null;
  const at = answer.indexOf(wanted);
  return at === -1 ? null : { start: at, end: at + wanted.length };
}

/** The UTF-16 offset in `text` of a UTF-8 byte offset, or `null` past the end or inside a character. */
function utf16Offset(text: string, bytes: number): number | null {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (seen === bytes) return i;
    if (seen > bytes) return null;
    const code = text.codePointAt(i)!;
    seen += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (code >= 0x10000) i++;
  }
  return seen === bytes ? text.length : null;
}

/** The Gemini adapter's {@link AdapterDefinition}. */
export const geminiProtocol: AdapterDefinition = {
  name: 'gemini',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    const first = Array.isArray(json) ? json[0] : json;
    if (!isRecord(first)) return false;
    // Google's error object (`{code, message, status}`) may be the first frame.
    const error = isRecord(first.error) ? first.error : null;
    return (
      Array.isArray(first.candidates) || isRecord(first.promptFeedback) || typeof error?.status === 'string'
    );
  },
  create: (context) => createGeminiAdapter(context),
};
