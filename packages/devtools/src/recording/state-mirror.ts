import type { ToolStreamError, ToolStreamState } from '@toolstream/core';
import { applyActions, type ToolStreamAction } from '@toolstream/core/tap';

/** One step of what a store folded: a frame's events or one action, or a replaced state. */
export type MirrorStep =
  | { kind: 'actions'; actions: readonly ToolStreamAction[]; at: number }
  | { kind: 'replace'; state: ToolStreamState };

/** An error the state gained, and the step whose fold added it. */
export interface StepError {
  step: number;
  error: ToolStreamError;
}

/** One batch of the fold spans at most this much time: an animation frame, as the store's. */
const FRAME_MS = 16;

/** Steps between two kept states: a frame's state is at most this many folds away. */
const CHECKPOINT_EVERY = 256;

/**
 * The store's state, followed step by step with the core's own pure fold (`applyActions`): the
 * state now, the state a frame left behind and the one before it (what the frame changed), and
 * which step added each error (the reducer adds some itself: a tool's failure, a part after its
 * phase completed).
 *
 * Nothing is folded while nobody asks (a closed panel costs only the records). Asked, it folds
 * what came since it last did in one batch, as the store does — and only a batch that added
 * errors again step by step, to say which step did. It keeps the state every
 * {@link CHECKPOINT_EVERY} steps, so any frame's state is at most that many folds away; kept
 * states share everything that did not change (the fold copies only what a batch touches).
 */
export class StateMirror {
  readonly #steps: MirrorStep[] = [];
  /** `#checkpoints[i]`: the state after the first `i * CHECKPOINT_EVERY` steps. */
  readonly #checkpoints: ToolStreamState[];
  /** The state after the first `#foldedCount` steps. */
  #folded: ToolStreamState;
  #foldedCount = 0;
  readonly #errors: StepError[] = [];

  constructor(start: ToolStreamState) {
    this.#checkpoints = [start];
    this.#folded = start;
  }

  /** Adds a step; returns its index. */
  push(step: MirrorStep): number {
    this.#steps.push(step);
    return this.#steps.length - 1;
  }

  /** The state after every step. */
  current(): ToolStreamState {
    this.#advance();
    return this.#folded;
  }

  /** Every error the state gained, with the step that added it, in order. */
  errors(): readonly StepError[] {
    this.#advance();
    return this.#errors;
  }

  /** The states before and after step `index`. */
  around(index: number): { before: ToolStreamState; after: ToolStreamState } {
    this.#advance();
    const base = Math.floor(index / CHECKPOINT_EVERY);
    const before = foldMoments(this.#checkpoints[base]!, this.#steps, base * CHECKPOINT_EVERY, index);
    return { before, after: foldMoments(before, this.#steps, index, index + 1) };
  }

  /**
   * Folds the steps not folded yet, in batches of one animation frame's worth of time (as the
   * store publishes, so what starts or ends is stamped within a frame of when it did), cut at
   * each checkpoint.
   */
  #advance(): void {
    const total = this.#steps.length;
    while (this.#foldedCount < total) {
      const nextCheckpoint = (Math.floor(this.#foldedCount / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY;
      const first = this.#steps[this.#foldedCount]!;
      const until = first.kind === 'actions' ? first.at + FRAME_MS : Number.POSITIVE_INFINITY;
      let to = this.#foldedCount + 1;
      while (to < Math.min(total, nextCheckpoint)) {
        const step = this.#steps[to]!;
        if (step.kind === 'actions' && step.at > until) break;
        to++;
      }
      this.#foldSpan(this.#foldedCount, to);
      this.#foldedCount = to;
      if (to === nextCheckpoint) this.#checkpoints.push(this.#folded);
    }
  }

  /** Folds steps `[from, to)` as one batch; a batch that added errors is folded again step by step. */
  #foldSpan(from: number, to: number): void {
    const before = this.#folded;
    const after = foldBatch(before, this.#steps, from, to);
    if (!addedErrors(before, after, this.#steps, from, to)) {
      this.#folded = after;
      return;
    }
    let state = before;
    for (let i = from; i < to; i++) {
      const next = foldBatch(state, this.#steps, i, i + 1);
      if (this.#steps[i]!.kind === 'actions') {
        for (const error of next.errors.slice(state.errors.length)) this.#errors.push({ step: i, error });
      }
      state = next;
    }
    this.#folded = state;
  }
}

/** Whether folding `[from, to)` added errors (a replaced state starts its own count). */
function addedErrors(
  before: ToolStreamState,
  after: ToolStreamState,
  steps: readonly MirrorStep[],
  from: number,
  to: number,
): boolean {
  for (let i = from; i < to; i++) if (steps[i]!.kind === 'replace') return true;
  return after.errors.length > before.errors.length;
}

/** Folds steps `[from, to)` onto `state` in one batch, stamped with the last step's time. */
function foldBatch(
  state: ToolStreamState,
  steps: readonly MirrorStep[],
  from: number,
  to: number,
): ToolStreamState {
  let current = state;
  let batch: ToolStreamAction[] = [];
  let at = 0;
  for (let i = from; i < to; i++) {
    const step = steps[i]!;
    if (step.kind === 'replace') {
      if (batch.length > 0) current = applyActions(current, batch, at);
      batch = [];
      current = step.state;
      continue;
    }
    for (const action of step.actions) batch.push(action);
    at = step.at;
  }
  return batch.length > 0 ? applyActions(current, batch, at) : current;
}

/** Folds steps `[from, to)` one batch per moment: what starts or ends is stamped with when it did. */
function foldMoments(
  state: ToolStreamState,
  steps: readonly MirrorStep[],
  from: number,
  to: number,
): ToolStreamState {
  let current = state;
  let start = from;
  for (let i = from; i <= to; i++) {
    const step = steps[i];
    const boundary =
      i === to ||
      step!.kind === 'replace' ||
      (steps[start]?.kind === 'actions' &&
        step!.kind === 'actions' &&
        step!.at !== (steps[start] as { at: number }).at);
    if (!boundary) continue;
    current = foldBatch(current, steps, start, i);
    start = i;
  }
  return current;
}
