import type { AssistantMessageState, CallInput, ToolCallState, ToolStreamState } from '@toolstream/core';
import { shortText } from './short-text.js';
import type { StateChange } from './types.js';

/**
 * What changed from `before` to `after`, as people read it: the run's fields, new errors, and
 * in the run's answer its text, parts, calls (by field), sources, usage and ending. State is
 * structurally shared, so an unchanged call is the same object and is skipped at once.
 */
export function describeChanges(before: ToolStreamState, after: ToolStreamState): StateChange[] {
  const changes: StateChange[] = [];
  const field = (path: string, a: unknown, b: unknown) => {
    if (Object.is(a, b)) return;
    changes.push(
      a === undefined || a === null
        ? { path, kind: 'added', after: shortText(b) }
        : { path, kind: 'changed', before: shortText(a), after: shortText(b) },
    );
  };
  field('status', before.status, after.status);
  field('run.protocol', before.run.protocol, after.run.protocol);
  field('run.runId', before.run.runId, after.run.runId);
  field('run.lastEventId', before.run.lastEventId, after.run.lastEventId);
  for (const tool of (after.allowedTools ?? []).slice(before.allowedTools?.length ?? 0)) {
    changes.push({ path: 'allowedTools', kind: 'added', after: tool });
  }
  for (const error of after.errors.slice(before.errors.length)) {
    changes.push({ path: 'errors', kind: 'added', after: `${error.code}: ${error.message}` });
  }
  const id = after.run.messageId;
  const next = after.messages.findLast((m) => m.id === id);
  if (next?.role !== 'assistant') return changes;
  const previous = before.messages.findLast((m) => m.id === id);
  if (previous?.role !== 'assistant') {
    changes.push({ path: `message ${id}`, kind: 'added', after: 'a new answer' });
    describeMessage(emptyLike(next), next, changes);
    return changes;
  }
  if (previous !== next) describeMessage(previous, next, changes);
  return changes;
}

function describeMessage(a: AssistantMessageState, b: AssistantMessageState, changes: StateChange[]): void {
  for (const kind of ['text', 'reasoning'] as const) {
    const was = textOf(a, kind);
    const now = textOf(b, kind);
    if (was === now) continue;
    changes.push(
      now.startsWith(was)
        ? { path: kind, kind: 'appended', after: shortText(now.slice(was.length)) }
        : { path: kind, kind: 'changed', before: shortText(was), after: shortText(now) },
    );
  }
  for (const id of b.callOrder) {
    const call = b.calls[id]!;
    const old = Object.hasOwn(a.calls, id) ? a.calls[id] : undefined;
    if (old === call) continue;
    if (old === undefined) {
      const parent = call.parentId === null ? '' : ` under ${call.parentId}`;
      changes.push({
        path: `call ${id}`,
        kind: 'added',
        after: `${call.toolName || '(unnamed)'} (${call.kind})${parent}`,
      });
      describeCall(emptyCall(call), call, changes);
    } else describeCall(old, call, changes);
  }
  for (const citation of b.citations.slice(a.citations.length)) {
    changes.push({ path: 'citations', kind: 'added', after: shortText(citation.source) });
  }
  if (a.usage !== b.usage && b.usage !== null)
    changes.push({ path: 'usage', kind: 'changed', after: shortText(b.usage) });
  if (a.end !== b.end && b.end !== null) {
    const finish = b.end.finish === null ? '' : ` (${b.end.finish.reason})`;
    changes.push({ path: 'end', kind: 'added', after: `${b.end.outcome}${finish}` });
  }
}

function describeCall(a: ToolCallState, b: ToolCallState, changes: StateChange[]): void {
  const at = `call ${b.id}`;
  const field = (name: string, x: unknown, y: unknown) => {
    if (Object.is(x, y)) return;
    changes.push({ path: `${at} › ${name}`, kind: 'changed', before: shortText(x), after: shortText(y) });
  };
  field('status', a.status, b.status);
  field('toolName', a.toolName, b.toolName);
  field('agent', a.agent, b.agent);
  field('parentId', a.parentId, b.parentId);
  field('error', a.error, b.error);
  describeInput(a.input, b.input, at, changes);
  for (const phase of ['call', 'result'] as const) {
    const x = a[phase];
    const y = b[phase];
    if (x === y || y === null) continue;
    const path = `${at} › ${phase}`;
    if (x === null) changes.push({ path, kind: 'added', after: 'the phase begins' });
    if ((x?.text ?? '') !== y.text) {
      const was = x?.text ?? '';
      changes.push(
        y.text.startsWith(was)
          ? { path: `${path}.text`, kind: 'appended', after: shortText(y.text.slice(was.length)) }
          : { path: `${path}.text`, kind: 'changed', before: shortText(was), after: shortText(y.text) },
      );
    }
    if ((x?.complete ?? false) !== y.complete)
      changes.push({ path: `${path}.complete`, kind: 'changed', after: String(y.complete) });
  }
  if (a.argsText !== b.argsText && b.argsText !== null) {
    const was = a.argsText ?? '';
    changes.push(
      b.argsText.startsWith(was)
        ? { path: `${at} › argsText`, kind: 'appended', after: shortText(b.argsText.slice(was.length)) }
        : { path: `${at} › argsText`, kind: 'changed', after: shortText(b.argsText) },
    );
  }
  if (a.args !== b.args && b.args !== null)
    changes.push({ path: `${at} › args`, kind: 'changed', after: shortText(b.args) });
  if (a.argsError !== b.argsError && b.argsError !== null)
    changes.push({ path: `${at} › argsError`, kind: 'added', after: b.argsError });
  if (a.details !== b.details) {
    for (const key of Object.keys(b.details)) {
      const was = Object.hasOwn(a.details, key) ? a.details[key] : undefined;
      if (Object.is(was, b.details[key])) continue;
      changes.push({
        path: `${at} › details.${key}`,
        kind: was === undefined ? 'added' : 'changed',
        ...(was === undefined ? {} : { before: shortText(was) }),
        after: shortText(b.details[key]),
      });
    }
  }
}

/** What a call that waits waits for, as the panel says it. */
export const WAITS_FOR: Readonly<Record<CallInput['kind'], string>> = {
  approval: 'an approval',
  client: 'the browser to run it',
  input: 'an answer from the person',
};

/** What a call waits for (PROTOCOL.md §11): the request, its answer, the answer sent. */
function describeInput(a: CallInput | null, b: CallInput | null, at: string, changes: StateChange[]): void {
  if (a === b || b === null) return;
  if (a === null) {
    const editable = b.editable ? ', arguments editable' : '';
    const message = b.message === null ? '' : `: ${shortText(b.message)}`;
    changes.push({
      path: `${at} › input`,
      kind: 'added',
      after: `waits for ${WAITS_FOR[b.kind]}${editable}${message}`,
    });
  }
  if (a?.answer !== b.answer && b.answer !== null)
    changes.push({ path: `${at} › input.answer`, kind: 'added', after: shortText(b.answer) });
  if ((a?.sent ?? false) !== b.sent)
    changes.push({ path: `${at} › input.sent`, kind: 'changed', after: String(b.sent) });
}

function textOf(message: AssistantMessageState, kind: 'text' | 'reasoning'): string {
  let text = '';
  for (const part of message.parts) if (part.type === kind) text += part.text;
  return text;
}

function emptyLike(message: AssistantMessageState): AssistantMessageState {
  return {
    ...message,
    parts: [],
    calls: Object.create(null),
    callOrder: [],
    citations: [],
    usage: null,
    end: null,
  };
}

function emptyCall(call: ToolCallState): ToolCallState {
  return {
    ...call,
    status: call.status,
    call: { ...call.call, text: '', complete: false },
    result: null,
    details: Object.create(null),
    argsText: null,
    args: null,
    argsError: null,
    input: null,
  };
}
