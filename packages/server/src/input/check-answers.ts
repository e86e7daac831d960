import type { ContinuationAnswer, ContinuationRefusal, GivenAnswer } from './continuation.js';
import type { ContinuationRequest } from './parse-continuation.js';
import type { AwaitedCall, AwaitKind, PendingAsks } from './pending-input.js';

/** The answer types each kind of ask takes (PROTOCOL.md §11). */
const ACCEPTS: Record<AwaitKind, ReadonlySet<GivenAnswer['type']>> = {
  approval: new Set(['approve', 'deny']),
  client: new Set(['output', 'error']),
  input: new Set(['value']),
};

/**
 * Checks a continuation's answers against what the run asked for: every answer names a call it
 * asked about, once; every such call is answered; each answer is of the call's kind; arguments
 * are edited only where the call allowed it. Returns the checked answers, in the order the calls
 * were made, or the first refusal (nothing may run then).
 */
export function checkAnswers(
  request: ContinuationRequest,
  pending: PendingAsks,
): ContinuationAnswer[] | ContinuationRefusal {
  const asked = new Map<string, AwaitedCall>(pending.calls.map((call) => [call.id, call]));
  const given = new Map<string, ContinuationRequest['answers'][number]>();
  for (const answer of request.answers) {
    const call = asked.get(answer.callId);
    if (call === undefined) {
      return refuse(
        'unexpected-answer',
        `Run ${pending.runId} did not ask about call ${JSON.stringify(answer.callId)}.`,
      );
    }
    if (given.has(call.id)) return refuse('duplicate-answer', `Call ${call.id} is answered twice.`);
    if (!ACCEPTS[call.kind].has(answer.answer.type)) {
      return refuse(
        'wrong-answer-kind',
        `Call ${call.id} waits for ${describe(call.kind)}; the answer is ${GIVEN[answer.answer.type]}.`,
      );
    }
    if (answer.args !== null && !call.editable) {
      return refuse('arguments-not-editable', `The arguments of call ${call.id} may not be changed.`);
    }
    given.set(call.id, answer);
  }
  const missing = pending.calls.filter((call) => !given.has(call.id));
  if (missing.length > 0) {
    return refuse(
      'missing-answer',
      `Call${missing.length > 1 ? 's' : ''} ${missing.map((call) => call.id).join(', ')} ${missing.length > 1 ? 'have' : 'has'} no answer.`,
    );
  }
  return pending.calls.map((call) => {
    const { answer, args } = given.get(call.id)!;
    return {
      id: call.id,
      name: call.name,
      kind: call.kind,
      args: args ?? call.args,
      edited: args !== null,
      delegation: call.delegation,
      answer,
    };
  });
}

/** How a refusal names the answer it got. */
const GIVEN: Record<GivenAnswer['type'], string> = {
  approve: 'an approval',
  deny: 'a denial',
  output: 'an output',
  error: 'an error',
  value: 'a value',
};

function describe(kind: AwaitKind): string {
  if (kind === 'approval') return 'an approval';
  return kind === 'client' ? 'the browser’s output or error' : 'a value';
}

function refuse(code: ContinuationRefusal['code'], message: string): ContinuationRefusal {
  return { status: 422, code, message };
}
