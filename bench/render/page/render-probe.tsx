import type { ToolCall } from '@toolstream/core';
import type { ToolRendererProps } from '@toolstream/ui';

/**
 * Counts renders of tool-call bodies from inside `<Chat>` without touching the components: a
 * per-tool renderer (public API, `toolRenderers`) that counts and then renders the default
 * markdown body, so the DOM is the same as without it. `ToolCallOutput` renders it whenever the
 * call's `ToolCall` subtree renders — a new call object (the call changed), or the `ToolCall`
 * itself re-rendering (memo defeated) — so a render with the same call object as the previous
 * one is a render the call did not need.
 */
export interface RenderCounts {
  total: number;
  /** Renders where the call object was the same as at the previous render. */
  unchangedCall: number;
  /** Renders of the unchanged call's body, with their times (performance.now()). */
  watched: number[];
}

/** The counts of this page (one run per page load). */
export const renderCounts: RenderCounts = { total: 0, unchangedCall: 0, watched: [] };
const last = new Map<string, ToolCall>();
let watchedTool = '';

/** Which tool's renders to time (the unchanged call's). */
export function watchTool(tool: string): void {
  watchedTool = tool;
}

/** The counting renderer: register it for every tool whose calls should be counted. */
export function RenderProbe(props: ToolRendererProps) {
  renderCounts.total++;
  if (last.get(props.call.id) === props.call) renderCounts.unchangedCall++;
  last.set(props.call.id, props.call);
  if (props.call.toolName === watchedTool) renderCounts.watched.push(performance.now());
  return props.renderDefault();
}
