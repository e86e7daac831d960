import type { ContinuationRefusal, GivenAnswer } from './continuation.js';

/** A continuation as a request sends it, its shape checked (not yet against what was asked). */
export interface ContinuationRequest {
  runId: string;
  answers: RequestAnswer[];
}

/** One answer of a request: the call it names, the answer, and edited arguments if any. */
export interface RequestAnswer {
  callId: string;
  answer: GivenAnswer;
  /** `arguments` of an approval, when the person changed them. */
  args: Record<string, unknown> | null;
}

/**
 * Reads `continue: { run_id, answers: [...] }` from a request's body (PROTOCOL.md §11): `null`
 * when the body has none (a new turn), else the request or why its shape is refused. Each answer
 * is exactly one of `approved` (with `arguments` or `reason`), `output`, `error`, `value`.
 */
export function parseContinuation(
  body: Record<string, unknown>,
): ContinuationRequest | ContinuationRefusal | null {
  if (!Object.hasOwn(body, 'continue') || body.continue === undefined || body.continue === null) return null;
  const value = body.continue;
  if (
    !isRecord(value) ||
    typeof value.run_id !== 'string' ||
    value.run_id === '' ||
    !Array.isArray(value.answers)
  ) {
    return bad('"continue" must be {"run_id": "<the run that asked>", "answers": [...]}.');
  }
  const answers: RequestAnswer[] = [];
  for (const [index, item] of value.answers.entries()) {
    const parsed = parseAnswer(item);
    if (typeof parsed === 'string') return bad(`answers[${index}]: ${parsed}`);
    answers.push(parsed);
  }
  return { runId: value.run_id, answers };
}

function parseAnswer(item: unknown): RequestAnswer | string {
  if (!isRecord(item) || typeof item.call_id !== 'string' || item.call_id === '') {
    return 'each answer needs a "call_id".';
  }
  if (item.ref !== undefined && item.ref !== null && typeof item.ref !== 'string')
    return '"ref" must be a string.';
  const forms = ['approved', 'output', 'error', 'value'].filter((key) => Object.hasOwn(item, key));
  if (forms.length !== 1) return 'give exactly one of "approved", "output", "error" or "value".';
  const callId = item.call_id;
  switch (forms[0]) {
    case 'approved': {
      if (typeof item.approved !== 'boolean') return '"approved" must be true or false.';
      if (item.approved) {
        if (item.arguments !== undefined && !isRecord(item.arguments))
          return '"arguments" must be an object.';
        return {
          callId,
          answer: { type: 'approve' },
          args: isRecord(item.arguments) ? item.arguments : null,
        };
      }
      if (item.reason !== undefined && item.reason !== null && typeof item.reason !== 'string') {
        return '"reason" must be a string.';
      }
      if (item.arguments !== undefined) return 'a denial has no "arguments".';
      return {
        callId,
        answer: { type: 'deny', reason: typeof item.reason === 'string' ? item.reason : null },
        args: null,
      };
    }
    case 'error':
      if (typeof item.error !== 'string') return '"error" must be a string.';
      return { callId, answer: { type: 'error', error: item.error }, args: null };
    case 'output':
      return { callId, answer: { type: 'output', output: item.output }, args: null };
    default:
      return { callId, answer: { type: 'value', value: item.value }, args: null };
  }
}

function bad(message: string): ContinuationRefusal {
  return { status: 400, code: 'bad-continuation', message: `A bad continuation: ${message}` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
