import { protocolError } from '../../errors.js';
import type { SseFrame } from '../../protocol/wire.js';
import {
  createFrameDecoder,
  type FrameDecoder,
  type FrameDecoderCallbacks,
} from '../../reader/frame-decoder.js';
import type { AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { aiSdkErrorText, aiSdkFinish } from './ai-sdk-ui.js';
import {
  citation,
  cite,
  createCallWriter,
  createDataParts,
  providerId,
  reasoning,
  resultText,
  stringOr,
  text,
  usage,
} from './provider-events.js';

/** The part codes of the AI SDK 4 data stream protocol (`<code>:<JSON>` lines). */
const PART_CODES: ReadonlySet<string> = new Set([
  '0', // text
  '2', // data (an array)
  '3', // error (a string)
  '8', // message annotations (an array)
  '9', // tool call, whole
  'a', // tool result
  'b', // tool call streaming start
  'c', // tool call argument delta
  'd', // finish message
  'e', // finish step
  'f', // start step
  'g', // reasoning
  'h', // source
  'i', // redacted reasoning
  'j', // reasoning signature
  'k', // file
]);

/**
 * The AI SDK 4 data stream (`x-vercel-ai-data-stream: v1`, `text/plain`): one part a line,
 * `<code>:<JSON>`. Not SSE: its lines would be fields SSE does not know. The first two
 * characters decide (a letter or digit, then `:`, which no SSE field and no JSON starts with);
 * each line then becomes a frame named after its code (`event: "0"`, data `"Hello"`), cut by the
 * NDJSON line reader. Anything else goes to the next decoder unchanged.
 */
export function dataStreamFraming(callbacks: FrameDecoderCallbacks, next: FrameDecoder): FrameDecoder {
  let mode: 'undecided' | 'lines' | 'other' = 'undecided';
  let held: (Uint8Array | string)[] = [];
  /** The first characters that are not whitespace, so far. */
  let start = '';
  const lines = createFrameDecoder(
    {
      onFrame(frame) {
        const line = frame.data;
        const colon = line.indexOf(':');
        callbacks.onFrame(
          colon < 1
            ? { event: '', data: line }
            : { event: line.slice(0, colon), data: line.slice(colon + 1) },
        );
      },
    },
    'ndjson',
  );
  const target = () => (mode === 'lines' ? lines : next);

  const decide = (chunk: Uint8Array | string) => {
    for (let i = 0; i < chunk.length && start.length < 2; i++) {
      const code = typeof chunk === 'string' ? chunk.charCodeAt(i) : chunk[i]!;
      if (
        start === '' &&
        (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff)
      )
        continue;
      start += String.fromCharCode(code);
    }
    if (start.length === 0) return;
    if (start.length === 1 && !/[0-9a-z]/.test(start)) mode = 'other';
    else if (start.length === 2) mode = /^[0-9a-z]:$/.test(start) ? 'lines' : 'other';
  };

  return {
    feed(chunk) {
      if (mode === 'undecided') {
        held.push(chunk);
        decide(chunk);
        if (mode === 'undecided') return;
        const pending = held;
        held = [];
        for (const piece of pending) target().feed(piece);
        return;
      }
      target().feed(chunk);
    },
    end() {
      if (mode === 'undecided') {
        mode = 'other';
        for (const piece of held) next.feed(piece);
        held = [];
      }
      target().end();
    },
    reset() {
      mode = 'undecided';
      held = [];
      start = '';
      lines.reset();
      next.reset();
    },
  };
}

/**
 * The AI SDK 4 data stream protocol, which deployed AI SDK 4 backends (`toDataStreamResponse()`)
 * still speak: `0` text, `g` reasoning, `b` / `c` / `9` a call and its streamed arguments, `a`
 * its result, `h` sources (citations), `2` data and `8` annotations (data parts), `k` files,
 * `e` the end of a step, `d` the end of the message (finish reason, usage, and the end of the
 * stream), `3` a fatal error. Reasoning signatures and redacted reasoning are not shown.
 */
export function createAiSdkDataStreamAdapter(): StreamAdapter {
  const writer = createCallWriter();
  const dataParts = createDataParts();
  /** Calls by id, and whether their call phase is closed. */
  const calls = new Map<string, { closed: boolean }>();
  let step = 0;
  let failed = false;

  const openCall = (emit: Emit, callId: string, name: string) => {
    if (calls.has(callId)) return;
    calls.set(callId, { closed: false });
    writer.startCall(emit, callId, name, { step });
  };

  const value = (frame: SseFrame, emit: Emit): unknown => {
    const json = frameJson(frame);
    if (json !== undefined) return json;
    // A JSON string or number is not an object or array, which `frameJson` leaves to us.
    try {
      return JSON.parse(frame.data);
    } catch {
      emit({
        type: 'protocol-error',
        error: protocolError('a data stream part that is not JSON', frameText(frame)),
      });
      return undefined;
    }
  };

  const finishPart = (emit: Emit, part: Record<string, unknown>) => {
    aiSdkFinish(emit, part.finishReason);
    if (isRecord(part.usage)) {
      const { promptTokens, completionTokens } = part.usage;
      usage(emit, {
        inputTokens: promptTokens,
        outputTokens: completionTokens,
        totalTokens:
          typeof promptTokens === 'number' && typeof completionTokens === 'number'
            ? promptTokens + completionTokens
            : undefined,
      });
    }
  };

  return {
    protocol: 'ai-sdk-data-stream',
    push(frame, emit) {
      if (failed) return;
      const code = frame.event ?? '';
      if (!PART_CODES.has(code)) {
        if (frame.data.trim() === '') return;
        emit({ type: 'protocol-error', error: protocolError('not a data stream part', frameText(frame)) });
        return;
      }
      const part = value(frame, emit);
      if (part === undefined) return;
      const record = isRecord(part) ? part : null;
      const callId = record === null ? null : providerId(record.toolCallId);
      switch (code) {
        case '0':
          text(emit, part);
          return;
        case 'g':
          reasoning(emit, part);
          return;
        case 'f':
          step++;
          return;
        case 'b':
          if (callId !== null) openCall(emit, callId, stringOr(record!.toolName));
          return;
        case 'c':
          if (callId !== null && calls.has(callId))
            writer.argsDelta(emit, callId, stringOr(record!.argsTextDelta));
          return;
        case '9': {
          if (callId === null) return;
          openCall(emit, callId, stringOr(record!.toolName));
          const call = calls.get(callId)!;
          if (call.closed) return;
          call.closed = true;
          writer.endCall(emit, callId, isRecord(record!.args) ? { args: record!.args } : {});
          return;
        }
        case 'a': {
          if (callId === null) return;
          const call = calls.get(callId);
          if (call !== undefined && !call.closed) {
            call.closed = true;
            writer.endCall(emit, callId);
          }
          writer.result(emit, callId, resultText(record!.result), { kind: 'tool' });
          return;
        }
        case 'h': {
          const source = isRecord(record?.source) ? record.source : record;
          if (source !== null) cite(emit, [citation(source.url, source.title)]);
          return;
        }
        case '2':
        case '8':
          for (const entry of Array.isArray(part) ? part : [part]) {
            dataParts(emit, { name: code === '2' ? 'data' : 'annotation', id: null, data: entry });
          }
          return;
        case 'k':
          if (record !== null && typeof record.data === 'string') {
            const mediaType = stringOr(record.mimeType, 'application/octet-stream');
            dataParts(emit, {
              name: 'file',
              id: null,
              data: { url: `data:${mediaType};base64,${record.data}`, mediaType },
            });
          }
          return;
        case 'e':
          return;
        case 'd':
          if (record !== null) finishPart(emit, record);
          emit({ type: 'done' });
          return;
        case '3':
          failed = true;
          emit({
            type: 'server-error',
            error: serverError(aiSdkErrorText(part)),
          });
          return;
        default:
          // `i` (redacted reasoning) and `j` (reasoning signature) are opaque.
          return;
      }
    },
    end() {},
  };
}

/** The AI SDK 4 data stream's {@link AdapterDefinition}, with its line framing. */
export const aiSdkDataStreamProtocol: AdapterDefinition = {
  name: 'ai-sdk-data-stream',
  sniff: (frame) => frame.event !== undefined && frame.event.length === 1 && PART_CODES.has(frame.event),
  create: () => createAiSdkDataStreamAdapter(),
  framing: dataStreamFraming,
};
