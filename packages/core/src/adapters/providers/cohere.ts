import { protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameText, isRecord } from '../frame-json.js';
import {
  argumentText,
  citation,
  cite,
  createCallWriter,
  finish,
  objectFrame,
  providerId,
  reasoning,
  sniffJsonType,
  stringOr,
  text,
  usage,
} from './provider-events.js';

/** Event types of the Cohere v2 chat stream, for `auto`. */
const EVENT_TYPES: ReadonlySet<string> = new Set([
  'message-start',
  'content-start',
  'content-delta',
  'content-end',
  'tool-plan-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'citation-start',
  'citation-end',
  'message-end',
]);

/**
 * Cohere v2 chat: kebab-case events whose payload sits in `delta.message`. `tool-plan-delta`
 * (the model's plan before calling tools) is kept as reasoning, `content-delta` text (or
 * `thinking`) as text (or reasoning). A call is `tool-call-start` (id, name; `tool_calls` is one
 * object, not an array), `tool-call-delta` argument pieces and `tool-call-end`, all by `index`;
 * `"null"` arguments of zero-argument tools mean `{}`. `citation-start` names the documents a
 * span of the answer cites. `message-end` ends the stream with the finish reason and the token
 * usage; its `finish_reason: "ERROR"` is fatal.
 */
export function createCohereAdapter(context: AdapterContext): StreamAdapter {
  const { startCall, argsDelta, endCall } = createCallWriter();
  const byIndex = new Map<number, { callId: string; closed: boolean }>();
  let hasCalls = false;
  let failed = false;

  const message = (json: Record<string, unknown>): Record<string, unknown> => {
    const delta = isRecord(json.delta) ? json.delta : {};
    return isRecord(delta.message) ? delta.message : {};
  };

  const toolCall = (json: Record<string, unknown>): Record<string, unknown> => {
    const calls = message(json).tool_calls;
    const call = Array.isArray(calls) ? calls[0] : calls;
    return isRecord(call) ? call : {};
  };

  const unknownCall = (
    type: string,
    index: number,
    frame: Parameters<StreamAdapter['push']>[0],
    emit: Emit,
  ) => {
    emit({
      type: 'protocol-error',
      error: protocolError(`${type} for tool call index ${index}, which has not started`, frameText(frame)),
    });
  };

  return {
    protocol: 'cohere',
    push(frame, emit) {
      if (failed) return;
      const json = objectFrame(frame, emit, () => {
        failed = true;
      });
      if (json === null) return;
      const type = typeof json.type === 'string' ? json.type : (frame.event ?? '');
      const index = typeof json.index === 'number' ? json.index : 0;
      switch (type) {
        case 'content-start':
        case 'content-delta': {
          const content = message(json).content;
          if (isRecord(content)) {
            reasoning(emit, content.thinking);
            text(emit, content.text);
          }
          return;
        }
        case 'tool-plan-delta':
          reasoning(emit, message(json).tool_plan);
          return;
        case 'tool-call-start': {
          const call = toolCall(json);
          const fn = isRecord(call.function) ? call.function : {};
          const callId = providerId(call.id) ?? context.generateId('call');
          hasCalls = true;
          byIndex.set(index, { callId, closed: false });
          startCall(emit, callId, stringOr(fn.name));
          argsDelta(emit, callId, argumentText(fn.arguments));
          return;
        }
        case 'tool-call-delta': {
          const open = byIndex.get(index);
          if (open === undefined || open.closed) {
            unknownCall(type, index, frame, emit);
            return;
          }
          const fn = toolCall(json).function;
          argsDelta(emit, open.callId, argumentText(isRecord(fn) ? fn.arguments : undefined));
          return;
        }
        case 'tool-call-end': {
          const open = byIndex.get(index);
          if (open === undefined || open.closed) {
            unknownCall(type, index, frame, emit);
            return;
          }
          open.closed = true;
          endCall(emit, open.callId);
          return;
        }
        case 'message-end': {
          const delta = isRecord(json.delta) ? json.delta : {};
          if (delta.finish_reason === 'ERROR' || delta.error !== undefined) {
            failed = true;
            emit({
              type: 'server-error',
              error: serverError(wireErrorMessage(delta.error ?? 'the model failed')),
            });
            return;
          }
          finish(emit, delta.finish_reason, hasCalls);
          // `tokens` are the model's counts (`billed_units` are a different, billing measure).
          const counts = isRecord(delta.usage) ? delta.usage : {};
          const tokens = isRecord(counts.tokens) ? counts.tokens : {};
          usage(emit, {
            inputTokens: tokens.input_tokens,
            outputTokens: tokens.output_tokens,
            cachedInputTokens: counts.cached_tokens,
          });
          emit({ type: 'done' });
          return;
        }
        case 'citation-start': {
          // `start` / `end` are offsets in the answer; each document source is cited (a source
          // that is a tool's output has no document to point at).
          const entry = message(json).citations;
          const found = isRecord(entry) ? entry : {};
          const sources = Array.isArray(found.sources) ? found.sources : [];
          cite(
            emit,
            sources.map((source) => {
              const document = isRecord(source) && isRecord(source.document) ? source.document : null;
              if (document === null) return null;
              const name = document.url ?? document.title ?? (isRecord(source) ? source.id : undefined);
              const title = document.url === undefined ? undefined : document.title;
              return citation(name, title, document.snippet ?? document.text, found.start, found.end);
            }),
          );
          return;
        }
        default:
          // message-start, content-end, citation-end, debug, later additions.
          return;
      }
    },
    end() {},
  };
}

/** The Cohere v2 chat adapter's {@link AdapterDefinition}. */
export const cohereProtocol: AdapterDefinition = {
  name: 'cohere',
  sniff: sniffJsonType(EVENT_TYPES),
  create: (context) => createCohereAdapter(context),
};
