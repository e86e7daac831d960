import type { StreamEvent } from '@toolstream/core/adapters';

/** One event of LangGraph's run stream: its name (with the subgraph namespace) and its data. */
export interface LangGraphEvent {
  event: string;
  data: unknown;
}

/**
 * Writes normalized events as LangGraph's run stream (`stream_mode: ["messages-tuple",
 * "updates"]`, `stream_subgraphs: true`), for the demo's in-page LangGraph backend: the answer's
 * text and calls are the messages of an `agent` node, each delegation a subgraph named after its
 * agent (its text and calls in its namespace, `|<agent>:<id>`), a tool result a tool message.
 */
export function createLangGraphEncoder(runId: string) {
  let started = false;
  let messages = 0;
  /** The AI message each namespace is writing, and the index of its next call. */
  const current = new Map<string, { id: string; calls: number }>();
  /** Where each call lives: its namespace, the message and the chunk index it has there. */
  const calls = new Map<string, { namespace: string[]; message: string; index: number; name: string }>();
  /** The namespace of each delegation's subgraph. */
  const subgraphs = new Map<string, string[]>();
  const results = new Map<string, string>();
  const sent = new WeakSet<object>();

  const namespaceOf = (parentCallId: string | null): string[] =>
    parentCallId === null ? [] : (subgraphs.get(parentCallId) ?? []);
  const name = (base: string, namespace: string[]) => [base, ...namespace].join('|');
  const metadata = (namespace: string[], node: string) => ({
    langgraph_node: node,
    langgraph_checkpoint_ns: [...namespace, `${node}:${runId}`].join('|'),
  });
  const message = (namespace: string[]) => {
    const key = namespace.join('|');
    let entry = current.get(key);
    if (entry === undefined) {
      entry = { id: `run-${runId}-${++messages}`, calls: 0 };
      current.set(key, entry);
    }
    return entry;
  };
  const chunk = (namespace: string[], fields: Record<string, unknown>): LangGraphEvent => ({
    event: name('messages', namespace),
    data: [
      { type: 'AIMessageChunk', id: message(namespace).id, content: '', ...fields },
      metadata(namespace, 'agent'),
    ],
  });

  return {
    encode(event: StreamEvent): LangGraphEvent[] {
      const out: LangGraphEvent[] = [];
      if (!started) {
        started = true;
        out.push({ event: 'metadata', data: { run_id: runId, attempt: 1 } });
      }
      switch (event.type) {
        case 'text-delta':
          out.push(chunk([], { content: event.delta }));
          break;
        case 'tool-start': {
          if (calls.has(event.callId) || subgraphs.has(event.callId)) break;
          const namespace = namespaceOf(event.parentCallId);
          if (event.kind === 'delegation') {
            subgraphs.set(event.callId, [...namespace, `${event.agent ?? event.toolName}:${event.callId}`]);
            break;
          }
          const entry = message(namespace);
          const index = entry.calls++;
          calls.set(event.callId, { namespace, message: entry.id, index, name: event.toolName });
          out.push(
            chunk(namespace, {
              tool_call_chunks: [{ index, id: event.callId, name: event.toolName, args: '' }],
            }),
          );
          break;
        }
        case 'tool-args-delta': {
          const call = calls.get(event.callId);
          if (call !== undefined && event.delta !== '') {
            out.push(chunk(call.namespace, { tool_call_chunks: [{ index: call.index, args: event.delta }] }));
          }
          break;
        }
        case 'tool-delta': {
          const subgraph = subgraphs.get(event.callId);
          if (event.phase !== 'result') break;
          if (subgraph !== undefined) {
            results.set(event.callId, (results.get(event.callId) ?? '') + event.delta);
            out.push(chunk(subgraph, { content: event.delta }));
          } else results.set(event.callId, (results.get(event.callId) ?? '') + event.delta);
          break;
        }
        case 'tool-end': {
          const subgraph = subgraphs.get(event.callId);
          if (subgraph !== undefined) {
            if (event.phase === 'result') {
              // A sub-agent's answer given whole (not in parts) is its message's text.
              if (event.output && !results.has(event.callId))
                out.push(chunk(subgraph, { content: event.output }));
              // The subgraph's node is done: the parent graph's update names it.
              const parent = subgraph.slice(0, -1);
              out.push({
                event: name('updates', parent),
                data: { [subgraph.at(-1)!.split(':')[0]!]: { messages: [] } },
              });
            }
            break;
          }
          const call = calls.get(event.callId);
          if (call === undefined) break;
          if (event.phase === 'call') {
            // The model's message with this call is over: later text is the next message.
            current.delete(call.namespace.join('|'));
            break;
          }
          const content = event.output ?? results.get(event.callId) ?? '';
          out.push({
            event: name('messages', call.namespace),
            data: [
              {
                type: 'tool',
                id: `tool-${event.callId}`,
                tool_call_id: event.callId,
                name: call.name,
                content: event.error ?? content,
                status: event.error === null ? 'success' : 'error',
              },
              metadata(call.namespace, 'tools'),
            ],
          });
          break;
        }
        case 'data':
          // The event lists every part so far: the ones not sent yet go out as custom events.
          for (const part of event.parts) {
            if (sent.has(part)) continue;
            sent.add(part);
            out.push({ event: 'custom', data: part.data });
          }
          break;
        case 'server-error':
          out.push({ event: 'error', data: { error: 'Error', message: event.error.message } });
          break;
        default:
          break;
      }
      return out;
    },
  };
}

/** One event as SSE, with its id. */
export function langGraphLine({ event, data }: LangGraphEvent, id: number): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`;
}
