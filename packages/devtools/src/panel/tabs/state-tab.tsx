import type { AssistantMessageState, ChatMessage, ToolCallState } from '@toolstream/core';
import { useMemo } from 'react';
import { WAITS_FOR } from '../../recording/describe-changes.js';
import type { Recording } from '../../recording/recording.js';
import { shortText } from '../../recording/short-text.js';
import { formatOffset, oneLine } from '../format.js';
import type { Selection } from '../selection.js';
import { VirtualList } from '../virtual-list.js';

interface StateTabProps {
  recording: Recording;
  version: number;
  selection: Selection;
  select(change: Partial<Selection>): void;
  /** Shows the call in the app's thread. */
  reveal(messageId: string, callId: string): void;
}

/** One row of the tree: a message, or a call at its depth. */
type Row =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'call'; messageId: string; call: ToolCallState; depth: number };

/** The conversation as rows: each message, and under an answer its calls as a tree (sub-agents nested). */
function rowsOf(messages: readonly ChatMessage[]): Row[] {
  const rows: Row[] = [];
  for (const message of messages) {
    rows.push({ kind: 'message', message });
    if (message.role !== 'assistant') continue;
    const seen = new Set<string>();
    const visit = (id: string, depth: number) => {
      // Parent links come from the wire: a cycle must not loop.
      if (seen.has(id)) return;
      const call = message.calls[id];
      if (call === undefined) return;
      seen.add(id);
      rows.push({ kind: 'call', messageId: message.id, call, depth });
      for (const child of message.children[id] ?? []) visit(child, depth + 1);
    };
    for (const id of message.callOrder) {
      const call = message.calls[id]!;
      if (call.parentId === null || message.calls[call.parentId] === undefined) visit(id, 0);
    }
    for (const id of message.callOrder) visit(id, 0); // calls in a cycle of parents
  }
  return rows;
}

/**
 * The state: the conversation's messages, each answer's calls as a tree, and the selected call in
 * full — its phases, arguments, output, details and the frames that made it. Selecting a call shows
 * it in the app's thread too.
 */
export function StateTab({ recording, version, selection, select, reveal }: StateTabProps) {
  const state = useMemo(() => {
    void version;
    return recording.state;
  }, [recording, version]);
  const messages = useMemo(() => {
    const turn = selection.turn === null ? null : recording.turns[selection.turn];
    if (turn === null || turn === undefined) return state.messages;
    const at = state.messages.findIndex((m) => m.id === turn.messageId);
    return at < 0 ? [] : state.messages.slice(Math.max(0, at - 1), at + 1);
  }, [state, selection.turn, recording]);
  const rows = useMemo(() => rowsOf(messages), [messages]);
  const selectedRow = rows.findIndex(
    (row) =>
      row.kind === 'call' &&
      row.messageId === selection.call?.messageId &&
      row.call.id === selection.call.callId,
  );
  const message =
    selection.call === null ? undefined : state.messages.findLast((m) => m.id === selection.call!.messageId);
  const call =
    message?.role === 'assistant' &&
    selection.call !== null &&
    Object.hasOwn(message.calls, selection.call.callId)
      ? message.calls[selection.call.callId]
      : undefined;

  const choose = (index: number) => {
    const row = rows[index];
    if (row?.kind !== 'call') return;
    select({ call: { messageId: row.messageId, callId: row.call.id } });
    reveal(row.messageId, row.call.id);
  };

  return (
    <div className="tsd-split">
      <section className="tsd-split__list" aria-label="Conversation">
        <p className="tsd-bar tsd-muted">
          status <span className="tsd-code">{state.status}</span>
          {state.run.protocol !== null && (
            <>
              {' '}
              · protocol <span className="tsd-code">{state.run.protocol}</span>
            </>
          )}
          {state.run.runId !== null && (
            <>
              {' '}
              · run <span className="tsd-code">{state.run.runId}</span>
            </>
          )}
        </p>
        <VirtualList
          label="Messages and calls"
          count={rows.length}
          selected={selectedRow}
          onSelect={choose}
          onActivate={choose}
          rowKey={(i) => rowKey(rows[i]!)}
          emptyText="No messages yet."
          renderRow={(i) => <StateRow row={rows[i]!} />}
        />
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling pane must take the keyboard to scroll (axe: scrollable-region-focusable) */}
      <section className="tsd-split__detail" tabIndex={0} aria-label="Call">
        {call === undefined || message?.role !== 'assistant' ? (
          <MessageSummary messages={messages} />
        ) : (
          <CallDetail recording={recording} message={message} call={call} select={select} reveal={reveal} />
        )}
      </section>
    </div>
  );
}

function rowKey(row: Row): string {
  return row.kind === 'message' ? `m:${row.message.id}` : `c:${row.messageId}:${row.call.id}`;
}

function StateRow({ row }: { row: Row }) {
  if (row.kind === 'message') {
    const { message } = row;
    if (message.role === 'user') {
      return (
        <span className="tsd-tree" data-kind="user">
          <span className="tsd-muted">You</span> {oneLine(message.text, 120)}
        </span>
      );
    }
    const outcome = message.end?.outcome ?? 'running';
    return (
      <span className="tsd-tree" data-kind="answer">
        <span className="tsd-muted">Answer</span> <span className="tsd-code">{oneLine(message.id, 24)}</span>{' '}
        <span className="tsd-badge" data-state={outcome}>
          {outcome}
        </span>{' '}
        {plural(message.callOrder.length, 'call')}
      </span>
    );
  }
  const { call, depth } = row;
  return (
    <span className="tsd-tree" data-kind={call.kind} style={{ paddingInlineStart: `${16 + depth * 20}px` }}>
      <span className="tsd-badge" data-state={call.status}>
        {call.status}
      </span>{' '}
      <span className="tsd-code">{oneLine(call.toolName || '(unnamed)', 48)}</span>{' '}
      <span className="tsd-muted">
        {call.kind === 'delegation' ? `sub-agent${call.agent ? ` ${call.agent}` : ''}` : call.kind} ·{' '}
        {oneLine(call.id, 32)}
      </span>
    </span>
  );
}

function MessageSummary({ messages }: { messages: readonly ChatMessage[] }) {
  const answers = messages.filter((m): m is AssistantMessageState => m.role === 'assistant');
  const last = answers.at(-1);
  if (last === undefined)
    return <p className="tsd-empty">The conversation’s answers and their calls show here.</p>;
  return (
    <div className="tsd-detail">
      <h3 className="tsd-h">Answer {oneLine(last.id, 40)}</h3>
      <dl className="tsd-facts">
        <dt>outcome</dt>
        <dd>{last.end?.outcome ?? 'running'}</dd>
        <dt>finish reason</dt>
        <dd>{last.end?.finish ? `${last.end.finish.reason} (${last.end.finish.raw})` : '—'}</dd>
        <dt>token usage</dt>
        <dd className="tsd-code">{last.usage === null ? '—' : shortText(last.usage)}</dd>
        <dt>calls</dt>
        <dd>{last.callOrder.length}</dd>
        <dt>sources</dt>
        <dd>{last.citations.length}</dd>
        {last.end?.error && (
          <>
            <dt>error</dt>
            <dd>
              {last.end.error.code}: {last.end.error.message}
            </dd>
          </>
        )}
      </dl>
      <p className="tsd-muted">Select a call to see its phases, arguments and output.</p>
    </div>
  );
}

function CallDetail({
  recording,
  message,
  call,
  select,
  reveal,
}: {
  recording: Recording;
  message: AssistantMessageState;
  call: ToolCallState;
  select(change: Partial<Selection>): void;
  reveal(messageId: string, callId: string): void;
}) {
  const turn = recording.turnOf(message.id);
  const frames = turn === undefined ? [] : recording.framesOfCall(turn.index, call.id);
  const start = message.createdAt;
  return (
    <div className="tsd-detail">
      <h3 className="tsd-h">
        {oneLine(call.toolName || '(unnamed)', 60)}{' '}
        <span className="tsd-badge" data-state={call.status}>
          {call.status}
        </span>
      </h3>
      <p className="tsd-actions">
        <button type="button" className="tsd-button" onClick={() => reveal(message.id, call.id)}>
          Show in the thread
        </button>
      </p>
      <dl className="tsd-facts">
        <dt>id</dt>
        <dd className="tsd-code">{call.id}</dd>
        <dt>kind</dt>
        <dd>{call.kind}</dd>
        <dt>agent</dt>
        <dd>{call.agent ?? '—'}</dd>
        <dt>parent</dt>
        <dd className="tsd-code">{call.parentId ?? '— (top level)'}</dd>
        <dt>event_type</dt>
        <dd className="tsd-code">{call.eventType}</dd>
        <dt>timing</dt>
        <dd>
          started {formatOffset(call.startedAt - start)}
          {call.completedAt !== null && `, ended ${formatOffset(call.completedAt - start)}`}
        </dd>
        {call.error !== null && (
          <>
            <dt>error</dt>
            <dd>{call.error}</dd>
          </>
        )}
      </dl>
      <h4 className="tsd-h4">Call phase {call.call.complete ? '(complete)' : '(open)'}</h4>
      <pre className="tsd-pre">{call.call.text || '—'}</pre>
      {(call.argsText !== null || call.args !== null) && (
        <>
          <h4 className="tsd-h4">Arguments {call.argsError ? `(invalid: ${call.argsError})` : ''}</h4>
          <pre className="tsd-pre">{call.args === null ? (call.argsText ?? '') : jsonOf(call.args)}</pre>
        </>
      )}
      {call.input !== null && (
        <>
          <h4 className="tsd-h4">Waits for {WAITS_FOR[call.input.kind]}</h4>
          <dl className="tsd-facts">
            {call.input.message !== null && (
              <>
                <dt>message</dt>
                <dd>{call.input.message}</dd>
              </>
            )}
            <dt>ref</dt>
            <dd className="tsd-code">{call.input.ref ?? '— (the call id)'}</dd>
            {call.input.kind === 'approval' && (
              <>
                <dt>arguments editable</dt>
                <dd>{call.input.editable ? 'yes' : 'no'}</dd>
              </>
            )}
            <dt>answer</dt>
            <dd className="tsd-code">
              {call.input.answer === null ? '— (waiting)' : jsonOf(call.input.answer)}
            </dd>
            <dt>sent</dt>
            <dd>{call.input.sent ? 'yes, in a continuation request' : 'not yet'}</dd>
          </dl>
        </>
      )}
      <h4 className="tsd-h4">
        Result phase {call.result === null ? '' : call.result.complete ? '(complete)' : '(open)'}
      </h4>
      <pre className="tsd-pre">{call.result === null ? 'Not begun.' : call.result.text || '—'}</pre>
      <h4 className="tsd-h4">Details</h4>
      <pre className="tsd-pre">{jsonOf(call.details)}</pre>
      <h4 className="tsd-h4">Frames that made it ({frames.length})</h4>
      <ul className="tsd-changes">
        {frames.slice(0, 200).map((frame) => (
          <li key={frame.index}>
            <button type="button" className="tsd-link" onClick={() => select({ frame: frame.index })}>
              Frame {frame.index + 1}
            </button>{' '}
            <span className="tsd-muted">{frame.events.map((e) => e.type).join(', ')}</span>
          </li>
        ))}
      </ul>
      {frames.length > 200 && <p className="tsd-muted">…and {frames.length - 200} more.</p>}
    </div>
  );
}

function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '(not writable as JSON)';
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
