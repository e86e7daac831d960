import type { ToolStreamState } from '@toolstream/core';
import { applyActions, type ToolStreamAction } from '@toolstream/core/tap';

/** One step of what a store folded: a frame's events or one action, or a replaced state. */
export type MirrorStep =
  | { kind: 'actions'; actions: readonly ToolStreamAction[]; at: number }
  | { kind: 'replace'; state: ToolStreamState };

/** Steps between two kept states: a frame's state is at most this many folds away. */
const CHECKPOINT_EVERY = 256;

/**
 * The store's state, followed step by step with the core's own pure fold (`applyActions`): the
 * state a frame left behind, and the one before it, for showing what the frame changed.
 *
 * Nothing is folded while nobody asks (a closed panel costs only the records): each question
 * folds what came since the last kept state, keeping one every {@link CHECKPOINT_EVERY} steps on
 * the way, so any frame's state is at most that many folds from a kept one. Kept states share
 * everything that did not change (the fold copies only what a batch touches).
 */
export class StateMirror {
  readonly #steps: MirrorStep[] = [];
  /** `#checkpoints[i]`: the state after the first `i * CHECKPOINT_EVERY` steps. */
  readonly #checkpoints: ToolStreamState[];

  constructor(start: ToolStreamState) {
    this.#checkpoints = [start];
  }

  /** Adds a step; returns its index. */
  push(step: MirrorStep): number {
    this.#steps.push(step);
    return this.#steps.length - 1;
  }

  /** The state after every step. */
  current(): ToolStreamState {
    return this.#after(this.#steps.length);
  }

  /** The states before and after step `index`. */
  around(index: number): { before: ToolStreamState; after: ToolStreamState } {
    const before = this.#after(index);
    return { before, after: fold(before, this.#steps, index, index + 1) };
  }

  /** The state after the first `count` steps. */
  #after(count: number): ToolStreamState {
    // Keep the states at whole checkpoints on the way (folding each span once, in one batch).
    for (let next = this.#checkpoints.length; next * CHECKPOINT_EVERY <= count; next++) {
      const previous = this.#checkpoints[next - 1]!;
      this.#checkpoints.push(
        fold(previous, this.#steps, (next - 1) * CHECKPOINT_EVERY, next * CHECKPOINT_EVERY),
      );
    }
    const base = Math.floor(count / CHECKPOINT_EVERY);
    return fold(this.#checkpoints[base]!, this.#steps, base * CHECKPOINT_EVERY, count);
  }
}

/** Folds steps `[from, to)` onto `state`. */
function fold(
  state: ToolStreamState,
  steps: readonly MirrorStep[],
  from: number,
  to: number,
): ToolStreamState {
  let current = state;
  let batch: ToolStreamAction[] = [];
  let at = 0;
  const flush = () => {
    if (batch.length > 0) current = applyActions(current, batch, at);
    batch = [];
  };
  for (let i = from; i < to; i++) {
    const step = steps[i]!;
    if (step.kind === 'replace') {
      batch = [];
      current = step.state;
      continue;
    }
    // One batch per moment: what starts or ends is stamped with the time it did.
    if (step.at !== at) flush();
    at = step.at;
    for (const action of step.actions) batch.push(action);
  }
  flush();
  return current;
}
