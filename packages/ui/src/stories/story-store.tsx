import type { Decorator } from '@storybook/react-vite';
import { createToolStreamStore, type ToolStreamStore, type ToolStreamStoreOptions } from '@toolstream/core';
import type { StreamEvent } from '@toolstream/core/adapters';
import { ToolStreamProvider } from '@toolstream/react';
import { type ReactNode, useState } from 'react';
import { ClockContext, frozenClock } from '../internal/use-now.js';
import { Markdown } from '../markdown/markdown.js';
import { eventsProtocol } from '../test-utils/event-store.js';
import { TextRendererProvider } from '../text/text-renderer.js';

/** When every story's clock starts: a fixed instant, so nothing depends on the day it runs. */
export const STORY_EPOCH = Date.UTC(2026, 0, 15, 9, 30, 0);

/** A pause in a script: the store's clock moves on by `ms` before the next step. */
export interface Wait {
  wait: number;
}

/** Waits `ms` between two steps of a script (a tool that takes its time, say). */
export const wait = (ms: number): Wait => ({ wait: ms });

/** One turn of a story's conversation. */
export interface StoryTurn {
  /** What the user asked (none: a turn fed without a user message). */
  user?: string;
  /** The turn's stream: primary-protocol chunks (or normalized events, with `events`), and waits. */
  steps: readonly unknown[];
  /**
   * How the turn ends: `done` (the stream's clean end, the default), `open` (frozen mid-run),
   * `stopped` (Stop), `interrupted` (the stream closed mid-run).
   */
  end?: 'done' | 'open' | 'stopped' | 'interrupted';
}

/** How a story's store is filled, every step on a scripted clock, so the picture is the same each time. */
export interface StoryScript {
  turns: readonly StoryTurn[];
  /** The steps are normalized events (`StreamEvent`), for states the wire cannot express. */
  events?: boolean;
  /** Time between two steps, ms (default 140). */
  stepMs?: number;
  /** How long after the last step the picture is taken: the open calls' running time (default 2400). */
  heldMs?: number;
  /** Store options (an `endpoint` with a scripted `fetch`, for stories whose buttons send). */
  options?: ToolStreamStoreOptions;
  /** Runs on the filled store before it is shown (answers given to calls that wait, say). */
  settle?: (store: ToolStreamStore) => void;
}

/** A store filled by `script`, and the instant its picture is frozen at. */
export function scriptedStore(script: StoryScript): { store: ToolStreamStore; at: number } {
  let now = STORY_EPOCH;
  let ids = 0;
  const store = createToolStreamStore({
    schedule: 'sync',
    generateId: () => `m${++ids}`,
    now: () => now,
    ...script.options,
    ...(script.events ? { protocol: eventsProtocol } : {}),
  });
  const step = script.stepMs ?? 140;
  for (const turn of script.turns) {
    store.startTurn(turn.user);
    for (const item of turn.steps) {
      if (isWait(item)) {
        now += item.wait;
        continue;
      }
      now += step;
      store.ingest(item as StreamEvent | object);
    }
    now += step;
    const end = turn.end ?? 'done';
    if (end === 'done') {
      if (script.events) store.ingest({ type: 'done' });
      store.complete();
    } else if (end === 'stopped') void store.stop();
    else if (end === 'interrupted') store.complete();
  }
  script.settle?.(store);
  return { store, at: now + (script.heldMs ?? 2400) };
}

function isWait(item: unknown): item is Wait {
  return typeof item === 'object' && item !== null && Object.keys(item).length === 1 && 'wait' in item;
}

/**
 * Gives its children a store filled by `script`, a clock frozen at the end of the script (so a
 * running call always shows the same time), and markdown, as `Chat` renders it.
 */
export function ScriptedStore({ script, children }: { script: StoryScript; children: ReactNode }) {
  const [{ store, at }] = useState(() => scriptedStore(script));
  const [clock] = useState(() => frozenClock(at));
  return (
    <ToolStreamProvider store={store}>
      <ClockContext.Provider value={clock}>
        <TextRendererProvider renderer={Markdown}>{children}</TextRendererProvider>
      </ClockContext.Provider>
    </ToolStreamProvider>
  );
}

/** A decorator giving the story a store filled by `script`. */
export function withScript(script: StoryScript): Decorator {
  return (Story) => (
    <ScriptedStore script={script}>
      <Story />
    </ScriptedStore>
  );
}

/** One turn, as a decorator: the common case. */
export function withTurn(
  steps: readonly unknown[],
  turn: Omit<StoryTurn, 'steps'> = {},
  script: Omit<StoryScript, 'turns'> = {},
): Decorator {
  return withScript({ ...script, turns: [{ ...turn, steps }] });
}

/**
 * Lays the story out as a page would: a column of `width` (and `height`, for a whole chat), with
 * the theme's background — so a component is seen at the size it is used at.
 */
export function withFrame(width: number | string, height?: number | string): Decorator {
  return (Story) => (
    <div
      data-slot="story-frame"
      style={{ width, height, maxWidth: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Story />
    </div>
  );
}
