import type { ExpectedState } from './workload.js';

/** A contender's final state, reduced to what the check compares. */
export interface ObservedCall {
  output: string;
  complete: boolean;
  parentId: string | null;
}

const MAX_REPORTED = 5;

/**
 * Compares a final state with the generator's: the assistant text, and for each call its final
 * output, completion and parent link. Returns the differences (the first few), empty when equal.
 */
export function compareState(
  expected: ExpectedState,
  text: string,
  calls: ReadonlyMap<string, ObservedCall>,
): string[] {
  const problems: string[] = [];
  if (text !== expected.text) {
    problems.push(
      `text differs at ${firstDifference(text, expected.text)} (${text.length} vs ${expected.text.length} chars)`,
    );
  }
  if (calls.size !== expected.calls.length) {
    problems.push(`${calls.size} calls, expected ${expected.calls.length}`);
  }
  let wrong = 0;
  for (const call of expected.calls) {
    const seen = calls.get(call.callId);
    const problem =
      seen === undefined
        ? 'missing'
        : seen.output !== call.output
          ? `output differs at ${firstDifference(seen.output, call.output)} (${seen.output.length} vs ${call.output.length} chars)`
          : seen.complete !== call.complete
            ? `complete is ${seen.complete}`
            : seen.parentId !== call.parentId
              ? `parent is ${seen.parentId}, expected ${call.parentId}`
              : null;
    if (problem === null) continue;
    wrong++;
    if (wrong <= MAX_REPORTED) problems.push(`call ${call.callId}: ${problem}`);
  }
  if (wrong > MAX_REPORTED) problems.push(`… ${wrong} calls wrong in all`);
  return problems;
}

function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return length;
}
