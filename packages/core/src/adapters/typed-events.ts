import { describeValue, protocolError } from '../errors.js';
import type { AdapterContext, AdapterDefinition, StreamAdapter } from './adapter.js';
import { handleLifecycleFrame } from './common-events.js';
import { frameJson, frameText, isRecord } from './frame-json.js';
import { emitInputRequest } from './input-request.js';

/**
 * The typed-events protocol: `message` (a text chunk), `tool_start` / `tool_end` (a tool
 * name), `error` (a message) and `done`. Tool events carry no id, so each `tool_start` gets a
 * generated one and `tool_end` closes the oldest open call of that name. A `tool_start` whose
 * data is a JSON object may name its own id (`id` / `call_id`) and tool (`name` / `tool_name`).
 * A clean end of the stream means the run is complete (`done` is optional).
 */
export function createTypedEventsAdapter(context: AdapterContext): StreamAdapter {
  // Open calls by tool name, oldest first.
  const open = new Map<string, string[]>();

  const toolRef = (
    data: string,
  ): { name: string; id: string | null; json: Record<string, unknown> | null } => {
    const json = frameJson({ data });
    if (isRecord(json)) {
      const name = json.name ?? json.tool_name;
      const id = json.id ?? json.call_id;
      return {
        name: typeof name === 'string' ? name : data,
        id: typeof id === 'string' && id !== '' ? id : null,
        json,
      };
    }
    return { name: data.trim(), id: null, json: null };
  };

  let done = false;

  return {
    protocol: 'typed-events',
    push(frame, emit) {
      if (handleLifecycleFrame(frame, emit)) {
        done = true; // `done`, or an `error` that ended the run
        return;
      }
      const event = frame.event ?? 'message';
      if (event === 'message') {
        if (frame.data !== '') emit({ type: 'text-delta', delta: frame.data });
        return;
      }
      if (event === 'tool_start') {
        const { name, id, json } = toolRef(frameText(frame));
        const callId = id ?? context.generateId('tool');
        const queue = open.get(name);
        if (queue === undefined) open.set(name, [callId]);
        else queue.push(callId);
        const args = json?.args ?? json?.arguments;
        emit({
          type: 'tool-start',
          callId,
          phase: 'call',
          toolName: name,
          kind: 'tool',
          parentCallId: null,
          agent: null,
          eventType: 'tool_start',
          details: isRecord(args) ? { arguments: args } : null,
        });
        // A tool that waits for an approval, the browser or an answer (PROTOCOL.md §11): its call
        // is made, and the run will end waiting for it.
        if (json !== null && typeof json.awaiting === 'string') {
          emit({ type: 'tool-end', callId, phase: 'call', output: null, details: null, error: null });
          emitInputRequest(callId, json, emit);
        }
        return;
      }
      if (event === 'tool_end') {
        const { name, id } = toolRef(frameText(frame));
        const queue = open.get(name);
        const index = id === null ? 0 : (queue?.indexOf(id) ?? -1);
        // A named call this stream did not start is one an earlier run of the turn asked about
        // (a continuation ends it).
        const started = queue !== undefined && index >= 0;
        const callId = started ? queue.splice(index, 1)[0] : (id ?? undefined);
        if (callId === undefined) {
          emit({
            type: 'protocol-error',
            error: protocolError(
              `tool_end for ${describeValue(name)}, which has not started`,
              frameText(frame),
            ),
          });
          return;
        }
        if (!started) {
          // An earlier run of the turn asked about this call (a continuation ends it): its
          // result is in. (The reducer reports an id no run started.)
          emit({ type: 'tool-end', callId, phase: 'result', output: null, details: null, error: null });
          return;
        }
        // tool_end means the tool has run: the call is made and its (unseen) result is in.
        emit({ type: 'tool-end', callId, phase: 'call', output: null, details: null, error: null });
        emit({
          type: 'tool-start',
          callId,
          phase: 'result',
          toolName: name,
          kind: 'tool',
          parentCallId: null,
          agent: null,
          eventType: 'tool_end',
          details: null,
        });
        emit({ type: 'tool-end', callId, phase: 'result', output: null, details: null, error: null });
        return;
      }
      emit({
        type: 'protocol-error',
        error: protocolError(`unknown event ${describeValue(event)}`, frameText(frame)),
      });
    },
    end(emit) {
      // Cancellation is by closing the connection, so a clean end is the end of the run.
      if (!done) emit({ type: 'done' });
    },
  };
}

/** The typed-events protocol's {@link AdapterDefinition}. */
export const typedEventsProtocol: AdapterDefinition = {
  name: 'typed-events',
  sniff(frame, json) {
    const event = frame.event;
    if (event === 'tool_start' || event === 'tool_end') return true;
    // Plain text in a default or `message` event: only this protocol sends that.
    return (event === undefined || event === 'message') && json === undefined && frame.data !== '[DONE]';
  },
  create: (context) => createTypedEventsAdapter(context),
};
