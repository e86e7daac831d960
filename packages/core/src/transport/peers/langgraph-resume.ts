import type { InputAnswer } from '../../input/answers.js';
import type { AssistantMessageState, CallAnswer, ToolCallState } from '../../reducer/state.js';
import { lookup } from '../../reducer/table.js';

/** One interrupt of a LangGraph run, with the answers its calls were given. */
export interface LangGraphInterruptAnswer {
  /** The interrupt's id (`Interrupt.id`), or `null` when the server named none. */
  id: string | null;
  /** What the graph asked (`interrupt(value)`). */
  value: unknown;
  /** Its calls (one, or one per action of a human-in-the-loop request) and their answers. */
  answers: { call: ToolCallState; answer: CallAnswer }[];
}

/** What the adapter kept of an interrupt on its call (`details.interrupt`). */
interface KeptInterrupt {
  id?: unknown;
  value?: unknown;
  action?: unknown;
}

/**
 * The value a resume gives `interrupt()` for an answered interrupt, by default:
 * - LangChain's human-in-the-loop requests (`actionRequests`): `{ decisions: [...] }`, one per
 *   action in order — `{type: "approve"}`, `{type: "edit", editedAction: {name, args}}` when the
 *   arguments were edited, `{type: "reject", message}` (snake_case keys for a snake_case request);
 * - another approval: `{ action: "approve" }`, `{ action: "edit", args }` or
 *   `{ action: "reject", reason }`;
 * - a question: the value the person gave.
 */
export function langGraphResumeValue(interrupt: LangGraphInterruptAnswer): unknown {
  const value = interrupt.value as Record<string, unknown> | null;
  const hitl = value !== null && typeof value === 'object';
  const snake = hitl && Array.isArray(value.action_requests);
  if (hitl && (Array.isArray(value.actionRequests) || snake)) {
    const ordered = [...interrupt.answers].sort((a, b) => actionOf(a.call) - actionOf(b.call));
    return {
      decisions: ordered.map(({ call, answer }) => {
        if (answer.type === 'approve') {
          if (answer.args === undefined) return { type: 'approve' };
          const edited = { name: call.toolName, args: answer.args };
          return snake ? { type: 'edit', edited_action: edited } : { type: 'edit', editedAction: edited };
        }
        if (answer.type === 'deny') {
          return answer.reason === null ? { type: 'reject' } : { type: 'reject', message: answer.reason };
        }
        return { type: 'reject' };
      }),
    };
  }
  const answer = interrupt.answers[0]?.answer;
  switch (answer?.type) {
    case 'approve':
      return answer.args === undefined ? { action: 'approve' } : { action: 'edit', args: answer.args };
    case 'deny':
      return answer.reason === null ? { action: 'reject' } : { action: 'reject', reason: answer.reason };
    case 'value':
      return answer.value;
    case 'output':
      return answer.output;
    case 'error':
      return { error: answer.error };
    default:
      return null;
  }
}

function actionOf(call: ToolCallState): number {
  const kept = lookup(call.details, 'interrupt') as KeptInterrupt | undefined;
  return typeof kept?.action === 'number' ? kept.action : 0;
}

/**
 * The answers of a continuation, grouped by the interrupt they answer (their `ref`), with what
 * the graph asked: the interrupts as {@link LangGraphInterruptAnswer}s, in the order asked.
 */
export function interruptAnswers(
  answer: AssistantMessageState,
  answers: readonly InputAnswer[],
): LangGraphInterruptAnswer[] {
  const byId = new Map<string, LangGraphInterruptAnswer>();
  for (const entry of answers) {
    const call = lookup(answer.calls, entry.callId);
    if (call === undefined) continue;
    const kept = lookup(call.details, 'interrupt') as KeptInterrupt | undefined;
    const key = entry.ref ?? `call:${entry.callId}`;
    let group = byId.get(key);
    if (group === undefined) {
      group = { id: entry.ref, value: kept?.value ?? null, answers: [] };
      byId.set(key, group);
    }
    group.answers.push({ call, answer: entry.answer });
  }
  return [...byId.values()];
}

/**
 * `command.resume` for the interrupts answered: the one value when one interrupt waits, else the
 * values by interrupt id (LangGraph resumes each interrupt by its id).
 */
export function resumeCommand(
  interrupts: readonly LangGraphInterruptAnswer[],
  resumeValue: (interrupt: LangGraphInterruptAnswer) => unknown,
): unknown {
  if (interrupts.length === 1 || interrupts.some((interrupt) => interrupt.id === null)) {
    return resumeValue(interrupts[0]!);
  }
  const byId: Record<string, unknown> = Object.create(null);
  for (const interrupt of interrupts) byId[interrupt.id!] = resumeValue(interrupt);
  return byId;
}
