import { protocolError } from '../../errors.js';
import type { FinishReason } from '../../protocol/events.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  citation,
  cite,
  createCallWriter,
  createDataParts,
  objectFrame,
  providerId,
  reasoning,
  resultText,
  stringOr,
  text,
  usage,
} from './provider-events.js';

/** The chunk types of the AI SDK's UI message stream (v5 and later), for `auto`; `data-*` too. */
const CHUNK_TYPES: ReadonlySet<string> = new Set([
  'start',
  'finish',
  'abort',
  'start-step',
  'finish-step',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'source-url',
  'source-document',
  'file',
  'message-metadata',
]);

/** The AI SDK's finish reasons, in toolstream's vocabulary. */
const FINISH_REASONS: Readonly<Record<string, FinishReason>> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content-filter',
  'tool-calls': 'tool-calls',
};

/**
 * The AI SDK's finish reason (`stop`, `length`, `content-filter`, `tool-calls`, `other`,
 * `unknown`) as a `finish` event. `error` is not one: the `error` chunk before it says what
 * happened.
 */
export function aiSdkFinish(emit: Emit, raw: unknown): void {
  if (typeof raw !== 'string' || raw === '' || raw === 'error') return;
  emit({ type: 'finish', reason: Object.hasOwn(FINISH_REASONS, raw) ? FINISH_REASONS[raw]! : 'other', raw });
}

/**
 * What an approval chunk says about a call: the AI SDK asks before running a tool that needs
 * approval (`tool-approval-request`), and a later response tells how the person answered
 * (`tool-output-denied`, or the call's output once approved).
 */
export interface AiSdkApproval {
  /** The AI SDK's approval id (`approvalId`), to answer with; `null` when the chunk has none. */
  id: string | null;
  /** `requested`: waiting for the person; `denied`: the person said no and the tool did not run. */
  state: 'requested' | 'denied';
  /**
   * What the server signed the request with (`signature`, `approvalDescriptor`,
   * `inputSchemaInput`, newer AI SDK versions): sent back with the answer, which the server checks.
   */
  signature?: string;
  descriptor?: unknown;
  inputSchemaInput?: unknown;
}

/**
 * An approval on a call: what the server signed it with goes to the call's `details.approval`
 * (sent back with the answer), and a request makes the call wait for the person (an
 * `input-required` approval whose `ref` is the approval id, PROTOCOL.md §11). A denial the
 * server reports for a call this stream did not ask about (an earlier request's) is only noted.
 */
function toolApproval(emit: Emit, callId: string, approval: AiSdkApproval): void {
  emit({
    type: 'tool-start',
    callId,
    phase: 'call',
    toolName: '',
    kind: 'tool',
    parentCallId: null,
    agent: null,
    eventType: 'call',
    details: { approval },
  });
  if (approval.state !== 'requested') return;
  emit({
    type: 'input-required',
    callId,
    kind: 'approval',
    ref: approval.id,
    editable: false,
    message: null,
  });
}

/** One tool call of the stream. */
interface Call {
  /** Its call phase was closed (`tool-input-available` / `-error`). */
  closed: boolean;
  /** Its input deltas are plain text, not JSON (`inputEncoding: "text"`). */
  textInput: string | null;
  /** Its result phase was opened (a preliminary output). */
  resultOpen: boolean;
  provider: boolean;
  /** An approval was asked for it: it waits for the person, not the browser. */
  approval: boolean;
}

/**
 * The AI SDK's UI message stream (`toUIMessageStreamResponse()`, v5 and later; also pydantic-ai's
 * `VercelAIAdapter`): one JSON chunk per `data:` line, keyed by a kebab-case `type`.
 *
 * - `text-*` and `reasoning-*` blocks are text and reasoning (their ids only matter to the SDK);
 * - `tool-input-start` / `-delta` / `-available` are a call whose JSON input streams into
 *   partial arguments (a call that arrives whole is started and closed at once);
 *   `providerExecuted` makes it a provider call, `dynamic` and `title` go to its details;
 * - `tool-output-available` is its result (`preliminary: true` outputs are kept in
 *   `details.preliminary_output` until the final one), `tool-output-error` and
 *   `tool-input-error` fail it, `tool-approval-request` makes it wait for an approval (and
 *   `tool-output-denied` is the denied call's end), see {@link toolApproval}; a call still
 *   without output at `finish` waits for the browser (a client-side tool);
 * - `source-url` and `source-document` are citations; `file`, `data-*` parts and the message
 *   metadata are data parts (`data-weather` → `weather`; a repeated id replaces);
 * - `start-step` numbers the steps (each call's `details.step`); `finish` gives the finish reason
 *   (and usage, where the server put it in the metadata); `error` is fatal; `abort` ends the
 *   stream without its end (the turn is `interrupted`); `[DONE]` is the end.
 */
export function createAiSdkUiAdapter(): StreamAdapter {
  const writer = createCallWriter();
  const dataParts = createDataParts();
  const calls = new Map<string, Call>();
  let step = 0;
  let failed = false;
  let aborted = false;
  let finished = false;
  let metadata: Record<string, unknown> | null = null;

  const mergeMetadata = (emit: Emit, value: unknown) => {
    if (!isRecord(value)) return;
    metadata = { ...metadata, ...value };
    dataParts(emit, { name: 'metadata', id: 'metadata', data: metadata });
    readUsage(emit, value);
  };

  const openCall = (emit: Emit, callId: string, json: Record<string, unknown>): Call => {
    let call = calls.get(callId);
    if (call !== undefined) return call;
    call = {
      closed: false,
      textInput: json.inputEncoding === 'text' ? '' : null,
      resultOpen: false,
      provider: json.providerExecuted === true,
      approval: false,
    };
    calls.set(callId, call);
    const details: Record<string, unknown> = { step };
    if (json.dynamic === true) details.dynamic = true;
    if (typeof json.title === 'string' && json.title !== '') details.title = json.title;
    writer.startCall(emit, callId, stringOr(json.toolName), details, call.provider ? 'provider' : 'tool');
    return call;
  };

  const closeCall = (emit: Emit, callId: string, call: Call, input: unknown) => {
    if (call.closed) return;
    call.closed = true;
    if (call.textInput !== null) {
      writer.endCall(emit, callId, { args: { input: typeof input === 'string' ? input : call.textInput } });
    } else if (isRecord(input)) writer.endCall(emit, callId, { args: input });
    else writer.endCall(emit, callId);
  };

  /** A result for a call of this stream, or of an earlier response (an approved call's output). */
  const resultStart = (emit: Emit, callId: string, json: Record<string, unknown>): Call => {
    let call = calls.get(callId);
    if (call === undefined) {
      call = {
        closed: true,
        textInput: null,
        resultOpen: false,
        provider: json.providerExecuted === true,
        approval: false,
      };
      calls.set(callId, call);
    } else closeCall(emit, callId, call, undefined);
    if (!call.resultOpen) {
      call.resultOpen = true;
      emit({
        type: 'tool-start',
        callId,
        phase: 'result',
        toolName: '',
        kind: call.provider ? 'provider' : 'tool',
        parentCallId: null,
        agent: null,
        eventType: 'result',
        details: null,
      });
    }
    return call;
  };

  /**
   * At the end of the answer, a call with its whole input and no output, run by no server and
   * asked no approval of, is one the server left to the client (a tool without `execute`, which
   * `useChat` hands to `onToolCall`): it waits for the browser.
   */
  const clientCalls = (emit: Emit) => {
    for (const [callId, call] of calls) {
      if (!call.closed || call.resultOpen || call.provider || call.approval) continue;
      emit({ type: 'input-required', callId, kind: 'client', ref: null, editable: false, message: null });
    }
  };

  const unknownCall = (emit: Emit, type: string, frame: SseFrame) => {
    emit({
      type: 'protocol-error',
      error: protocolError(`${type} for a tool call that has not started`, frameText(frame)),
    });
  };

  const read = (frame: SseFrame, emit: Emit) => {
    if (frame.data === '[DONE]' && frame.json === undefined) {
      if (!aborted) emit({ type: 'done' });
      finished = true;
      return;
    }
    const json = objectFrame(frame, emit, () => {
      failed = true;
    });
    if (json === null) return;
    const type = stringOr(json.type);
    const callId = providerId(json.toolCallId);
    switch (type) {
      case 'text-delta':
        text(emit, json.delta);
        return;
      case 'reasoning-delta':
        reasoning(emit, json.delta);
        return;
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
      case 'finish-step':
        return;
      case 'start':
        mergeMetadata(emit, json.messageMetadata);
        return;
      case 'start-step':
        step++;
        return;
      case 'message-metadata':
        mergeMetadata(emit, json.messageMetadata);
        return;
      case 'tool-input-start':
        if (callId === null) unknownCall(emit, type, frame);
        else openCall(emit, callId, json);
        return;
      case 'tool-input-delta': {
        const call = callId === null ? undefined : calls.get(callId);
        if (call === undefined || callId === null) unknownCall(emit, type, frame);
        else if (call.textInput !== null) call.textInput += stringOr(json.inputTextDelta);
        else writer.argsDelta(emit, callId, stringOr(json.inputTextDelta));
        return;
      }
      case 'tool-input-available':
        if (callId === null) unknownCall(emit, type, frame);
        else closeCall(emit, callId, openCall(emit, callId, json), json.input);
        return;
      case 'tool-input-error': {
        // The model's input failed the tool's schema: kept as it was, with why; the
        // `tool-output-error` that follows fails the call.
        if (callId === null) {
          unknownCall(emit, type, frame);
          return;
        }
        const call = openCall(emit, callId, json);
        emit({
          type: 'tool-start',
          callId,
          phase: 'call',
          toolName: '',
          kind: call.provider ? 'provider' : 'tool',
          parentCallId: null,
          agent: null,
          eventType: 'call',
          details: { input_error: stringOr(json.errorText, 'invalid input') },
        });
        closeCall(emit, callId, call, json.input);
        return;
      }
      case 'tool-output-available': {
        if (callId === null) {
          unknownCall(emit, type, frame);
          return;
        }
        resultStart(emit, callId, json);
        if (json.preliminary === true) {
          emit({
            type: 'tool-delta',
            callId,
            phase: 'result',
            delta: '',
            details: { preliminary_output: json.output },
          });
          return;
        }
        emit({
          type: 'tool-end',
          callId,
          phase: 'result',
          output: resultText(json.output),
          details: null,
          error: null,
        });
        return;
      }
      case 'tool-output-error':
        if (callId === null) {
          unknownCall(emit, type, frame);
          return;
        }
        resultStart(emit, callId, json);
        emit({
          type: 'tool-end',
          callId,
          phase: 'result',
          output: null,
          details: null,
          error: stringOr(json.errorText, 'The tool failed.'),
        });
        return;
      case 'tool-approval-request':
        if (callId === null || !calls.has(callId)) unknownCall(emit, type, frame);
        else {
          calls.get(callId)!.approval = true;
          toolApproval(emit, callId, {
            id: providerId(json.approvalId),
            state: 'requested',
            ...(typeof json.signature === 'string' ? { signature: json.signature } : {}),
            ...('approvalDescriptor' in json ? { descriptor: json.approvalDescriptor } : {}),
            ...('inputSchemaInput' in json ? { inputSchemaInput: json.inputSchemaInput } : {}),
          });
        }
        return;
      case 'tool-output-denied':
        if (callId === null) {
          unknownCall(emit, type, frame);
          return;
        }
        resultStart(emit, callId, json);
        toolApproval(emit, callId, { id: null, state: 'denied' });
        emit({ type: 'tool-end', callId, phase: 'result', output: '', details: null, error: null });
        return;
      case 'source-url':
        cite(emit, [citation(json.url, json.title)]);
        return;
      case 'source-document':
        cite(emit, [citation(stringOr(json.filename) || stringOr(json.title) || json.sourceId, json.title)]);
        return;
      case 'file':
        dataParts(emit, {
          name: 'file',
          id: null,
          data: { url: stringOr(json.url), mediaType: stringOr(json.mediaType) },
        });
        return;
      case 'finish': {
        clientCalls(emit);
        aiSdkFinish(emit, json.finishReason);
        mergeMetadata(emit, json.messageMetadata);
        finished = true;
        return;
      }
      case 'abort':
        aborted = true;
        dataParts(emit, { name: 'abort', id: 'abort', data: { reason: stringOr(json.reason) } });
        return;
      case 'error':
        failed = true;
        emit({ type: 'server-error', error: serverError(aiSdkErrorText(json.errorText)) });
        return;
      default:
        if (type.startsWith('data-') && type.length > 5) {
          dataParts(emit, {
            name: type.slice(5),
            id: providerId(json.id),
            data: json.data,
            ...(json.transient === true ? { transient: true } : {}),
          });
        }
        // Other chunk types (v7's `custom` provider events, `reset-step`…) are not part of the
        // conversation as toolstream shows it.
        return;
    }
  };

  return {
    protocol: 'ai-sdk-ui',
    push(frame, emit) {
      if (failed) return;
      read(frame, emit);
    },
    end(emit) {
      // `[DONE]` is the end; a server that closes right after `finish` said as much.
      if (finished && !aborted && !failed) emit({ type: 'done' });
    },
  };
}

/**
 * The message of an AI SDK error text. Servers that do not mask errors send the provider's error
 * as its JSON text (`{"type":"error","error":{"message":…,"type":…}}`): its message is read out,
 * with its type, as for a provider's own stream (PROTOCOL.md §9.1).
 */
export function aiSdkErrorText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return 'The server reported an error.';
  if (!value.trimStart().startsWith('{')) return value;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return value;
  }
  if (!isRecord(json)) return value;
  if (isRecord(json.error) || (typeof json.error === 'string' && json.error !== ''))
    return wireErrorMessage(json.error);
  return typeof json.message === 'string' && json.message !== '' ? wireErrorMessage(json) : value;
}

/** Token counts a server put in the message metadata (`usage` / `totalUsage`, the SDK's names). */
function readUsage(emit: Emit, metadata: Record<string, unknown>): void {
  const counts = isRecord(metadata.totalUsage)
    ? metadata.totalUsage
    : isRecord(metadata.usage)
      ? metadata.usage
      : null;
  if (counts === null) return;
  usage(emit, {
    inputTokens: counts.inputTokens,
    outputTokens: counts.outputTokens,
    reasoningTokens: counts.reasoningTokens,
    cachedInputTokens: counts.cachedInputTokens,
    totalTokens: counts.totalTokens,
  });
}

/** Whether a frame is a UI message stream chunk: a known `type`, or `data-<name>`. */
function sniffUiChunk(_frame: SseFrame, json: unknown): boolean {
  if (!isRecord(json) || typeof json.type !== 'string') return false;
  const type = json.type;
  if (type === 'error') return typeof json.errorText === 'string';
  return CHUNK_TYPES.has(type) || (type.startsWith('data-') && 'data' in json);
}

/** The AI SDK UI message stream's {@link AdapterDefinition}. */
export const aiSdkUiProtocol: AdapterDefinition = {
  name: 'ai-sdk-ui',
  sniff: sniffUiChunk,
  create: () => createAiSdkUiAdapter(),
};
