import { latestAnswer, type ToolStreamState } from '@toolstream/core';

/** How to start from a restored state. */
export type RestorePlan =
  /** A run was streaming (or detached) when the page went away and the server named it: re-attach. */
  | { kind: 'resume'; state: ToolStreamState }
  /** The last turn ended waiting for answers (approvals, the browser's tools): restore it whole. */
  | { kind: 'waiting'; state: ToolStreamState }
  /** Continue the conversation; a turn left open ends `interrupted` (nothing will ever finish it). */
  | { kind: 'continue'; state: ToolStreamState };

/**
 * A page reloaded while an answer streamed left a turn that never ended. When the server named
 * its run and the widget can reach the server, the run is re-attached from where it was;
 * otherwise the conversation continues from its messages, where that turn ends `interrupted`
 * (which closes its open tool calls instead of leaving them spinning).
 */
export function planRestore(state: ToolStreamState, canResume: boolean): RestorePlan {
  const end = latestAnswer(state)?.end;
  const open = end === null;
  if (open && canResume && state.run.runId !== null) return { kind: 'resume', state };
  if (end?.outcome === 'awaiting-input') return { kind: 'waiting', state };
  return { kind: 'continue', state };
}
