import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import type { AdapterDefinition, StreamEvent } from '@toolstream/core/adapters';

/**
 * A protocol whose frames are normalized events themselves (`store.ingest(event)`): for states
 * the primary wire protocol cannot express (a call started with nothing streamed, reasoning
 * text), reached through the public store API only.
 */
export const eventsProtocol: AdapterDefinition = {
  name: 'test-events',
  sniff: () => false,
  create: () => ({
    protocol: 'test-events',
    push(frame, emit) {
      emit(frame.json as StreamEvent);
    },
    end() {},
  }),
};

/** What {@link storeFromEvents} starts its turn with. */
export interface EventTurn {
  /** The user's message the turn answers (none by default). */
  userMessage?: string;
  /** End the turn after the events, as a clean end of the stream would (default `false`). */
  complete?: boolean;
}

/** A store holding one turn made of `events`. Message ids are `x1`, `x2`… in order of creation. */
export function storeFromEvents(
  events: readonly StreamEvent[],
  turn: EventTurn = {},
  options: ToolStreamStoreOptions = {},
): ToolStreamStore {
  let ids = 0;
  const store = createToolStreamStore({
    schedule: 'sync',
    generateId: () => `x${++ids}`,
    ...options,
    protocol: eventsProtocol,
  });
  store.startTurn(turn.userMessage);
  for (const event of events) store.ingest(event);
  if (turn.complete) store.complete();
  return store;
}
