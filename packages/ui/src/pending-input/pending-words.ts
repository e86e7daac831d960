import type { PendingInput } from '@toolstream/react';
import { plural } from '../internal/format.js';

/** What the bar says: "2 actions need your approval", "1 question needs your answer"… */
export function pendingWords(pending: readonly PendingInput[]): string {
  let approvals = 0;
  let questions = 0;
  for (const item of pending) {
    if (item.kind === 'approval') approvals++;
    else if (item.kind === 'input') questions++;
  }
  const parts: string[] = [];
  if (approvals > 0)
    parts.push(
      `${plural(approvals, 'action', 'actions')} ${approvals === 1 ? 'needs' : 'need'} your approval`,
    );
  if (questions > 0)
    parts.push(
      `${plural(questions, 'question', 'questions')} ${questions === 1 ? 'needs' : 'need'} your answer`,
    );
  return parts.join(', ');
}

/** The waiting calls that need the person (a client tool runs by itself). */
export function needsPerson(pending: readonly PendingInput[]): PendingInput[] {
  return pending.filter((item) => item.kind !== 'client');
}
