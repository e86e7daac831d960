import type { CallAnswer, CallInput, CallStatus } from '@toolstream/core';

/**
 * What a call that asked for input says once it is settled, in words for the person: "Approved",
 * "Denied: Wrong recipient", "Ran in your browser", "Failed in your browser: …". `null` while it
 * still waits (the request itself is shown then).
 *
 * A denial the store gave because the person sent a new message carries a reason written for
 * the model (it quotes the message); the person is told what happened in their own terms.
 */
export function answerWords(
  input: CallInput,
  status: CallStatus | undefined,
  /** The call's failure line, when it shows one: not said a second time. */
  shownError: string | null = null,
): string | null {
  const answer = input.answer;
  if (answer === null) {
    if (status === 'stopped') return 'Not answered: the turn was stopped';
    if (status === 'interrupted') return 'Not answered: the turn was interrupted';
    return null;
  }
  if (answer.type === 'error' && answer.by !== 'new-message' && answer.error.trim() === shownError?.trim())
    return 'Failed in your browser';
  return describeAnswer(answer);
}

function describeAnswer(answer: CallAnswer): string {
  const movedOn = answer.by === 'new-message';
  switch (answer.type) {
    case 'approve':
      if (answer.by === 'policy') return 'Approved automatically';
      return answer.args === undefined ? 'Approved' : 'Approved with your changes';
    case 'deny':
      if (movedOn) return 'Denied: you sent a new message instead';
      return withReason(answer.by === 'policy' ? 'Denied automatically' : 'Denied', answer.reason);
    case 'output':
      return 'Ran in your browser';
    case 'error':
      if (movedOn) return 'Not run: you sent a new message instead';
      return withReason('Failed in your browser', answer.error);
    case 'value':
      if (movedOn) return 'Not answered: you sent a new message instead';
      return withReason('Answered', typeof answer.value === 'string' ? answer.value : null);
    default:
      answer satisfies never;
      return '';
  }
}

function withReason(words: string, reason: string | null): string {
  const text = reason?.trim() ?? '';
  return text === '' ? words : `${words}: ${text}`;
}

/** Whether an answer means the call will not run (or did not run well): styled as such. */
export function answerTone(input: CallInput): 'positive' | 'negative' | 'neutral' {
  const answer = input.answer;
  if (answer === null) return 'neutral';
  if (answer.type === 'deny' || answer.type === 'error') return 'negative';
  return 'positive';
}
