import type { CallStatus } from '@toolstream/core';

/** What the timeline needs of one call: its place in the nesting, its label, status and times. */
export interface TimelineEntry {
  id: string;
  parentId: string | null;
  label: string;
  status: CallStatus;
  isOpen: boolean;
  startedAt: number;
  completedAt: number | null;
}

/** One call laid out on the timeline, with its nested calls. */
export interface TimelineNode {
  entry: TimelineEntry;
  depth: number;
  /** Start, from the earliest call's start (ms). */
  offsetMs: number;
  /** Bar position and length as fractions (0–1) of the whole span: one axis for every depth. */
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
 * Lays out calls as a waterfall nested by delegation, every bar on one shared time axis (the
 * turn's first start to its last end, or `now` while a call is open — the same `now`, rounded
 * the same way, as the calls' own elapsed times). A call whose parent is not among `entries` is
 * a root. Children keep the order of `entries`.
 */
export function buildTimeline(entries: readonly TimelineEntry[], now: number): Timeline {
  if (entries.length === 0) return { roots: [], spanMs: 0, live: false };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let live = false;
  const endOf = (entry: TimelineEntry) =>
    entry.completedAt ?? (entry.isOpen ? Math.max(now, entry.startedAt) : entry.startedAt);
  for (const entry of entries) {
    first = Math.min(first, entry.startedAt);
    last = Math.max(last, endOf(entry));
    if (entry.isOpen) live = true;
  }
  const spanMs = Math.max(0, last - first);
  const nodes = new Map<string, TimelineNode>();
  for (const entry of entries) {
    const offsetMs = entry.startedAt - first;
    nodes.set(entry.id, {
      entry,
      depth: 0,
      offsetMs,
      start: spanMs === 0 ? 0 : offsetMs / spanMs,
      size: spanMs === 0 ? 1 : (endOf(entry) - entry.startedAt) / spanMs,
      children: [],
    });
  }
  const roots: TimelineNode[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.id)!;
    const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
    // A cycle in bad input would hide calls: such a call is shown at the top level instead.
    if (parent === undefined || parent === node || isAncestor(node, parent)) roots.push(node);
    else parent.children.push(node);
  }
  const setDepth = (node: TimelineNode, depth: number) => {
    node.depth = depth;
    for (const child of node.children) setDepth(child, depth + 1);
  };
  for (const root of roots) setDepth(root, 0);
  return { roots, spanMs, live };
}

/** Whether `node` is among the ancestors-to-be of `candidate` (its subtree holds it). */
function isAncestor(node: TimelineNode, candidate: TimelineNode): boolean {
  const stack = [...node.children];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === candidate) return true;
    stack.push(...next.children);
  }
  return false;
}
