import type { Decorator } from '@storybook/react-vite';
import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import type { StreamEvent } from '@toolstream/core/adapters';
import { ToolStreamProvider } from '@toolstream/react';
import { type ReactNode, useEffect, useState } from 'react';
import { type EventTurn, storeFromEvents } from '../test-utils/event-store.js';
import { playScript } from './play-script.js';

/** How a story's store is filled. */
export interface StoryScript {
  /** Chunks ingested before the first render: the story opens in that state. */
  before?: readonly unknown[];
  /** Chunks then played over time, one per `intervalMs`. */
  live?: readonly unknown[];
  intervalMs?: number;
  /** End the run after the chunks (default `true`; a static story without it stays mid-stream). */
  complete?: boolean;
  /** Stop the run after the `before` chunks, as the Stop button would. */
  stop?: boolean;
  /** Normalized events of one turn, for states the wire cannot express (pending, reasoning). */
  events?: readonly StreamEvent[];
  /** The turn `events` belong to (its user message; whether it ends). */
  turn?: EventTurn;
  /** A message to send when mounted (needs `options.endpoint` and a scripted `fetch`). */
  send?: string;
  /** Store options (an `endpoint` with a scripted `fetch`…). */
  options?: ToolStreamStoreOptions;
}

function newStore(script: StoryScript): ToolStreamStore {
  if (script.events !== undefined) return storeFromEvents(script.events, script.turn, script.options);
  let ids = 0;
  const store = createToolStreamStore({ generateId: () => `m${++ids}`, ...script.options });
  for (const chunk of script.before ?? []) store.ingest(chunk);
  if (script.stop) void store.stop();
  else if (script.before?.length && !script.live?.length && script.complete !== false) store.complete();
  store.flush();
  return store;
}

/** Provides a fresh store filled by `script`, replaying its live part while mounted. */
export function ScriptedStore({ script, children }: { script: StoryScript; children: ReactNode }) {
  const [store] = useState(() => newStore(script));
  useEffect(() => {
    if (script.send !== undefined) void store.send(script.send);
    if (!script.live?.length) return;
    return playScript(store, script.live, script.intervalMs ?? 120, { complete: script.complete ?? true });
  }, [store, script]);
  return <ToolStreamProvider store={store}>{children}</ToolStreamProvider>;
}

/** A decorator giving the story a store filled by `script`. */
export function withScript(script: StoryScript): Decorator {
  return (Story) => (
    <ScriptedStore script={script}>
      <Story />
    </ScriptedStore>
  );
}
