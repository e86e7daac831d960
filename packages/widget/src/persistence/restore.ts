import { applyActions, type ToolStreamState } from '@toolstream/core';
import { isActive } from '@toolstream/react';

/** How to start from a restored state. */
export interface RestorePlan {
  /** The state the store starts from. */
  state: ToolStreamState;
  /** Re-attach the run with `store.resume()` once the store exists. */
  resume: boolean;
}

/**
 * A page reloaded while an answer streamed left a run that is still "active" in storage. When
 * the server named it (a run id) and the widget can reach the server, the run is re-attached;
 * otherwise nothing will ever finish it, so it is ended here as stopped, which closes its open
 * tool calls instead of leaving them spinning.
 */
export function planRestore(state: ToolStreamState, canResume: boolean, now: number): RestorePlan {
  if (!isActive(state.status)) return { state, resume: false };
  if (canResume && state.run.runId !== null) return { state, resume: true };
  return {
    state: applyActions(state, [{ type: 'run-end', status: 'aborted', error: null }], now),
    resume: false,
  };
}
