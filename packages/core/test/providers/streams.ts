import type { ProtocolOption } from '../../src/adapters/auto.js';
import { allProtocols } from '../../src/adapters/providers/index.js';
import { reduceStream, type StreamSnapshot, type ToolStreamState } from '../../src/index.js';
import type { StreamEvent } from '../../src/protocol/events.js';
import { createStreamReader } from '../../src/reader/stream-reader.js';
import { applyActions } from '../../src/reducer/reduce.js';
import { initialState } from '../../src/reducer/state.js';

/** SSE text with one `data:` event per value (objects are JSON-encoded, strings sent as they are). */
export function sse(...events: unknown[]): string {
  return events
    .map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
    .join('');
}

/** SSE text with an `event:` line on every event. */
export function sseNamed(...events: [name: string, data: unknown][]): string {
  return events
    .map(
      ([name, data]) => `event: ${name}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
    .join('');
}

/** NDJSON text, one value a line. */
export function ndjson(...lines: unknown[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** An OpenAI `chat.completion.chunk` with one choice. */
export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1767225600,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** Reduces a stream with `auto`, returning the snapshot and the protocol `auto` chose. */
export async function reduce(
  input: string,
  protocol: ProtocolOption = 'auto',
): Promise<{ snapshot: StreamSnapshot; protocol: string | null; state: ToolStreamState }> {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(input, {
    protocol,
    protocols: allProtocols,
    onState: (s) => {
      state = s;
    },
  });
  const final = state! as ToolStreamState;
  return { snapshot, protocol: final.run.protocol, state: final };
}

/** The normalized events an input produces (without the reducer). */
export function eventsOf(input: string, protocol: ProtocolOption = 'auto'): StreamEvent[] {
  const events: StreamEvent[] = [];
  const reader = createStreamReader((event) => events.push(event), { protocol, protocols: allProtocols });
  reader.feed(input);
  reader.end();
  return events;
}

/** Every intermediate state of an input, one event applied at a time (as a live UI would see it). */
export function statesOf(input: string, protocol: ProtocolOption = 'auto'): ToolStreamState[] {
  let state = applyActions(
    initialState(),
    [
      {
        type: 'run-start',
        assistantMessageId: 'assistant-1',
        placement: { kind: 'append', userMessage: null },
        protocol: null,
      },
    ],
    0,
  );
  const states: ToolStreamState[] = [];
  for (const event of eventsOf(input, protocol)) {
    state = applyActions(state, [event], 0);
    states.push(state);
  }
  return states;
}

/** The complete calls of a snapshot as `{id, name, arguments}`. */
export function completeCalls(snapshot: StreamSnapshot) {
  return snapshot.toolCalls
    .filter((call) => call.arguments !== null)
    .map((call) => ({ id: call.call_id, name: call.tool_name, arguments: call.arguments }));
}
