'use client';
import {
  type AssistantMessageState,
  type CallInput,
  type CallStatus,
  type InputKind,
  type InputResponse,
  isAwaitingInput,
  latestAnswer,
  type ToolCallState,
  type ToolStreamState,
  type ToolStreamStore,
} from '@toolstream/core';
import { useMemo, useRef } from 'react';
import { useToolCallSelector } from './selectors.js';
import { type StoreHookOptions, useResolvedStore, useToolStreamState } from './use-tool-stream-state.js';

/** The answers a call that waits can be given, bound to that call (`store.respond` and its shorthands). */
export interface CallAnswerActions {
  /** Answers the call (`store.respond`); `false` when it no longer waits (answered, stopped). */
  respond(response: InputResponse): boolean;
  /** Approves it, with edited arguments where the request allows (`store.approve`). */
  approve(options?: { args?: Readonly<Record<string, unknown>> }): boolean;
  /** Denies it, with the reason the model reads (`store.deny`). */
  deny(reason?: string): boolean;
}

/** A call that waits for an answer, with what is needed to give it. */
export interface PendingInput extends CallAnswerActions {
  /** The answer (assistant message) the call belongs to. */
  messageId: string;
  /** The call as the store holds it (nested calls too: see `call.parentId`). */
  call: ToolCallState;
  /** What it waits for: the person's approval, the browser (a client tool), or an answer. */
  kind: InputKind;
  /** Words the agent gave with the request, or `null`. */
  message: string | null;
  /** Approvals: whether the arguments may be edited before approving. */
  editable: boolean;
}

const NONE: readonly PendingInput[] = Object.freeze([]);

function bind(store: ToolStreamStore, messageId: string, callId: string): CallAnswerActions {
  return {
    respond: (response) => store.respond(messageId, callId, response),
    approve: (options) => store.approve(messageId, callId, options),
    deny: (reason) => store.deny(messageId, callId, reason),
  };
}

/** Whether a call waits for an answer it has not had (not one given up with its turn). */
function waits(call: ToolCallState): boolean {
  return call.input !== null && call.input.answer === null && isAwaitingInput(call.status);
}

/**
 * The entries of one store, by call: an unchanged call (the state is structurally shared) gets
 * the same entry, so the list stays the same array until a call in it changes.
 */
const entriesByStore = new WeakMap<ToolStreamStore, WeakMap<ToolCallState, PendingInput>>();

function entryOf(store: ToolStreamStore, message: AssistantMessageState, call: ToolCallState): PendingInput {
  let entries = entriesByStore.get(store);
  if (entries === undefined) {
    entries = new WeakMap();
    entriesByStore.set(store, entries);
  }
  let entry = entries.get(call);
  if (entry === undefined) {
    const input = call.input!;
    entry = {
      messageId: message.id,
      call,
      kind: input.kind,
      message: input.message,
      editable: input.editable,
      ...bind(store, message.id, call.id),
    };
    entries.set(call, entry);
  }
  return entry;
}

/**
 * Every call of the conversation that waits for an answer — approvals, questions and the
 * browser's tools, sub-agents' calls too — in order of appearance, each with its answers bound
 * (`approve`, `deny`, `respond`). Only the latest answer can wait (a new message answers the
 * calls of the turn before it), so this reads that answer alone: its cost does not grow with the
 * conversation. The list is the same array until a call in it changes, and each entry the same
 * object until its call does. A client tool the store runs itself (`tools`) is listed while it
 * runs, with `kind: 'client'`.
 *
 * @example
 * ```tsx
 * function ApproveAll() {
 *   const pending = usePendingInput().filter((item) => item.kind === 'approval');
 *   if (pending.length === 0) return null;
 *   return <button onClick={() => pending.forEach((item) => item.approve())}>Approve {pending.length}</button>;
 * }
 * ```
 */
export function usePendingInput(options?: StoreHookOptions): readonly PendingInput[] {
  const store = useResolvedStore('usePendingInput', options?.store);
  const last = useRef<{ message: AssistantMessageState | undefined; list: readonly PendingInput[] } | null>(
    null,
  );
  const select = (state: ToolStreamState): readonly PendingInput[] => {
    const message = latestAnswer(state);
    if (last.current !== null && last.current.message === message) return last.current.list;
    const list: PendingInput[] = [];
    if (message !== undefined) {
      for (const id of message.callOrder) {
        const call = message.calls[id]!;
        if (waits(call)) list.push(entryOf(store, message, call));
      }
    }
    const result = list.length === 0 ? NONE : list;
    last.current = { message, list: result };
    return result;
  };
  return useToolStreamState(select, { store, shallow: true });
}

/** One call's request for input and its answer, with the answers bound to it. */
export interface CallInputState extends CallAnswerActions {
  /** What the call waits (or waited) for and its answer; `null` for a call that asks for nothing. */
  input: CallInput | null;
  /** The call's status (`undefined` until the call appears). */
  status: CallStatus | undefined;
  /** Whether it waits for an answer now. */
  isWaiting: boolean;
}

/**
 * One call's request for input (see {@link usePendingInput}): what it waits for, its answer once
 * given, and the answers bound to it. Re-renders only when the call's request or status changes,
 * not as its output streams.
 */
export function useCallInput(messageId: string, callId: string, options?: StoreHookOptions): CallInputState {
  const store = useResolvedStore('useCallInput', options?.store);
  const { input, status, isWaiting } = useToolCallSelector(
    messageId,
    callId,
    (call) => ({
      input: call?.input ?? null,
      status: call?.status,
      isWaiting: call !== undefined && waits(call),
    }),
    { store, shallow: true },
  );
  const actions = useMemo(() => bind(store, messageId, callId), [store, messageId, callId]);
  return useMemo(() => ({ input, status, isWaiting, ...actions }), [input, status, isWaiting, actions]);
}
