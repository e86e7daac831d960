import type { EventDetails, EventSink } from '../adapters/event-sink.js';
import { appendArguments, finishCallArguments } from '../args/call-arguments.js';
import { protocolError, type ToolStreamError } from '../errors.js';
import type { ToolEndEvent, ToolPhaseName, ToolStartEvent } from '../protocol/events.js';
import type { ToolStreamAction } from './actions.js';
import { isOpenStatus, liveStatus } from './call-status.js';
import { Draft } from './draft.js';
import { newPhase, newToolCall } from './new-call.js';
import { awaitsContent } from './run-status.js';
import type {
  AssistantMessage,
  ChatMessage,
  MessagePart,
  RunStatus,
  ToolCall,
  ToolPhase,
  ToolStreamState,
} from './state.js';

/**
 * Folds a batch of actions into a new state. Pure: `state` is not mutated, and everything the
 * batch did not touch keeps its identity. `now` stamps calls first seen or completed in this
 * batch (client time, for timelines).
 *
 * Pass the same `draft` to consecutive calls only when nobody observes the intermediate states
 * (as `reduceStream` does): the result is then built in place, with no copying at all.
 */
export function applyActions(
  state: ToolStreamState,
  actions: readonly ToolStreamAction[],
  now: number,
  draft: Draft = new Draft(),
): ToolStreamState {
  if (actions.length === 0) return state;
  const writer = new StateWriter(state, draft, now);
  for (const action of actions) writer.apply(action);
  return writer.state;
}

/**
 * A reducer that stays open: `apply` folds actions one at a time into `state`, all in one batch
 * of `draft`. For one-shot readers (`reduceStream`) that apply each event as it is emitted,
 * with no arrays of pending events in between. `now` may be moved forward between actions.
 */
export interface OpenReducer extends EventSink {
  readonly state: ToolStreamState;
  now: number;
  apply(action: ToolStreamAction): void;
}

/** Opens an {@link OpenReducer} on `state`. */
export function openReducer(state: ToolStreamState, now: number, draft: Draft = new Draft()): OpenReducer {
  const writer = new StateWriter(state, draft, now);
  return {
    get state() {
      return writer.state;
    },
    get now() {
      return writer.now;
    },
    set now(value: number) {
      writer.now = value;
    },
    apply: (action) => writer.apply(action),
    // As an event sink (for a frame pipeline): events are folded the moment they are emitted.
    emit: (event) => writer.apply(event),
    toolDelta: (callId, phase, delta, details) => writer.toolDelta(callId, phase, delta, details),
  };
}

/** Folds one action: `reduce(state, action)` is `applyActions(state, [action])`. */
export function reduce(
  state: ToolStreamState,
  action: ToolStreamAction,
  now: number = Date.now(),
): ToolStreamState {
  return applyActions(state, [action], now);
}

/** Applies actions to a copy-on-write view of the state. One instance per batch. */
class StateWriter {
  state: ToolStreamState;
  /** Client time stamped on what changes (ms since epoch). */
  now: number;
  readonly #draft: Draft;

  constructor(state: ToolStreamState, draft: Draft, now: number) {
    this.state = state;
    this.#draft = draft;
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
        this.toolDelta(action.callId, action.phase, action.delta, action.details);
        return;
      case 'tool-args-delta': {
        const call = this.#existingCall(action.callId, 'arguments');
        if (!call) return;
        if (call.call.complete || !isOpenStatus(call.status)) {
          const id = JSON.stringify(call.id);
          this.#pushError(
            protocolError(`arguments for call ${id} after its completion`, action.delta, call.id),
          );
          return;
        }
        this.#markStreaming();
        const writable = this.#call(call.id);
        // The incremental parser lives outside state (args/call-arguments.ts): O(delta) per piece.
        const update = appendArguments(call, call.argsText, action.delta, writable);
        writable.argsText = update.text;
        writable.args = action.args !== undefined ? action.args : update.value;
        if (action.delta !== '' && !writable.call.streamed) {
          this.#phase(writable, 'call').streamed = true;
          writable.status = liveStatus(writable);
        }
        return;
      }
      case 'tool-end':
        this.#toolEnd(action);
        return;
      case 'protocol-error':
        this.#pushError(action.error);
        return;
      case 'server-error':
        this.#endRun('error', action.error);
        return;
      case 'done':
        this.#endRun('done', null);
        return;
      case 'event-id':
        this.#run().lastEventId = action.id;
        return;
      case 'run-start':
        this.#startRun(action.assistantMessageId, action.userMessage, action.protocol);
        return;
      case 'status':
        if (this.state.status !== action.status) this.#root().status = action.status;
        // Connecting again (a resume, a retry) means the error that ended the last attempt no
        // longer describes the run; it stays in `errors`.
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
      default:
        action satisfies never;
    }
  }

  // ── writable views ────────────────────────────────────────────────────────────────────────

  #root(): ToolStreamState {
    this.state = this.#draft.own(this.state);
    return this.state;
  }

  #run() {
    const root = this.#root();
    root.run = this.#draft.own(root.run);
    return root.run;
  }

  // The writable views below write back only when they copied: in place (reduceStream) and for
  // objects already copied in this batch, an update is one lookup and no store.
  #call(id: string, existing: ToolCall = this.state.calls[id]!): ToolCall {
    const root = this.#root();
    const calls = this.#draft.own(root.calls) as Record<string, ToolCall>;
    if (calls !== root.calls) root.calls = calls;
    const call = this.#draft.own(existing);
    if (call !== existing) calls[id] = call;
    return call;
  }

  #phase(call: ToolCall, phase: ToolPhaseName): ToolPhase {
    // Named loads, not `call[phase]`: this runs for nearly every event, and a keyed load is slower.
    const current = (phase === 'call' ? call.call : call.result)!;
    const writable = this.#draft.own(current);
    if (writable !== current) call[phase] = writable;
    return writable;
  }

  /** The current run's assistant message, made writable; created when content arrives without a run. */
  #assistant(): AssistantMessage {
    const root = this.#root();
    let index = this.#assistantIndex();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    if (index < 0) {
      const created = this.#draft.adopt<AssistantMessage>({
        id: `assistant-${messages.length + 1}`,
        role: 'assistant',
        parts: this.#draft.adopt([]),
        citations: [],
        createdAt: this.now,
      });
      messages.push(created);
      this.#run().messageId = created.id;
      index = messages.length - 1;
    }
    const message = this.#draft.own(messages[index] as AssistantMessage);
    messages[index] = message;
    return message;
  }

  #assistantIndex(): number {
    const { messages, run } = this.state;
    if (run.messageId === null) return -1;
    // The run's message is almost always the last one: search from the end.
    for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.id === run.messageId) return i;
    return -1;
  }

  #markStreaming(): void {
    if (awaitsContent(this.state.status)) this.#root().status = 'streaming';
  }

  // ── text ─────────────────────────────────────────────────────────────────────────────────

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

  #addCitations(citations: readonly string[]): void {
    let message: AssistantMessage | null = null;
    for (const citation of citations) {
      const current = message ?? this.#currentAssistant();
      if (current?.citations.includes(citation)) continue;
      message ??= this.#assistant();
      const list = this.#draft.own(message.citations) as string[];
      message.citations = list;
      list.push(citation);
    }
  }

  #currentAssistant(): AssistantMessage | null {
    const index = this.#assistantIndex();
    return index < 0 ? null : (this.state.messages[index] as AssistantMessage);
  }

  // ── tool calls ───────────────────────────────────────────────────────────────────────────

  #existingCall(callId: string, what: string): ToolCall | null {
    const call = this.state.calls[callId];
    if (call === undefined) {
      this.#pushError(protocolError(`${what} for unknown call ${JSON.stringify(callId)}`, undefined, callId));
      return null;
    }
    return call;
  }

  #toolStart(event: ToolStartEvent): void {
    this.#markStreaming();
    const existing = this.state.calls[event.callId];
    if (existing === undefined) {
      this.#createCall(event);
      return;
    }
    const call = this.#call(event.callId);
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
      if (event.kind === 'delegation') call.kind = 'delegation';
    }
    call.status = liveStatus(call);
  }

  /** A result phase implies the call was made: close the call phase if nobody did. */
  #completeImplicitly(call: ToolCall): void {
    if (call.call.complete) return;
    const phase = this.#phase(call, 'call');
    phase.complete = true;
    phase.completedAt = this.now;
  }

  #createCall(event: ToolStartEvent): void {
    const root = this.#root();
    const phase = this.#newPhase();
    const message = event.parentCallId === null ? this.#assistant() : null;
    const details = event.details === null ? {} : this.#draft.adopt({ ...event.details });
    const messageId = message?.id ?? this.state.run.messageId;
    const call = this.#draft.adopt(newToolCall(event, messageId, details, phase, this.now));
    if (event.phase === 'result') {
      // The call phase was never sent: it happened, but we saw only the result.
      phase.complete = true;
      phase.completedAt = this.now;
      call.result = this.#newPhase();
    }
    const calls = this.#draft.own(root.calls) as Record<string, ToolCall>;
    root.calls = calls;
    calls[call.id] = call;
    const order = this.#draft.own(root.callOrder) as string[];
    root.callOrder = order;
    order.push(call.id);

    if (message !== null) {
      const parts = this.#draft.own(message.parts) as MessagePart[];
      message.parts = parts;
      parts.push(this.#draft.adopt({ type: 'tool-call', callId: call.id }));
    } else {
      const children = this.#draft.own(root.children) as Record<string, string[]>;
      root.children = children;
      const parentId = event.parentCallId!;
      const siblings = children[parentId];
      const list = siblings === undefined ? this.#draft.adopt<string[]>([]) : this.#draft.own(siblings);
      list.push(call.id);
      children[parentId] = list;
    }
  }

  #newPhase(): ToolPhase {
    return this.#draft.adopt(newPhase(this.now));
  }

  #mergeDetails(call: ToolCall, details: Readonly<Record<string, unknown>>): void {
    const current = call.details;
    let writable: Record<string, unknown> | null = null;
    for (const key in details) {
      const value = details[key];
      if (current[key] === value) continue;
      writable ??= this.#draft.own(current as Record<string, unknown>);
      writable[key] = value;
    }
    if (writable !== null && writable !== current) call.details = writable;
  }

  /** The phase an update is for, or `null` (with a recorded error) when it may not change any more. */
  #openPhase(callId: string, phaseName: ToolPhaseName, what: string): ToolCall | null {
    const existing = this.#existingCall(callId, what);
    if (existing === null) return null;
    const phase = phaseName === 'call' ? existing.call : existing.result;
    if (phase?.complete) {
      this.#pushError(
        protocolError(
          `${what} after completion of the ${phaseName} phase of call ${JSON.stringify(callId)}`,
          undefined,
          callId,
        ),
      );
      return null;
    }
    if (!isOpenStatus(existing.status) && existing.status !== 'complete') {
      this.#pushError(protocolError(`${what} for closed call ${JSON.stringify(callId)}`, undefined, callId));
      return null;
    }
    const call = this.#call(callId, existing);
    if (phase === null) {
      this.#completeImplicitly(call);
      call.result = this.#newPhase();
      call.phase = 'result';
    }
    return call;
  }

  /** A `tool-delta` event, taken as its fields (see {@link EventSink}). */
  toolDelta(callId: string, phaseName: ToolPhaseName, delta: string, details: EventDetails): void {
    // Nearly every event of a stream is one more piece for a phase that is already streaming, in
    // objects this batch has already made writable (always, when building in place). Then none of
    // the checks below can fail and none of their writes would change anything: append and go.
    const existing = this.state.calls[callId];
    if (existing !== undefined && existing.status === 'streaming' && this.state.status === 'streaming') {
      const phase = phaseName === 'call' ? existing.call : existing.result;
      if (phase?.streamed && !phase.complete && this.#draft.owns(existing) && this.#draft.owns(phase)) {
        phase.text += delta;
        if (details !== null) this.#mergeDetails(existing, details);
        return;
      }
    }
    this.#markStreaming();
    const call = this.#openPhase(callId, phaseName, 'stream part');
    if (call === null) return;
    const phase = this.#phase(call, phaseName);
    phase.text += delta;
    if (!phase.streamed) phase.streamed = true;
    if (details !== null) this.#mergeDetails(call, details);
    if (call.status !== 'streaming') call.status = liveStatus(call);
  }

  #toolEnd(event: ToolEndEvent): void {
    this.#markStreaming();
    const previous = this.state.calls[event.callId]; // the object the argument parser is keyed by
    const call = this.#openPhase(event.callId, event.phase, 'completion');
    if (call === null) return;
    if (event.phase === 'call' && previous !== undefined) {
      if (event.argsText !== undefined) call.argsText = event.argsText;
      if (event.args !== undefined) {
        call.args = event.args;
        call.argsError = null;
      } else if (call.argsText !== null) {
        const result = finishCallArguments(previous, call.argsText);
        call.args = result.ok ? result.value : null;
        call.argsError = result.ok ? null : result.error;
        if (!result.ok) {
          const message = `invalid arguments for call ${JSON.stringify(call.id)}: ${result.error}`;
          this.#pushError(protocolError(message, call.argsText, call.id));
        }
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

  #startRun(
    assistantMessageId: string,
    userMessage: { id: string; text: string } | null,
    protocol: string | null,
  ): void {
    const root = this.#root();
    const messages = this.#draft.own(root.messages) as ChatMessage[];
    root.messages = messages;
    if (userMessage !== null) {
      messages.push(
        this.#draft.adopt({ id: userMessage.id, role: 'user', text: userMessage.text, createdAt: this.now }),
      );
    }
    messages.push(
      this.#draft.adopt({
        id: assistantMessageId,
        role: 'assistant',
        parts: this.#draft.adopt([]),
        citations: this.#draft.adopt([]),
        createdAt: this.now,
      }),
    );
    root.status = 'connecting';
    root.error = null;
    root.run = this.#draft.adopt({
      runId: null,
      lastEventId: null,
      messageId: assistantMessageId,
      protocol,
      firstCallIndex: root.callOrder.length,
    });
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
    if (final === 'idle') return; // detached: the run goes on elsewhere, calls stay open
    const closed = final === 'done' ? 'interrupted' : final === 'aborted' ? 'stopped' : 'error';
    const { callOrder, calls } = this.state;
    for (let i = this.state.run.firstCallIndex; i < callOrder.length; i++) {
      const existing = calls[callOrder[i]!]!;
      if (!isOpenStatus(existing.status)) continue;
      const call = this.#call(existing.id);
      // A call phase that completed with no result to follow is simply complete.
      call.status = existing.status === 'running' && final === 'done' ? 'complete' : closed;
      call.completedAt = this.now;
    }
  }

  #pushError(error: ToolStreamError): void {
    const root = this.#root();
    const errors = this.#draft.own(root.errors) as ToolStreamError[];
    root.errors = errors;
    errors.push(error);
  }
}
