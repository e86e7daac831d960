import { describeValue, protocolError, type ToolStreamError } from '../errors.js';
import type {
  Citation,
  EventDetails,
  InputRequiredEvent,
  TokenUsage,
  ToolEndEvent,
  ToolPhaseName,
  ToolStartEvent,
} from '../protocol/events.js';
import type { AnswerAction, RunStartAction, ToolStreamAction } from './actions.js';
import { isAwaitingInput, isCallOpen, liveStatus } from './call-status.js';
import { handOverSources, sourcesOf } from './citation-set.js';
import { Draft } from './draft.js';
import { newPhase, newToolCall } from './new-call.js';
import {
  type AssistantMessageState,
  type CallStatus,
  type ChatMessage,
  emptyRun,
  type MessagePart,
  newAssistantMessage,
  type RunInfo,
  type RunStatus,
  type ToolCallState,
  type ToolPhase,
  type ToolStreamState,
  type TurnOutcome,
} from './state.js';
import { lookup, setOwn } from './table.js';

/**
 * Folds a batch of actions into a new state. Pure: `state` is not mutated, and everything the
 * batch did not touch keeps its identity. `now` stamps what starts or completes in this batch
 * (client time, for timelines).
 */
export function applyActions(
  state: ToolStreamState,
  actions: readonly ToolStreamAction[],
  now: number,
): ToolStreamState {
  if (actions.length === 0) return state;
  const batch = openBatch(state, now);
  for (const action of actions) batch.apply(action);
  return batch.state;
}

/** Folds one action: `reduce(state, action)` is `applyActions(state, [action])`. */
export function reduce(
  state: ToolStreamState,
  action: ToolStreamAction,
  now: number = Date.now(),
): ToolStreamState {
  return applyActions(state, [action], now);
}

/**
 * A batch that stays open: `apply` folds actions one at a time, all copy-on-write in one batch.
 * The store folds each frame's worth of actions in a batch; `reduceStream`, whose intermediate
 * states nobody sees, folds a whole stream in one, so nothing is copied twice.
 */
export interface Batch {
  readonly state: ToolStreamState;
  /** Client time stamped on what changes; may be moved forward between actions. */
  now: number;
  apply(action: ToolStreamAction): void;
}

/** Opens a {@link Batch} on `state`. */
export function openBatch(state: ToolStreamState, now: number): Batch {
  return new StateWriter(state, now);
}

/** Whether a run in this status becomes `streaming` when content arrives. */
function awaitsContent(status: RunStatus): boolean {
  return status === 'idle' || status === 'connecting' || status === 'reconnecting';
}

/** Applies actions to a copy-on-write view of the state. */
class StateWriter implements Batch {
  state: ToolStreamState;
  now: number;
  readonly #draft = new Draft();
  // What this batch has already made writable, kept so that the hot path (a piece for a call)
  // asks the draft about the call and its phase only, not about every object above them.
  #writableRoot: ToolStreamState | null = null;
  #writableRun: RunInfo | null = null;
  /** The run's assistant message, once made writable (found once, not per event). */
  #message: AssistantMessageState | null = null;
  /** Its calls table, once made writable. */
  #calls: Record<string, ToolCallState> | null = null;

  constructor(state: ToolStreamState, now: number) {
    this.state = state;
    this.now = now;
  }

  apply(action: ToolStreamAction): void {
    switch (action.type) {
      case 'text-delta':
        if (action.delta !== '') this.#appendText('text', action.delta);
        return;
      case 'reasoning-delta':
        if (action.delta !== '') this.#appendText('reasoning', action.delta);
        return;
      case 'citations':
        this.#addCitations(action.citations);
        return;
      case 'tool-start':
        this.#toolStart(action);
        return;
      case 'tool-delta':
        this.#toolDelta(action.callId, action.phase, action.delta, action.details);
        return;
      case 'tool-args-delta':
        this.#argsDelta(action.callId, action.delta, action.args);
        return;
      case 'tool-end':
        this.#toolEnd(action);
        return;
      case 'finish':
        this.#run().finish = { reason: action.reason, raw: action.raw };
        return;
      case 'usage':
        this.#addUsage(action.usage);
        return;
      case 'data':
        this.#assistant().data = action.parts;
        return;
      case 'protocol-error':
        this.#pushError(action.error);
        return;
      case 'server-error':
        this.#endRun('error', action.error);
        return;
      case 'done':
        this.#run().sawDone = true;
        this.#endRun('done', null);
        return;
      case 'event-id':
        this.#run().lastEventId = action.id;
        return;
      case 'run-start':
        this.#startRun(action);
        return;
      case 'status':
        if (this.state.status !== action.status) this.#root().status = action.status;
        // Connecting again (a resume) means the error that ended the last attempt no longer
        // describes the run; it stays in `errors`.
        if (
          this.state.error !== null &&
          (action.status === 'connecting' || action.status === 'reconnecting')
        ) {
          this.#root().error = null;
        }
        return;
      case 'run-info': {
        const run = this.#run();
        if (action.runId !== undefined) run.runId = action.runId;
        if (action.protocol !== undefined) run.protocol = action.protocol;
        return;
      }
      case 'run-end':
        this.#endRun(action.status, action.error);
        return;
      case 'error':
        this.#pushError(action.error);
        return;
      case 'input-required':
        this.#inputRequired(action);
        return;
      case 'answer':
        this.#answer(action);
        return;
      case 'answers-sent':
        for (const callId of action.callIds) {
          const call = this.#callOf(action.messageId, callId);
          if (call?.input != null && !call.input.sent) call.input = { ...call.input, sent: true };
        }
        return;
      case 'stop-waiting':
        this.#stopWaiting(action.messageId);
        return;
      case 'allow-tool': {
        const allowed = this.state.allowedTools ?? [];
        if (!allowed.includes(action.toolName)) this.#root().allowedTools = [...allowed, action.toolName];
        return;
      }
      default:
        action satisfies never;
    }
  }

  // ── writable views ────────────────────────────────────────────────────────────────────────

  #root(): ToolStreamState {
    if (this.#writableRoot === null) {
      this.state = this.#draft.own(this.state);
      this.#writableRoot = this.state;
    }
    return this.#writableRoot;
  }

  #run(): RunInfo {
    const root = this.#root();
    if (this.#writableRun !== root.run) {
      root.run = this.#draft.own(root.run);
      this.#writableRun = root.run;
    }
    return root.run;
  }

  /** The run's assistant message as it is, or `null` when there is none. */
  #currentAssistant(): AssistantMessageState | null {
    if (this.#message !== null) return this.#message;
    const index = this.#assistantIndex();
    return index < 0 ? null : (this.state.messages[index] as AssistantMessageState);
  }

  #assistantIndex(): number {
    const { messages, run } = this.state;
    if (run.messageId === null) return -1;
    // The run's message is almost always the last one: search from the end.
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i]!;
      if (message.id === run.messageId && message.role === 'assistant') return i;
    }
    return -1;
  }

  /** The run's assistant message, made writable; created when content arrives without a run. */
  #assistant(): AssistantMessageState {
    if (this.#message !== null) return this.#message;
    const root = this.#root();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    let index = this.#assistantIndex();
    if (index < 0) {
      const created = this.#draft.adopt(newAssistantMessage(`assistant-${messages.length + 1}`, this.now));
      messages.push(created);
      this.#run().messageId = created.id;
      index = messages.length - 1;
    }
    const message = this.#draft.own(messages[index] as AssistantMessageState);
    messages[index] = message;
    this.#message = message;
    return message;
  }

  /** A call of the run's message, or `undefined`. */
  #findCall(callId: string): ToolCallState | undefined {
    const message = this.#currentAssistant();
    return message === null ? undefined : lookup(message.calls, callId);
  }

  /** The run's calls table, made writable. */
  #callTable(): Record<string, ToolCallState> {
    const message = this.#assistant();
    if (this.#calls !== message.calls) {
      message.calls = this.#draft.ownTable(message.calls);
      this.#calls = message.calls as Record<string, ToolCallState>;
    }
    return this.#calls;
  }

  /** The call `existing` (of the run's message), made writable. */
  #call(existing: ToolCallState): ToolCallState {
    const calls = this.#callTable();
    const call = this.#draft.own(existing);
    if (call !== existing) calls[existing.id] = call;
    return call;
  }

  #phase(call: ToolCallState, phase: ToolPhaseName): ToolPhase {
    const current = (phase === 'call' ? call.call : call.result)!;
    const writable = this.#draft.own(current);
    if (writable !== current) call[phase] = writable;
    return writable;
  }

  #markStreaming(): void {
    if (awaitsContent(this.state.status)) this.#root().status = 'streaming';
  }

  // ── text, sources, usage ─────────────────────────────────────────────────────────────────

  #appendText(type: 'text' | 'reasoning', delta: string): void {
    this.#markStreaming();
    const message = this.#assistant();
    const parts = this.#draft.own(message.parts) as MessagePart[];
    message.parts = parts;
    const last = parts[parts.length - 1];
    if (last !== undefined && last.type === type) {
      const part = this.#draft.own(last) as { type: typeof type; text: string };
      part.text += delta;
      parts[parts.length - 1] = part;
    } else {
      parts.push(this.#draft.adopt({ type, text: delta }));
    }
  }

  #addCitations(citations: readonly Citation[]): void {
    for (const citation of citations) {
      if (sourcesOf(this.#currentAssistant()?.citations ?? []).has(citation.source)) continue;
      const message = this.#assistant();
      const list = this.#draft.own(message.citations) as Citation[];
      if (list !== message.citations) {
        handOverSources(message.citations, list);
        message.citations = list;
      }
      // The set of the list as it is, extended with the entry in step with the list.
      sourcesOf(list).add(citation.source);
      list.push(citation);
    }
  }

  #addUsage(usage: TokenUsage): void {
    const message = this.#assistant();
    message.usage = { ...message.usage, ...usage };
  }

  // ── tool calls ───────────────────────────────────────────────────────────────────────────

  #existingCall(callId: string, what: string): ToolCallState | null {
    const call = this.#findCall(callId);
    if (call === undefined) {
      this.#pushError(protocolError(`${what} for unknown call ${describeValue(callId)}`, undefined, callId));
      return null;
    }
    return call;
  }

  #toolStart(event: ToolStartEvent): void {
    this.#markStreaming();
    const existing = this.#findCall(event.callId);
    if (existing === undefined) {
      this.#createCall(event);
      return;
    }
    const call = this.#call(existing);
    if (event.toolName !== '' && call.toolName === '') call.toolName = event.toolName;
    if (event.details !== null) this.#mergeDetails(call, event.details);
    if (event.agent !== null && call.agent === null) call.agent = event.agent;
    if (event.phase === 'result') {
      if (call.result === null) {
        this.#completeImplicitly(call);
        call.result = this.#newPhase();
      }
      call.phase = 'result';
      call.eventType = event.eventType;
      if (event.kind !== 'tool') call.kind = event.kind;
    }
    call.status = liveStatus(call);
  }

  /** A result phase implies the call was made: close the call phase if nobody did. */
  #completeImplicitly(call: ToolCallState): void {
    if (call.call.complete) return;
    const phase = this.#phase(call, 'call');
    phase.complete = true;
    phase.completedAt = this.now;
  }

  #createCall(event: ToolStartEvent): void {
    const message = this.#assistant();
    const phase = this.#newPhase();
    // A spread copies keys as own entries (`__proto__` too, without its setter).
    const details = this.#draft.adopt(event.details === null ? {} : { ...event.details });
    const call = this.#draft.adopt(newToolCall(event, details, phase, this.now));
    if (event.phase === 'result') {
      // The call phase was never sent: it happened, but we saw only the result.
      phase.complete = true;
      phase.completedAt = this.now;
      call.result = this.#newPhase();
    }
    this.#callTable()[call.id] = call;
    const order = this.#draft.own(message.callOrder) as string[];
    message.callOrder = order;
    order.push(call.id);

    const parentId = event.parentCallId;
    if (parentId === null) {
      const parts = this.#draft.own(message.parts) as MessagePart[];
      message.parts = parts;
      parts.push(this.#draft.adopt({ type: 'tool-call', callId: call.id }));
    } else {
      const children = this.#draft.ownTable(message.children);
      message.children = children;
      const siblings = lookup(children, parentId);
      const list =
        siblings === undefined ? this.#draft.adopt<string[]>([]) : (this.#draft.own(siblings) as string[]);
      list.push(call.id);
      children[parentId] = list;
    }
  }

  #newPhase(): ToolPhase {
    return this.#draft.adopt(newPhase(this.now));
  }

  #mergeDetails(call: ToolCallState, details: NonNullable<EventDetails>): void {
    const current = call.details;
    let writable: Record<string, unknown> | null = null;
    // for…in rather than Object.keys: most events carry details, and this allocates nothing.
    for (const key in details) {
      if (!Object.hasOwn(details, key)) continue;
      const value = details[key];
      if (lookup(current, key) === value) continue;
      writable ??= this.#draft.own(current as Record<string, unknown>);
      setOwn(writable, key, value);
    }
    if (writable !== null && writable !== current) call.details = writable;
  }

  /** The call an update is for, made writable, or `null` (with a recorded error) when it may not change. */
  #openPhase(callId: string, phaseName: ToolPhaseName, what: string): ToolCallState | null {
    const existing = this.#existingCall(callId, what);
    if (existing === null) return null;
    const phase = phaseName === 'call' ? existing.call : existing.result;
    if (phase?.complete) {
      this.#pushError(
        protocolError(
          `${what} after completion of the ${phaseName} phase of call ${describeValue(callId)}`,
          undefined,
          callId,
        ),
      );
      return null;
    }
    // A denied call may still get the result the backend tells the model ("the user denied…").
    if (!isCallOpen(existing.status) && existing.status !== 'complete' && existing.status !== 'denied') {
      this.#pushError(protocolError(`${what} for closed call ${describeValue(callId)}`, undefined, callId));
      return null;
    }
    const call = this.#call(existing);
    if (phase === null) {
      this.#completeImplicitly(call);
      call.result = this.#newPhase();
      call.phase = 'result';
    }
    return call;
  }

  #toolDelta(callId: string, phaseName: ToolPhaseName, delta: string, details: EventDetails): void {
    this.#markStreaming();
    const call = this.#openPhase(callId, phaseName, 'stream part');
    if (call === null) return;
    const phase = this.#phase(call, phaseName);
    phase.text += delta;
    if (!phase.streamed) phase.streamed = true;
    if (details !== null) this.#mergeDetails(call, details);
    if (call.status !== 'streaming') call.status = liveStatus(call);
  }

  #argsDelta(callId: string, delta: string, args: unknown): void {
    const existing = this.#existingCall(callId, 'arguments');
    if (existing === null) return;
    if (existing.call.complete || !isCallOpen(existing.status)) {
      const id = describeValue(existing.id);
      this.#pushError(protocolError(`arguments for call ${id} after its completion`, delta, existing.id));
      return;
    }
    this.#markStreaming();
    const call = this.#call(existing);
    call.argsText = (existing.argsText ?? '') + delta;
    call.args = args;
    if (delta !== '' && !call.call.streamed) {
      this.#phase(call, 'call').streamed = true;
      call.status = liveStatus(call);
    }
  }

  #toolEnd(event: ToolEndEvent): void {
    this.#markStreaming();
    const call = this.#openPhase(event.callId, event.phase, 'completion');
    if (call === null) return;
    if (event.phase === 'call') {
      if (event.argsText !== undefined) call.argsText = event.argsText;
      if (event.args !== undefined) {
        call.args = event.args;
        call.argsError = null;
      } else if (event.argsError !== undefined) {
        call.args = null;
        call.argsError = event.argsError;
      }
    }
    const phase = this.#phase(call, event.phase);
    if (event.output !== null) phase.text = event.output;
    phase.complete = true;
    phase.completedAt = this.now;
    if (event.details !== null) this.#mergeDetails(call, event.details);
    if (event.error !== null) {
      call.error = event.error;
      this.#pushError({
        code: 'tool-failed',
        message: `${call.toolName || 'tool'} failed: ${event.error}`,
        retryable: false,
        fatal: false,
        callId: call.id,
      });
    }
    call.status = liveStatus(call);
    if (call.status === 'complete' || call.status === 'error') call.completedAt = this.now;
  }

  // ── runs ─────────────────────────────────────────────────────────────────────────────────

  #startRun({ assistantMessageId, placement, protocol }: RunStartAction): void {
    const root = this.#root();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    if (placement.kind === 'continue') {
      this.#continueRun(messages, placement.answerId, protocol);
      return;
    }
    const answer = this.#draft.adopt(newAssistantMessage(assistantMessageId, this.now));
    switch (placement.kind) {
      case 'append':
        if (placement.userMessage !== null) messages.push(this.#userMessage(placement.userMessage));
        break;
      case 'replace': {
        const index = messages.findIndex((m) => m.id === placement.answerId && m.role === 'assistant');
        if (index >= 0) {
          const old = messages[index] as AssistantMessageState;
          answer.versions = placement.keepVersion
            ? [...old.versions, { ...old, versions: [] }]
            : old.versions;
          messages.length = index;
        }
        break;
      }
      case 'edit': {
        const index = messages.findIndex((m) => m.id === placement.userMessageId && m.role === 'user');
        if (index >= 0) messages.length = index;
        messages.push(this.#userMessage({ id: placement.userMessageId, text: placement.text }));
        break;
      }
      default:
        placement satisfies never;
    }
    messages.push(answer);
    this.#message = answer;
    this.#calls = null;
    root.status = 'connecting';
    root.error = null;
    root.run = this.#draft.adopt(emptyRun(assistantMessageId, protocol));
    this.#writableRun = root.run;
  }

  /** A continuation: the answer that waited for input goes on, in a new run. */
  #continueRun(messages: ChatMessage[], answerId: string, protocol: string | null): void {
    const root = this.#root();
    const index = messages.findLastIndex((m) => m.id === answerId && m.role === 'assistant');
    if (index < 0) return;
    const answer = this.#draft.own(messages[index] as AssistantMessageState);
    messages[index] = answer;
    answer.end = null;
    this.#message = answer;
    this.#calls = null;
    root.status = 'connecting';
    root.error = null;
    root.run = this.#draft.adopt(emptyRun(answerId, protocol));
    this.#writableRun = root.run;
  }

  #userMessage({ id, text }: { id: string; text: string }): ChatMessage {
    return this.#draft.adopt({ id, role: 'user', text, createdAt: this.now });
  }

  #endRun(status: 'done' | 'error' | 'aborted' | 'idle', error: ToolStreamError | null): void {
    const current = this.state.status;
    // An error already ended this run: a later "done" (the connection closing) must not hide it.
    const final: RunStatus = current === 'error' && status === 'done' ? 'error' : status;
    const root = this.#root();
    if (error !== null) {
      this.#pushError(error);
      if (error.fatal) root.error = error;
    }
    root.status = final;
    if (final === 'idle') return; // detached: the run goes on elsewhere, its turn stays open
    const found = this.#currentAssistant();
    if (found === null || found.end !== null) return; // no turn, or it ended already
    const message = this.#assistant();
    const { finish, sawDone, runId } = this.state.run;
    const truncated = finish?.reason === 'length';
    const closed: CallStatus =
      final === 'aborted' ? 'stopped' : final === 'error' ? 'error' : truncated ? 'truncated' : 'interrupted';
    // A run that ended cleanly with calls waiting for answers leaves them waiting, and the
    // delegations they are in with them: the turn goes on in a continuation.
    const waiting = final === 'done' ? waitingBranches(message) : null;
    let leftOpen = false;
    for (const id of message.callOrder) {
      const existing = lookup(message.calls, id)!;
      if (waiting?.has(id)) continue;
      if (!isCallOpen(existing.status) && !isAwaitingInput(existing.status)) continue;
      const call = this.#call(existing);
      // A call phase that completed with no result to follow is simply complete.
      if (existing.status === 'running' && final === 'done') call.status = 'complete';
      else {
        call.status = closed;
        leftOpen = true;
      }
      call.completedAt = this.now;
    }
    let outcome: TurnOutcome;
    if (final === 'aborted') outcome = 'stopped';
    else if (final === 'error') outcome = 'failed';
    else if (truncated) outcome = 'truncated';
    else if (waiting !== null && waiting.size > 0) outcome = 'awaiting-input';
    else outcome = !sawDone || leftOpen ? 'interrupted' : 'done';
    message.end = {
      outcome,
      finish,
      error: final === 'error' ? (error ?? this.state.error) : null,
      at: this.now,
      runId,
    };
  }

  // ── input: approvals, client tools, questions ────────────────────────────────────────────

  #inputRequired(event: InputRequiredEvent): void {
    const existing = this.#existingCall(event.callId, 'input request');
    if (existing === null) return;
    const call = this.#call(existing);
    call.input = {
      kind: event.kind,
      ref: event.ref,
      editable: event.editable,
      message: event.message,
      answer: null,
      sent: false,
    };
    call.status = liveStatus(call);
  }

  /** A call of message `messageId` (any message, not only the run's), made writable. */
  #callOf(messageId: string, callId: string): ToolCallState | null {
    const root = this.#root();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    const index = messages.findLastIndex((m) => m.id === messageId && m.role === 'assistant');
    if (index < 0) return null;
    const message = this.#draft.own(messages[index] as AssistantMessageState);
    messages[index] = message;
    const existing = lookup(message.calls, callId);
    if (existing === undefined) return null;
    const calls = this.#draft.ownTable(message.calls);
    message.calls = calls;
    const call = this.#draft.own(existing);
    calls[callId] = call;
    return call;
  }

  #answer({ messageId, callId, answer }: AnswerAction): void {
    const call = this.#callOf(messageId, callId);
    const input = call?.input;
    if (call == null || input == null || input.answer !== null) return;
    call.input = { ...input, answer };
    switch (answer.type) {
      case 'approve':
        if (answer.args !== undefined) {
          call.args = answer.args;
          call.argsError = null;
        }
        break;
      case 'output': {
        // The browser ran it: its result is the call's result.
        const text = typeof answer.output === 'string' ? answer.output : safeJson(answer.output);
        call.result = { ...newPhase(this.now), text, complete: true, completedAt: this.now };
        call.phase = 'result';
        break;
      }
      case 'error':
        call.error = answer.error;
        break;
      default:
        break;
    }
    call.status = liveStatus(call);
    if (!isCallOpen(call.status)) call.completedAt = this.now;
  }

  #stopWaiting(messageId: string): void {
    const root = this.#root();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    const index = messages.findLastIndex((m) => m.id === messageId && m.role === 'assistant');
    const found = messages[index] as AssistantMessageState | undefined;
    if (found?.end?.outcome !== 'awaiting-input') return;
    const message = this.#draft.own(found);
    messages[index] = message;
    const calls = this.#draft.ownTable(message.calls);
    message.calls = calls;
    for (const id of message.callOrder) {
      const existing = lookup(calls, id)!;
      const unanswered = existing.input !== null && existing.input.answer === null;
      if (!unanswered && !isCallOpen(existing.status)) continue;
      const call = this.#draft.own(existing);
      calls[id] = call;
      call.status = 'stopped';
      call.completedAt = this.now;
    }
    message.end = { ...found.end, outcome: 'stopped', at: this.now };
  }

  #pushError(error: ToolStreamError): void {
    const root = this.#root();
    const errors = this.#draft.own(root.errors) as ToolStreamError[];
    root.errors = errors;
    errors.push(error);
  }
}

/**
 * The calls of a turn that wait for a continuation, with the delegations they are in (a
 * sub-agent waiting on its own call waits too).
 */
function waitingBranches(message: AssistantMessageState): Set<string> {
  const waiting = new Set<string>();
  for (const id of message.callOrder) {
    let call = lookup(message.calls, id);
    // Waiting for its answer, or answered here and not yet sent (a policy, a client tool that
    // finished while the run streamed): either way the turn goes on in a continuation.
    if (call === undefined || call.input === null || call.input.sent) continue;
    while (call !== undefined && !waiting.has(call.id)) {
      waiting.add(call.id);
      call = call.parentId === null ? undefined : lookup(message.calls, call.parentId);
    }
  }
  return waiting;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
