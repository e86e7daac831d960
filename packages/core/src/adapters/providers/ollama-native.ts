import { protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import {
  createCallWriter,
  createThinkSplitter,
  finish,
  providerId,
  reasoning,
  streamControl,
  stringOr,
  sumTokens,
  usage,
} from './provider-events.js';

/**
 * Ollama's native API, NDJSON (the frame decoder turns each line into a frame): `/api/chat`
 * sends `{model, message: {content, thinking?, tool_calls?}, done}` lines, `/api/generate`
 * sends `{model, response, thinking?, done}` lines; the last one has `done: true`, its
 * `done_reason` and the token counts. Tool calls arrive whole, with arguments as an object;
 * older builds send no ids (generated here), newer ones send `id` (kept) and `function.index`.
 * `done_reason` is `stop` even when tools were called: with calls it is read as `tool-calls`.
 * Text that begins with `<think>…</think>` (models whose thinking Ollama does not split out) is
 * reasoning up to `</think>`. A line that is none of these is a protocol error.
 */
export function createOllamaNativeAdapter(context: AdapterContext): StreamAdapter {
  const { wholeCall } = createCallWriter();
  const content = createThinkSplitter();
  let hasCalls = false;
  let failed = false;
  return {
    protocol: 'ollama-native',
    push(frame, emit) {
      if (failed) return;
      const control = streamControl(frame, emit);
      if (control !== null) {
        failed = control === 'error';
        return;
      }
      const json = frameJson(frame);
      if (!isRecord(json)) {
        emit({ type: 'protocol-error', error: protocolError('line is not a JSON object', frameText(frame)) });
        return;
      }
      if (json.error !== undefined && json.error !== null) {
        failed = true;
        emit({ type: 'server-error', error: serverError(wireErrorMessage(json.error)) });
        return;
      }
      // /api/chat puts the turn in `message`; /api/generate puts it at the top level.
      const message = isRecord(json.message) ? json.message : null;
      const turn = message ?? json;
      if (message === null && typeof json.response !== 'string' && json.done !== true) {
        emit({
          type: 'protocol-error',
          error: protocolError('line has neither a message nor a response', frameText(frame)),
        });
        return;
      }
      reasoning(emit, turn.thinking);
      content.push(emit, stringOr(message === null ? json.response : message.content));
      const toolCalls = message !== null && Array.isArray(message.tool_calls) ? message.tool_calls : [];
      if (toolCalls.length > 0) content.flush(emit);
      for (const toolCall of toolCalls) {
        const fn = isRecord(toolCall) && isRecord(toolCall.function) ? toolCall.function : null;
        if (fn === null) {
          emit({
            type: 'protocol-error',
            error: protocolError('tool call without a function', frameText(frame)),
          });
          continue;
        }
        hasCalls = true;
        const id = providerId((toolCall as Record<string, unknown>).id) ?? context.generateId('call');
        wholeCall(emit, id, stringOr(fn.name), fn.arguments);
      }
      if (json.done === true) {
        content.flush(emit);
        finish(emit, json.done_reason, hasCalls);
        usage(emit, {
          inputTokens: json.prompt_eval_count,
          outputTokens: json.eval_count,
          totalTokens: sumTokens(json.prompt_eval_count, json.eval_count),
        });
        emit({ type: 'done' });
      }
    },
    end(emit) {
      if (!failed) content.flush(emit);
    },
  };
}

/** The Ollama native adapter's {@link AdapterDefinition} (`/api/chat` and `/api/generate`). */
export const ollamaNativeProtocol: AdapterDefinition = {
  name: 'ollama-native',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    return (
      isRecord(json) &&
      typeof json.done === 'boolean' &&
      (isRecord(json.message) || typeof json.response === 'string' || 'model' in json)
    );
  },
  create: (context) => createOllamaNativeAdapter(context),
};
