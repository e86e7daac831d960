import type { InputKind } from '../protocol/events.js';
import { isAwaitingInput } from '../reducer/call-status.js';
import type { AssistantMessageState, CallAnswer, ToolCallState } from '../reducer/state.js';
import { lookup } from '../reducer/table.js';

/** What an app answers a waiting call with (`store.respond`). */
export type InputResponse =
  | { approve: true; args?: Readonly<Record<string, unknown>> }
  | { deny: true; reason?: string }
  | { output: unknown }
  | { error: string }
  | { value: unknown };

/** One answer of a continuation request: the call, what it waited for, and the answer. */
export interface InputAnswer {
  callId: string;
  /** The protocol's name for the request (an interrupt id…), or `null`. */
  ref: string | null;
  kind: InputKind;
  answer: CallAnswer;
}

/** A continuation: the answers to the calls a run ended waiting for, for the run that asked. */
export interface Continuation {
  /** The run that asked (its `X-Run-Id`), or `null` when the server named none. */
  runId: string | null;
  answers: readonly InputAnswer[];
}

/**
 * The answer a response gives a call that waits for `kind`, or a message saying why it does not
 * fit (approving a client tool, editing arguments that may not be edited…).
 */
export function toAnswer(
  call: ToolCallState,
  response: InputResponse,
  by: CallAnswer['by'],
): CallAnswer | string {
  const kind = call.input?.kind;
  if (kind === undefined) return `call ${call.id} does not wait for an answer`;
  if ('approve' in response || 'deny' in response) {
    if (kind !== 'approval')
      return `call ${call.id} waits for ${kind === 'client' ? 'the browser' : 'an answer'}, not an approval`;
    if ('deny' in response) return { type: 'deny', reason: response.reason ?? null, by };
    if (response.args !== undefined && !call.input!.editable)
      return `the arguments of call ${call.id} may not be edited`;
    return response.args === undefined
      ? { type: 'approve', by }
      : { type: 'approve', args: response.args, by };
  }
  if ('output' in response || 'error' in response) {
    if (kind !== 'client') return `call ${call.id} is not run in the browser`;
    return 'error' in response
      ? { type: 'error', error: response.error, by }
      : { type: 'output', output: response.output, by };
  }
  if (kind !== 'input')
    return `call ${call.id} waits for ${kind === 'client' ? 'the browser' : 'an approval'}, not a value`;
  return { type: 'value', value: response.value, by };
}

/** The calls of a turn that wait, with no answer yet (not those given up with the turn). */
export function unanswered(message: AssistantMessageState): ToolCallState[] {
  const calls: ToolCallState[] = [];
  for (const id of message.callOrder) {
    const call = lookup(message.calls, id)!;
    if (call.input !== null && call.input.answer === null && isAwaitingInput(call.status)) calls.push(call);
  }
  return calls;
}

/** The answers of a turn not yet sent to the server. */
export function unsentAnswers(message: AssistantMessageState): InputAnswer[] {
  const answers: InputAnswer[] = [];
  for (const id of message.callOrder) {
    const call = lookup(message.calls, id)!;
    const input = call.input;
    if (input === null || input.answer === null || input.sent) continue;
    answers.push({ callId: call.id, ref: input.ref, kind: input.kind, answer: input.answer });
  }
  return answers;
}

/**
 * A continuation's answers as the run convention sends them (PROTOCOL.md §11): snake_case,
 * one object per call.
 */
export function wireAnswers(answers: readonly InputAnswer[]): Record<string, unknown>[] {
  return answers.map(({ callId, ref, answer }) => {
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
  });
}
