import { unanswered, unsentAnswers } from '../input/answers.js';
import { callArguments } from '../input/call-arguments.js';
import { toolInputError } from '../input/client-tool-error.js';
import type { AssistantMessageState, CallAnswer, ToolCallState } from '../reducer/state.js';
import type { BatchedState } from './batched-state.js';

/** A tool the browser runs: `execute` gets the call's arguments and a signal that `stop()` aborts. */
export interface ClientToolImplementation {
  execute(
    args: Readonly<Record<string, unknown>>,
    context: { signal: AbortSignal; call: ToolCallState },
  ): unknown;
}

/**
 * What an app decides without asking, for a call that asks for approval: `approve`, a denial
 * with the reason the model reads, or `ask` (or nothing): ask the person.
 */
export type ApprovalDecision = 'approve' | 'ask' | { deny: string } | undefined;

/** Options of {@link createInputDriver}. */
export interface InputDriverOptions {
  state: BatchedState;
  tools: Readonly<Record<string, ClientToolImplementation | undefined>>;
  policy: ((call: ToolCallState) => ApprovalDecision) | undefined;
  autoContinue: boolean;
  /** The turn `messageId` has an answer for every call it waited for: send them. */
  continueTurn(messageId: string): void;
}

/** Answers what the app can answer by itself, and says when a waiting turn can go on. */
export interface InputDriver {
  /** Looks at the latest answer: runs client tools, applies the policy, continues when complete. */
  check(): void;
  /** Aborts the client tools that run (`stop()`, a retry, a new turn). */
  abort(): void;
}

/**
 * The store's side of calls that wait (PROTOCOL.md §11): a client tool runs as soon as its
 * arguments are complete (its `signal` aborts on `stop()`; what it throws becomes its error), the
 * app's policy and the tools the person allowed answer approvals, and once every call of a turn
 * that ended waiting has its answer, the continuation goes (unless `autoContinue` is off).
 * Only the latest answer can wait: earlier turns are settled.
 */
export function createInputDriver(options: InputDriverOptions): InputDriver {
  const { state, tools, policy } = options;
  const running = new Map<string, AbortController>();
  let checked: AssistantMessageState | null = null;
  let checkedAllowed: readonly string[] | undefined;

  const answer = (message: AssistantMessageState, call: ToolCallState, value: CallAnswer) =>
    state.dispatch({ type: 'answer', messageId: message.id, callId: call.id, answer: value });

  const runClientTool = (message: AssistantMessageState, call: ToolCallState) => {
    const key = `${message.id}\u0000${call.id}`;
    if (running.has(key)) return;
    const implementation = Object.hasOwn(tools, call.toolName) ? tools[call.toolName] : undefined;
    if (implementation === undefined) {
      answer(message, call, {
        type: 'error',
        error: `This app has no browser tool named "${call.toolName}".`,
        by: 'client',
      });
      return;
    }
    const controller = new AbortController();
    running.set(key, controller);
    const args = callArguments(call) ?? {};
    Promise.resolve()
      .then(() => implementation.execute(args, { signal: controller.signal, call }))
      .then(
        (output) => {
          if (!controller.signal.aborted) answer(message, call, { type: 'output', output, by: 'client' });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            answer(message, call, { type: 'error', error: toolInputError(error), by: 'client' });
        },
      )
      .finally(() => {
        if (running.get(key) === controller) running.delete(key);
      });
  };

  return {
    check() {
      const { messages, allowedTools } = state.api.getState();
      const message = messages.at(-1);
      if (message?.role !== 'assistant' || (message === checked && allowedTools === checkedAllowed)) return;
      checked = message;
      checkedAllowed = allowedTools;
      const waiting = unanswered(message);
      for (const call of waiting) {
        const kind = call.input!.kind;
        if (kind === 'client') {
          if (call.call.complete) runClientTool(message, call);
          continue;
        }
        if (kind !== 'approval') continue;
        if (allowedTools?.includes(call.toolName)) {
          answer(message, call, { type: 'approve', by: 'policy' });
          continue;
        }
        const decision = policy?.(call);
        if (decision === 'approve') answer(message, call, { type: 'approve', by: 'policy' });
        else if (typeof decision === 'object')
          answer(message, call, { type: 'deny', reason: decision.deny, by: 'policy' });
      }
      if (
        options.autoContinue &&
        waiting.length === 0 &&
        message.end?.outcome === 'awaiting-input' &&
        unsentAnswers(message).length > 0
      ) {
        options.continueTurn(message.id);
      }
    },
    abort() {
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  };
}
