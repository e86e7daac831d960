import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ToolStreamAction } from '../reducer/actions.js';
import { applyActions } from '../reducer/reduce.js';
import type { ToolStreamState } from '../reducer/state.js';
import type { Tap } from '../tap/tap.js';
import { createScheduler, type Schedule } from './scheduler.js';

/**
 * The store's state: a zustand vanilla store, fed by actions that are queued and folded in one
 * batch per `schedule` period (an animation frame by default), so subscribers hear at most once
 * per frame and unchanged objects keep their identity.
 */
export interface BatchedState {
  readonly api: StoreApi<ToolStreamState>;
  /** Queues an action for the next batch. */
  dispatch(action: ToolStreamAction): void;
  /** Folds and publishes what is queued now. */
  flush(): void;
  /** Drops what is queued and publishes `state` as it is. */
  replace(state: ToolStreamState): void;
}

export function createBatchedState(
  start: ToolStreamState,
  schedule: Schedule,
  now: () => number,
  tap: Tap,
): BatchedState {
  const api = createStore<ToolStreamState>()(() => start);
  let queue: ToolStreamAction[] = [];
  const fold = () => {
    if (queue.length === 0) return;
    const actions = queue;
    queue = [];
    const previous = api.getState();
    const next = applyActions(previous, actions, now());
    if (next !== previous) api.setState(next, true);
  };
  const scheduler = createScheduler(schedule, fold);
  return {
    api,
    dispatch(action) {
      queue.push(action);
      if (tap.active) tap.action(action);
      scheduler.request();
    },
    flush() {
      scheduler.cancel();
      fold();
    },
    replace(state) {
      queue = [];
      scheduler.cancel();
      if (tap.active) tap.replace(state);
      api.setState(state, true);
    },
  };
}
