import type { InputAnswer, TurnRequest } from '@toolstream/core';

/**
 * The continuation of a turn as the run convention sends it in a POST body (PROTOCOL.md §11):
 * `continue: { run_id, answers }`, one snake_case object per answered call.
 *
 * Why here: the widget builds its own bodies (its `body` option takes the message and the extra
 * fields), and the core's HTTP transport adds `continue` only to the bodies it builds itself.
 * This mirrors the core's `wireAnswers`, which `@toolstream/core` does not export yet; once it
 * does, this file goes.
 */
export function continuationField(turn: TurnRequest): Record<string, unknown> | null {
  const continuation = turn.continuation;
  if (continuation === undefined) return null;
  return { run_id: continuation.runId, answers: continuation.answers.map(wireAnswer) };
}

function wireAnswer({ callId, ref, answer }: InputAnswer): Record<string, unknown> {
  const wire: Record<string, unknown> = { call_id: callId };
  if (ref !== null) wire.ref = ref;
  switch (answer.type) {
    case 'approve':
      wire.approved = true;
      if (answer.args !== undefined) wire.arguments = answer.args;
      break;
    case 'deny':
      wire.approved = false;
      if (answer.reason !== null) wire.reason = answer.reason;
      break;
    case 'output':
      wire.output = answer.output;
      break;
    case 'error':
      wire.error = answer.error;
      break;
    case 'value':
      wire.value = answer.value;
      break;
    default:
      answer satisfies never;
  }
  return wire;
}
