import type { RunStore } from '../store/run-store.js';
import { checkAnswers } from './check-answers.js';
import type { ContinuationRefusal, RunContinuation } from './continuation.js';
import type { ContinuationRequest } from './parse-continuation.js';
import type { PendingAsks } from './pending-input.js';

/**
 * Takes a continuation, or refuses it, before anything runs: the run must wait for answers, the
 * request must come from whom `mayContinue` accepts, the answers must match what the run asked,
 * and only one continuation takes the asks — claimed atomically in the store, so two at once on
 * two instances cannot both go on. A refused continuation leaves the asks as they were.
 */
export async function acceptContinuation(
  store: RunStore,
  request: ContinuationRequest,
  mayContinue: (pending: PendingAsks) => Promise<boolean>,
): Promise<RunContinuation | ContinuationRefusal> {
  const found = await store.getPending(request.runId);
  if (found === null) {
    return {
      status: 404,
      code: 'not-waiting',
      message: `Run ${JSON.stringify(request.runId)} waits for no answers: it asked for none, or what it asked is no longer kept.`,
    };
  }
  const { pending } = found;
  // Before anything else about the run is told: another user learns only that it is not theirs.
  if (!(await mayContinue(pending))) {
    return { status: 403, code: 'forbidden', message: 'This run belongs to someone else.' };
  }
  if (found.answered) return alreadyAnswered(request.runId);
  const answers = checkAnswers(request, pending);
  if (!Array.isArray(answers)) return answers;
  if (!(await store.claimPending(request.runId))) return alreadyAnswered(request.runId);
  return { runId: pending.runId, answers, state: pending.state };
}

function alreadyAnswered(runId: string): ContinuationRefusal {
  return {
    status: 409,
    code: 'already-answered',
    message: `Run ${JSON.stringify(runId)} was answered already; its answers went on in another run.`,
  };
}
