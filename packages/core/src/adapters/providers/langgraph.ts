import { protocolError } from '../../errors.js';
import type { SseFrame } from '../../protocol/wire.js';
import type { AdapterDefinition, Emit, StreamAdapter } from '../adapter.js';
import { serverError, wireErrorMessage } from '../common-events.js';
import { frameJson, frameText, isRecord } from '../frame-json.js';
import { createLangGraphWriter } from './langgraph-messages.js';
import { createDataParts, providerId, stringOr } from './provider-events.js';

/** The events of LangGraph's `runs/stream` (by stream mode), for `auto`. */
const EVENT_NAMES: ReadonlySet<string> = new Set([
  'metadata',
  'values',
  'updates',
  'messages',
  'messages/partial',
  'messages/complete',
  'messages/metadata',
  'custom',
  'debug',
  'tasks',
  'checkpoints',
  'events',
]);

/** An event name and the namespace its `|node:<task>` suffixes give (`updates|researcher:1f…`). */
function splitEvent(event: string): { name: string; namespace: string[] } {
  const [name = '', ...namespace] = event.split('|');
  return { name, namespace };
}

/** The namespace of the graph a node ran in, from its `langgraph_checkpoint_ns` (which names the node too). */
function namespaceOfNode(metadata: unknown): string[] | null {
  if (!isRecord(metadata)) return null;
  const ns = stringOr(metadata.langgraph_checkpoint_ns) || stringOr(metadata.checkpoint_ns);
  if (ns === '') return null;
  return ns.split('|').slice(0, -1);
}

/** The `{channel: value}` writes of a task result (a list of `[channel, value]` pairs, or an object). */
function writesOf(result: unknown): Record<string, unknown> {
  if (isRecord(result)) return result;
  const writes: Record<string, unknown> = Object.create(null);
  if (!Array.isArray(result)) return writes;
  for (const pair of result) {
    if (Array.isArray(pair) && typeof pair[0] === 'string') writes[pair[0]] = pair[1];
  }
  return writes;
}

/**
 * LangGraph's run stream (`POST /threads/{thread_id}/runs/stream`, the LangGraph API server and
 * LangGraph Platform): `event: <mode>` and one JSON `data:` line per event. Every stream mode is
 * read, alone or together, and what several modes repeat is shown once (see
 * `createLangGraphWriter`):
 *
 * - `messages` (messages-tuple: `[chunk, metadata]`), legacy `messages/partial` /
 *   `messages/complete` (with `messages/metadata` naming each message's node), and `events`'
 *   `on_chat_model_stream` / `on_chat_model_end` / `on_tool_end` stream the text and calls;
 * - `updates` (`{node: writes}`), `values` (the state after each step; the first one of a graph
 *   is its history), `debug` and `tasks` carry whole messages, and end steps (which closes the
 *   sections of the subgraphs they ran);
 * - `__interrupt__` (in `updates` or `values`) is an interrupt, an empty list a breakpoint;
 * - with `stream_subgraphs`, an event name's `|node:<task>` suffixes (else a message's
 *   `langgraph_checkpoint_ns`) say which subgraph it came from: each is a sub-agent section;
 * - `metadata` (the run id), `custom` (what nodes wrote) and the latest `values` are data parts;
 * - `error` is fatal (`message (ErrorName)`), `end` or a clean end of the stream is the end.
 */
export function createLangGraphAdapter(): StreamAdapter {
  const writer = createLangGraphWriter();
  const dataParts = createDataParts();
  /** Namespaces whose first state (their history) has been seen. */
  const stateSeen = new Set<string>();
  /** The namespaces legacy `messages/metadata` gave each message. */
  const messageNamespaces = new Map<string, string[]>();
  let failed = false;
  let ended = false;

  const values = (emit: Emit, namespace: string[], state: unknown) => {
    if (!isRecord(state)) return;
    const key = namespace.join('|');
    if ('__interrupt__' in state) writer.interrupts(emit, namespace, state.__interrupt__);
    const keys = Object.keys(state).filter((k) => k !== '__interrupt__');
    if (keys.length === 0) return; // only the interrupt: not the state
    if (!stateSeen.has(key)) {
      stateSeen.add(key);
      writer.history(state.messages);
    } else if (state.messages !== undefined) writer.whole(emit, namespace, state.messages);
    writer.stepEnded(emit, namespace);
    // The graph's state, as LangGraph's own client keeps it (the top graph's; a subgraph's is its own business).
    if (namespace.length === 0) dataParts(emit, { name: 'values', id: 'values', data: state });
  };

  const nodeWrites = (emit: Emit, namespace: string[], node: string, writes: unknown) => {
    if (node === '__interrupt__') {
      writer.interrupts(emit, namespace, writes);
      return;
    }
    if (isRecord(writes) && writes.messages !== undefined) writer.whole(emit, namespace, writes.messages);
    writer.stepEnded(emit, namespace, node);
  };

  const read = (frame: SseFrame, emit: Emit) => {
    const { name, namespace } = splitEvent(frame.event ?? '');
    if (name === 'end') {
      ended = true;
      writer.end(emit);
      emit({ type: 'done' });
      return;
    }
    if (name === 'error') {
      failed = true;
      const json = frameJson(frame);
      const message = isRecord(json)
        ? wireErrorMessage({
            message: json.message,
            type: typeof json.error === 'string' ? json.error : undefined,
          })
        : frame.data.trim() || 'The run failed.';
      emit({ type: 'server-error', error: serverError(message) });
      return;
    }
    if (!EVENT_NAMES.has(name)) return; // another stream mode's event, not read
    // Activity in a subgraph opens its section, messages or not.
    if (namespace.length > 0) writer.enter(emit, namespace);
    const json = frameJson(frame);
    if (json === undefined) {
      emit({
        type: 'protocol-error',
        error: protocolError(`${name} event that is not JSON`, frameText(frame)),
      });
      return;
    }
    switch (name) {
      case 'metadata':
        dataParts(emit, { name: 'metadata', id: 'metadata', data: json });
        return;
      case 'values':
        values(emit, namespace, json);
        return;
      case 'updates':
        if (!isRecord(json)) return;
        for (const node of Object.keys(json)) nodeWrites(emit, namespace, node, json[node]);
        return;
      case 'messages': {
        if (!Array.isArray(json)) return;
        const [message, metadata] = json;
        writer.chunk(emit, namespaceOfNode(metadata) ?? namespace, message);
        return;
      }
      case 'messages/metadata':
        if (!isRecord(json)) return;
        for (const id of Object.keys(json)) {
          const entry = json[id];
          const where = namespaceOfNode(isRecord(entry) ? entry.metadata : null);
          if (where !== null) messageNamespaces.set(id, where);
        }
        return;
      case 'messages/partial':
      case 'messages/complete':
        for (const message of Array.isArray(json) ? json : [json]) {
          const id = isRecord(message) ? providerId(message.id) : null;
          const where = (id === null ? undefined : messageNamespaces.get(id)) ?? namespace;
          if (name === 'messages/partial') writer.soFar(emit, where, message);
          else writer.whole(emit, where, [message]);
        }
        return;
      case 'custom':
        dataParts(emit, { name: 'custom', id: null, data: json });
        return;
      case 'debug': {
        if (!isRecord(json) || !isRecord(json.payload)) return;
        const payload = json.payload;
        if (json.type === 'checkpoint') values(emit, namespace, payload.values);
        else if (json.type === 'task_result') taskResult(emit, namespace, payload);
        return;
      }
      case 'tasks':
        if (isRecord(json) && ('result' in json || 'error' in json)) taskResult(emit, namespace, json);
        return;
      case 'checkpoints':
        writer.stepEnded(emit, namespace);
        return;
      case 'events':
        if (isRecord(json)) streamEvent(emit, namespace, json);
        return;
      default:
        return;
    }
  };

  const taskResult = (emit: Emit, namespace: string[], task: Record<string, unknown>) => {
    if (Array.isArray(task.interrupts) && task.interrupts.length > 0) {
      writer.interrupts(emit, namespace, task.interrupts);
    }
    nodeWrites(emit, namespace, stringOr(task.name), writesOf(task.result));
  };

  /** `astream_events`-style events: the model's chunks and output, and the tools' results. */
  const streamEvent = (emit: Emit, namespace: string[], event: Record<string, unknown>) => {
    const data = isRecord(event.data) ? event.data : {};
    const where = namespaceOfNode(event.metadata) ?? namespace;
    switch (event.event) {
      case 'on_chat_model_stream':
        writer.chunk(emit, where, data.chunk);
        return;
      case 'on_chat_model_end':
        writer.whole(emit, where, [data.output]);
        return;
      case 'on_tool_end':
        if (isRecord(data.output) && 'tool_call_id' in data.output)
          writer.toolResult(emit, where, data.output);
        return;
      default:
        return;
    }
  };

  return {
    protocol: 'langgraph',
    push(frame, emit) {
      if (failed || ended) return;
      read(frame, emit);
    },
    end(emit) {
      if (failed || ended) return;
      // The server closes the stream when the run is over (it sends no end event of its own).
      writer.end(emit);
      emit({ type: 'done' });
    },
  };
}

/** LangGraph's run stream's {@link AdapterDefinition}: recognised by its event names. */
export const langGraphProtocol: AdapterDefinition = {
  name: 'langgraph',
  sniff: (frame, json) => {
    if (frame.event === undefined) return false;
    const { name } = splitEvent(frame.event);
    if (!EVENT_NAMES.has(name)) return false;
    // `metadata` and `custom` are common words: a LangGraph run's metadata names the run.
    if (name === 'metadata') return isRecord(json) && typeof json.run_id === 'string';
    return json !== undefined;
  },
  create: () => createLangGraphAdapter(),
};
