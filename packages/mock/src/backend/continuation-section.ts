import type { ContinuationAnswer } from '@toolstream/server';
import type { ContinuationMatch, Scenario, ScenarioContinuation, ScenarioStep } from '../scenario/format.js';

/**
 * The section of a scenario a continuation plays: the first whose `when` matches every answer
 * (calls it does not name match anything), or `null`.
 */
export function pickContinuation(
  scenario: Scenario,
  answers: readonly ContinuationAnswer[],
): ScenarioContinuation | null {
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return (
    scenario.continuations?.find((section) =>
      Object.entries(section.when).every(([callId, match]) => {
        const answer = byId.get(callId);
        return answer !== undefined && matches(answer, match);
      }),
    ) ?? null
  );
}

function matches(answer: ContinuationAnswer, match: ContinuationMatch): boolean {
  switch (match) {
    case 'any':
      return true;
    case 'approved':
      return answer.answer.type === 'approve';
    case 'edited':
      return answer.answer.type === 'approve' && answer.edited;
    case 'denied':
      return answer.answer.type === 'deny';
    default:
      return answer.answer.type === match;
  }
}

const PLACEHOLDER = /\{\{([^{}.]+)\.(arguments\.[^{}]+|reason|output|error|value)\}\}/g;

/**
 * A section's steps with their placeholders filled from the answers
 * (`{{<call_id>.arguments.<name>}}`, `.reason`, `.output`, `.error`, `.value`). Placeholders sit
 * inside JSON strings of the frame data, so each value is written escaped for one: text as it
 * is, anything else as JSON text. A placeholder with no value becomes an empty string, a denial
 * without a reason "no reason given".
 */
export function fillSection(
  steps: readonly ScenarioStep[],
  answers: readonly ContinuationAnswer[],
): ScenarioStep[] {
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return steps.map((step) =>
    step.type === 'disconnect'
      ? step
      : {
          ...step,
          data: step.data.replace(PLACEHOLDER, (_, id: string, path: string) =>
            escaped(answerValue(byId.get(id), path)),
          ),
        },
  );
}

function answerValue(answer: ContinuationAnswer | undefined, path: string): unknown {
  if (answer === undefined) return '';
  const given = answer.answer;
  if (path.startsWith('arguments.')) {
    const name = path.slice('arguments.'.length);
    return Object.hasOwn(answer.args, name) ? answer.args[name] : '';
  }
  if (path === 'reason') return given.type === 'deny' ? (given.reason ?? 'no reason given') : '';
  if (path === 'output') return given.type === 'output' ? given.output : '';
  if (path === 'error') return given.type === 'error' ? given.error : '';
  return given.type === 'value' ? given.value : '';
}

/** A value as text inside a JSON string literal. */
function escaped(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return JSON.stringify(text).slice(1, -1);
}
