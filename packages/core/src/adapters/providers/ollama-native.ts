import { protocolError } from '../../errors.js';
import type { AdapterContext, AdapterDefinition, StreamAdapter } from '../adapter.js';
import { handleLifecycleFrame, serverError } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { createCallWriter, providerId, reasoning, stringOr, text } from './provider-events.js';

/**
 * Ollama's native `/api/chat` stream: NDJSON (the frame decoder turns each line into a frame),
 * one `{model, message: {content, thinking?, tool_calls?}, done}` object per line, the last one
 * with `done: true`. Tool calls arrive whole, with arguments as an object; older builds send no
 * ids (generated here), newer ones send `id` (kept) and `function.index`. `done_reason` is
 * `stop` even when tools were called, so nothing is read from it.
 */
export function createOllamaNativeAdapter(context: AdapterContext): StreamAdapter {
  const { wholeCall } = createCallWriter();
  let failed = false;
  return {
    protocol: 'ollama-native',
    push(frame, emit) {
      if (failed) return;
      if (handleLifecycleFrame(frame, emit)) {
        failed = frame.event === 'error';
        return;
      }
      const json = frameJson(frame);
      if (!isRecord(json)) {
        emit({ type: 'protocol-error', error: protocolError('line is not a JSON object', frameText(frame)) });
        return;
      }
      if (json.error !== undefined && json.error !== null) {
        failed = true;
        const message = typeof json.error === 'string' ? json.error : 'The server reported an error.';
        emit({ type: 'server-error', error: serverError(message) });
        return;
      }
      const message = isRecord(json.message) ? json.message : null;
      if (message !== null) {
        reasoning(emit, message.thinking);
        text(emit, message.content);
        const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
        for (const toolCall of toolCalls) {
          const fn = isRecord(toolCall) && isRecord(toolCall.function) ? toolCall.function : null;
          if (fn === null) {
            emit({
              type: 'protocol-error',
              error: protocolError('tool call without a function', frameText(frame)),
            });
            continue;
          }
          const id = providerId((toolCall as Record<string, unknown>).id) ?? context.generateId('call');
          wholeCall(emit, id, stringOr(fn.name), fn.arguments);
        }
      }
      if (json.done === true) emit({ type: 'done' });
    },
    end() {},
  };
}

/** The Ollama native adapter's {@link AdapterDefinition}. */
export const ollamaNativeProtocol: AdapterDefinition = {
  name: 'ollama-native',
  sniff(frame, json) {
    if (frame.event !== undefined && frame.event !== 'message') return false;
    return isRecord(json) && typeof json.done === 'boolean' && (isRecord(json.message) || 'model' in json);
  },
  create: (context) => createOllamaNativeAdapter(context),
};
