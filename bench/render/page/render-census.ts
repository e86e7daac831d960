/**
 * Which components rendered in each commit, read from React's fiber tree after the commit
 * (diagnose runs only: it walks the whole tree, a few ms per commit). A component rendered in
 * a commit when its fiber is new to the current tree (React swaps in the work-in-progress copy
 * of every fiber it visited) and carries React's `PerformedWork` flag (set when its function
 * ran, not when it bailed out). These are React internals, stable across 18 and 19, used here
 * only to explain figures, never to produce the bench's targets.
 */
interface Fiber {
  tag: number;
  flags: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

interface FiberRoot {
  current: Fiber;
}

const PERFORMED_WORK = 1;
// FunctionComponent, ClassComponent, ForwardRef, MemoComponent, SimpleMemoComponent.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

function nameOf(type: unknown): string {
  if (typeof type === 'function') {
    const fn = type as { displayName?: string; name?: string };
    return fn.displayName ?? (fn.name || 'Anonymous');
  }
  if (typeof type === 'object' && type !== null) {
    const wrapper = type as { displayName?: string; type?: unknown; render?: unknown };
    if (wrapper.displayName !== undefined) return wrapper.displayName;
    if (wrapper.type !== undefined) return nameOf(wrapper.type);
    if (wrapper.render !== undefined) return nameOf(wrapper.render);
  }
  return 'Unknown';
}

export function createRenderCensus() {
  let previous = new Set<Fiber>();
  const totals = new Map<string, number>();
  const others: string[][] = [];
  let commits = 0;
  let origin = 0;
  return {
    /** Call after each commit with the hook's `FiberRoot` and the recorder's view of the commit. */
    record(root: unknown, commit: { at: number; inFrame: boolean; fromStore: boolean }) {
      const seen = new Set<Fiber>();
      const rendered = new Set<string>();
      const stack: Fiber[] = [(root as FiberRoot).current];
      while (stack.length > 0) {
        const fiber = stack.pop()!;
        seen.add(fiber);
        if (COMPONENT_TAGS.has(fiber.tag) && !previous.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0) {
          const name = nameOf(fiber.type);
          totals.set(name, (totals.get(name) ?? 0) + 1);
          rendered.add(name);
        }
        if (fiber.sibling !== null) stack.push(fiber.sibling);
        if (fiber.child !== null) stack.push(fiber.child);
      }
      previous = seen;
      commits++;
      if (!commit.fromStore && others.length < 12) {
        const when = `${(commit.at - origin).toFixed(0)} ms, ${commit.inFrame ? 'in rAF' : 'in a task'}:`;
        others.push([when, ...rendered]);
      }
    },
    /** Forgets the counts so far (the tree seen last is kept); times are from `at` on. */
    reset(at: number) {
      origin = at;
      totals.clear();
      others.length = 0;
      commits = 0;
    },
    /** Renders per component over the commits recorded, most first. */
    result(): { commits: number; renders: Record<string, number>; otherCommits: string[][] } {
      return {
        commits,
        otherCommits: others,
        renders: Object.fromEntries([...totals].sort((a, b) => b[1] - a[1])),
      };
    },
  };
}

export type RenderCensus = ReturnType<typeof createRenderCensus>;
