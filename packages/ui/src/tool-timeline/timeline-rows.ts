import type { ToolCallState } from '@toolstream/core';
import { isCallOpen } from '@toolstream/core';

/** One call laid out on the timeline, with its nested calls. */
export interface TimelineNode {
  call: ToolCallState;
  /** Start, from the earliest call's start (ms). */
  offsetMs: number;
  /** Duration so far (ms): to `completedAt`, or to `now` while open. */
  durationMs: number;
  /** Bar position and length as fractions (0–1) of the whole span. */
  start: number;
  size: number;
  children: TimelineNode[];
}

/** The whole waterfall. */
export interface Timeline {
  roots: TimelineNode[];
  /** From the first start to the last end (or now), in ms. */
  spanMs: number;
  /** Whether any call is still open (the timeline is live). */
  live: boolean;
}

/**
 * Lays out calls as a waterfall nested by delegation. A call whose parent is not among
 * `calls` is a root, so a slice of the run (one message) still shows every call it has.
 * Children keep the order of `calls`.
 */
export function buildTimeline(calls: readonly ToolCallState[], now: number): Timeline {
  if (calls.length === 0) return { roots: [], spanMs: 0, live: false };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let live = false;
  const endOf = (call: ToolCallState) => {
    const open = isCallOpen(call.status);
    return call.completedAt ?? (open ? Math.max(now, call.startedAt) : call.startedAt);
  };
  for (const call of calls) {
    first = Math.min(first, call.startedAt);
    last = Math.max(last, endOf(call));
    if (isCallOpen(call.status)) live = true;
  }
  const spanMs = Math.max(0, last - first);
  const nodes = new Map<string, TimelineNode>();
  for (const call of calls) {
    const end = endOf(call);
    const offsetMs = call.startedAt - first;
    const durationMs = Math.max(0, end - call.startedAt);
    nodes.set(call.id, {
      call,
      offsetMs,
      durationMs,
      start: spanMs === 0 ? 0 : offsetMs / spanMs,
      size: spanMs === 0 ? 1 : durationMs / spanMs,
      children: [],
    });
  }
  const roots: TimelineNode[] = [];
  for (const call of calls) {
    const node = nodes.get(call.id)!;
    const parent = call.parentId === null ? undefined : nodes.get(call.parentId);
    // A parent listed after its child (bad input) would hide the child: keep it at the root.
    if (parent !== undefined && parent !== node && !isAncestor(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  return { roots, spanMs, live };
}

function isAncestor(candidate: TimelineNode, node: TimelineNode): boolean {
  const stack = [...candidate.children];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === node) return true;
    stack.push(...next.children);
  }
  return false;
}
