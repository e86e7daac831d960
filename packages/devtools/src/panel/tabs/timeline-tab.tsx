import type { Recording } from '../../recording/recording.js';
import type { InputAction, TimelineEntry } from '../../recording/types.js';
import { formatBytes, formatOffset, oneLine } from '../format.js';
import type { Selection } from '../selection.js';
import { VirtualList } from '../virtual-list.js';

interface TimelineTabProps {
  recording: Recording;
  version: number;
  selection: Selection;
}

/**
 * The connection timeline of each turn: the request (POST, or a re-attach with its
 * `Last-Event-ID`), the answer and its `X-Run-Id`, each drop, back-off wait and retry, the
 * duplicates a connection dropped, the `DELETE` of a stopped run, and how the turn ended — with
 * its finish reason and token usage.
 */
export function TimelineTab({ recording, version, selection }: TimelineTabProps) {
  void version;
  const entries = recording.timeline.filter(
    (entry) => entry.kind !== 'status' && (selection.turn === null || entry.turn === selection.turn),
  );
  return (
    <div className="tsd-single">
      <VirtualList
        label="Connection timeline"
        count={entries.length}
        selected={-1}
        follow
        rowHeight={28}
        onSelect={() => {}}
        emptyText="Requests, drops, waits and re-attaches show here."
        renderRow={(i) => <TimelineRow recording={recording} entry={entries[i]!} />}
      />
    </div>
  );
}

function TimelineRow({ recording, entry }: { recording: Recording; entry: TimelineEntry }) {
  const turn = recording.turns[entry.turn];
  const start = turn?.startedAt ?? entry.at;
  return (
    <span className="tsd-timeline" data-kind={entry.kind}>
      <span className="tsd-num">{formatOffset(entry.at - start)}</span>
      <span className="tsd-muted">turn {entry.turn + 1}</span>
      <span>{describe(recording, entry)}</span>
    </span>
  );
}

function describe(recording: Recording, entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'turn-start':
      if (entry.continues) return 'Turn goes on: the answers to the calls it waited on were sent';
      return entry.userText === null
        ? 'Turn begins (a stream fed in)'
        : `Turn begins: “${oneLine(entry.userText, 80)}”`;
    case 'request':
      return entry.lastEventId === null
        ? `#${entry.connection} ${entry.method} ${oneLine(entry.url, 100)}`
        : `#${entry.connection} re-attach: ${entry.method} ${oneLine(entry.url, 80)} with Last-Event-ID ${oneLine(entry.lastEventId, 40)}`;
    case 'open':
      return `#${entry.connection} answered ${entry.status}${entry.runId === null ? ' (no X-Run-Id: cannot be resumed)' : ` · X-Run-Id ${oneLine(entry.runId, 48)}`}`;
    case 'close': {
      const connection = recording.connections[entry.connection - 1];
      const counts = `${entry.frames} frames${entry.duplicates > 0 ? `, ${entry.duplicates} duplicates dropped` : ''}, ${formatBytes(connection?.bytes ?? 0)}`;
      if (entry.reason === 'end') return `#${entry.connection} ended (${counts})`;
      if (entry.reason === 'aborted') return `#${entry.connection} closed by the client (${counts})`;
      return `#${entry.connection} failed: ${entry.error?.message ?? 'dropped'} (${counts})`;
    }
    case 'wait':
      return `waits ${formatOffset(entry.ms).slice(1)} before ${entry.reason === 'refused' ? 'asking again (429/408)' : 're-attaching'} (attempt ${entry.attempt})`;
    case 'cancel':
      return `DELETE run ${oneLine(entry.runId, 48)}: ${entry.ok ? 'cancelled on the server' : `failed (${entry.message ?? 'unknown'})`}`;
    case 'status':
      return `status ${entry.status}`;
    case 'input':
      return describeInput(entry.action);
    case 'turn-end': {
      const turn = recording.turns[entry.turn];
      const answer =
        turn === undefined ? undefined : recording.state.messages.findLast((m) => m.id === turn.messageId);
      const end = answer?.role === 'assistant' ? answer.end : null;
      const usage =
        answer?.role === 'assistant' && answer.usage !== null ? ` · tokens ${usageText(answer.usage)}` : '';
      const finish = end?.finish ? ` · finish ${end.finish.reason} (${end.finish.raw})` : '';
      const error = entry.error === null ? '' : ` · ${entry.error.code}: ${entry.error.message}`;
      return `Turn ended: ${end?.outcome ?? entry.status}${finish}${usage}${error}`;
    }
  }
}

function describeInput(action: InputAction): string {
  switch (action.type) {
    case 'answer': {
      const { answer } = action;
      const by = answer.by === 'user' ? '' : ` (by ${answer.by})`;
      const what =
        answer.type === 'approve'
          ? `approved${answer.args === undefined ? '' : ' with edited arguments'}`
          : answer.type === 'deny'
            ? `denied${answer.reason === null ? '' : `: “${oneLine(answer.reason, 60)}”`}`
            : answer.type === 'output'
              ? 'ran in the browser'
              : answer.type === 'error'
                ? `failed in the browser: ${oneLine(answer.error, 60)}`
                : 'answered';
      return `call ${oneLine(action.callId, 32)} ${what}${by}`;
    }
    case 'answers-sent':
      return `answers to ${action.callIds.length} call${action.callIds.length === 1 ? '' : 's'} sent to the server`;
    case 'stop-waiting':
      return 'stopped waiting for input: the waiting calls are stopped';
    case 'allow-tool':
      return `${oneLine(action.toolName, 48)} allowed for the rest of the conversation`;
  }
}

function usageText(usage: object): string {
  return Object.entries(usage as Record<string, number | undefined>)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name.replace(/Tokens$/, '')} ${value}`)
    .join(', ');
}
