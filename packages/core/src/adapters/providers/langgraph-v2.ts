import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { isRecord } from '../frame-json.js';
import { createLangGraphWriter } from './langgraph-messages.js';
import { createDataParts, objectFrame, providerId, stringOr } from './provider-events.js';

/** The event methods of LangGraph's streaming protocol v2, for `auto`. */
const METHODS: ReadonlySet<string> = new Set([
  'lifecycle',
  'messages',
  'tools',
  'values',
  'updates',
  'custom',
  'input.requested',
  'debug',
  'tasks',
  'checkpoints',
]);

/** A JSON error in a `failed` lifecycle event: `{"error": "<name>", "message": "…"}` as text, or as it is. */
function failureMessage(error: unknown): string {
  let value = error;
  if (typeof error === 'string' && error.trimStart().startsWith('{')) {
    try {
      value = JSON.parse(error);
    } catch {
      value = error;
    }
  }
  if (isRecord(value)) {
    return wireErrorMessage({
      message: value.message,
      type: typeof value.error === 'string' ? value.error : undefined,
    });
  }
  return typeof value === 'string' && value !== '' ? value : 'The run failed.';
}

/**
 * LangGraph's streaming protocol v2 (`@langchain/protocol`, `POST /threads/{id}/stream/events`):
 * each event an envelope `{type: "event", seq, method, params: {namespace, node?, data}}`, the
 * namespace naming the node (`["researcher:<task>", "agent:<task>"]`). It shows the same as the
 * run stream (see `createLangGraphWriter`): `messages` content blocks (`text-delta`,
 * `tool-call-delta`, `reasoning-delta`, the finished blocks) stream the text and calls, `tools`'
 * `tool-finished` gives a result, `updates` and `values` carry whole messages, `input.requested`
 * is an interrupt, `custom` a data part; `lifecycle` says when a subgraph completed (its section
 * closes) and when the run ended: `completed` or `interrupted` at the root is the end, `failed`
 * is fatal. This protocol is new (0.0.x): events it does not know are skipped.
 */
export function createLangGraphV2Adapter(): StreamAdapter {
  const writer = createLangGraphWriter();
  const dataParts = createDataParts();
  /** The message each node is writing, by its namespace. */
  const currentMessage = new Map<string, string>();
  const stateSeen = new Set<string>();
  let over = false;

  const read = (emit: Emit, method: string, params: Record<string, unknown>) => {
    const namespace = Array.isArray(params.namespace)
      ? params.namespace.filter((segment): segment is string => typeof segment === 'string')
      : [];
    const data = isRecord(params.data) ? params.data : {};
    const graph = namespace.slice(0, -1);
    switch (method) {
      case 'lifecycle': {
        const event = stringOr(data.event);
        if (namespace.length > 0) {
          if (event === 'completed' || event === 'failed' || event === 'interrupted')
            writer.leave(emit, namespace);
          return;
        }
        if (event === 'failed') {
          over = true;
          emit({ type: 'server-error', error: serverError(failureMessage(data.error)) });
        } else if (event === 'completed' || event === 'interrupted') {
          over = true;
          writer.end(emit);
          emit({ type: 'done' });
        }
        return;
      }
      case 'messages':
        if (graph.length > 0) writer.enter(emit, graph);
        messageEvent(emit, namespace, graph, data);
        return;
      case 'tools':
        if (data.event === 'tool-finished' && isRecord(data.output))
          writer.toolResult(emit, graph, data.output);
        else if (data.event === 'tool-error' && providerId(data.tool_call_id) !== null) {
          writer.toolResult(emit, graph, {
            tool_call_id: data.tool_call_id,
            name: data.tool_name,
            status: 'error',
            content: stringOr(data.message) || stringOr(data.error) || 'The tool failed.',
          });
        }
        return;
      case 'updates': {
        if (namespace.length > 0) writer.enter(emit, namespace);
        const node = stringOr(params.node);
        if (isRecord(data) && '__interrupt__' in data) writer.interrupts(emit, namespace, data.__interrupt__);
        if (data.messages !== undefined) writer.whole(emit, namespace, data.messages);
        writer.stepEnded(emit, namespace, node === '' ? undefined : node);
        return;
      }
      case 'values': {
        const key = namespace.join('|');
        if (!stateSeen.has(key)) {
          stateSeen.add(key);
          writer.history(data.messages);
        } else if (data.messages !== undefined) writer.whole(emit, namespace, data.messages);
        writer.stepEnded(emit, namespace);
        if (namespace.length === 0) dataParts(emit, { name: 'values', id: 'values', data });
        return;
      }
      case 'input.requested':
        writer.interrupts(emit, namespace, [{ id: data.interrupt_id, value: data.payload }]);
        return;
      case 'custom':
        dataParts(emit, { name: 'custom', id: null, data: params.data });
        return;
      default:
        return;
    }
  };

  const messageEvent = (emit: Emit, namespace: string[], graph: string[], data: Record<string, unknown>) => {
    const key = namespace.join('|');
    const event = stringOr(data.event);
    if (event === 'message-start') {
      const id = providerId(data.id) ?? `${key}#${currentMessage.size + 1}`;
      currentMessage.set(key, id);
      return;
    }
    const messageId = currentMessage.get(key);
    if (messageId === undefined) return;
    const index = typeof data.index === 'number' ? `index:${data.index}` : 'index:?';
    switch (event) {
      case 'content-block-start': {
        const content = isRecord(data.content) ? data.content : {};
        if (content.type === 'tool_call_chunk' || content.type === 'tool_call') {
          writer.callPiece(emit, graph, messageId, index, {
            id: providerId(content.id),
            name: stringOr(content.name),
            args: stringOr(content.args),
          });
        } else if (content.type === 'text') writer.text(emit, graph, messageId, stringOr(content.text));
        else if (content.type === 'reasoning')
          writer.text(emit, graph, messageId, stringOr(content.reasoning), true);
        return;
      }
      case 'content-block-delta': {
        const delta = isRecord(data.delta) ? data.delta : {};
        if (delta.type === 'text-delta') writer.text(emit, graph, messageId, stringOr(delta.text));
        else if (delta.type === 'reasoning-delta') {
          writer.text(emit, graph, messageId, stringOr(delta.reasoning) || stringOr(delta.text), true);
        } else if (delta.type === 'tool-call-delta') {
          writer.callPiece(emit, graph, messageId, index, { args: stringOr(delta.args) });
        }
        return;
      }
      case 'usage':
        writer.usage(emit, messageId, data.usage);
        return;
      case 'message-finish': {
        if (isRecord(data.usage)) writer.usage(emit, messageId, data.usage);
        writer.endMessage(emit, messageId, finishedCalls.get(messageId));
        finishedCalls.delete(messageId);
        currentMessage.delete(key);
        return;
      }
      case 'content-block-finish': {
        const content = isRecord(data.content) ? data.content : {};
        if (content.type === 'tool_call') {
          const list = finishedCalls.get(messageId) ?? [];
          list.push(content);
          finishedCalls.set(messageId, list);
        }
        return;
      }
      default:
        return;
    }
  };
  /** The finished `tool_call` blocks of each message, for its end (their final arguments). */
  const finishedCalls = new Map<string, Record<string, unknown>[]>();

  return {
    protocol: 'langgraph-v2',
    push(frame, emit) {
      if (over) return;
      const json = objectFrame(frame, emit, () => {
        over = true;
      });
      if (json === null) return;
      const method = stringOr(json.method) || stringOr(frame.event);
      if (isRecord(json.params)) read(emit, method, json.params);
    },
    end(emit) {
      if (over) return;
      // The server keeps the event stream open after a run: a clean end before the root's
      // lifecycle event is a cut.
      writer.end(emit);
    },
  };
}

/** Whether a frame is a protocol v2 event envelope. */
function sniffEnvelope(_frame: SseFrame, json: unknown): boolean {
  return (
    isRecord(json) &&
    json.type === 'event' &&
    typeof json.method === 'string' &&
    METHODS.has(json.method) &&
    isRecord(json.params)
  );
}

/** LangGraph's streaming protocol v2's {@link AdapterDefinition}. */
export const langGraphV2Protocol: AdapterDefinition = {
  name: 'langgraph-v2',
  sniff: sniffEnvelope,
  create: () => createLangGraphV2Adapter(),
};
