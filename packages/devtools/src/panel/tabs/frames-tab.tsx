import { useDeferredValue, useMemo, useState } from 'react';
import { frameDataText } from '../../export/frame-data.js';
import type { Recording } from '../../recording/recording.js';
import type { RecordedFrame } from '../../recording/types.js';
import { formatBytes, formatOffset, oneLine, prettyData, SHOWN_DATA, utf8Length } from '../format.js';
import type { Selection } from '../selection.js';
import { VirtualList } from '../virtual-list.js';

interface FramesTabProps {
  recording: Recording;
  version: number;
  selection: Selection;
  select(change: Partial<Selection>): void;
  /** Shows a call of the frame in the State tab (and the thread). */
  showCall(turn: number, callId: string): void;
}

/** The frames shown: the turn's (or all), as filtered by the search; `at(i)` is the i-th one's index. */
interface ShownFrames {
  count: number;
  at(i: number): number;
  indexOf(frame: number): number;
}

/**
 * The frames of the turn shown (or all), as filtered by the search. Without a search they are a
 * range (a turn's frames are consecutive): nothing is built per frame, however long the run.
 */
function useShownFrames(
  recording: Recording,
  version: number,
  turn: number | null,
  query: string,
): ShownFrames {
  return useMemo(() => {
    void version; // the recording grew
    const range = turn === null ? null : recording.turns[turn];
    const from = range?.firstFrame ?? 0;
    const to = range?.endFrame ?? recording.frames.length;
    const needle = query.trim().toLowerCase();
    if (needle === '') {
      return {
        count: to - from,
        at: (i: number) => from + i,
        indexOf: (frame: number) => (frame >= from && frame < to ? frame - from : -1),
      };
    }
    const shown: number[] = [];
    for (let i = from; i < to; i++) {
      if (matches(recording.frames[i]!, needle)) shown.push(i);
    }
    return {
      count: shown.length,
      at: (i: number) => shown[i]!,
      indexOf: (frame: number) => shown.indexOf(frame),
    };
  }, [recording, version, turn, query]);
}

function matches(frame: RecordedFrame, needle: string): boolean {
  const { event, id } = frame.frame;
  return (
    frameDataText(frame.frame).toLowerCase().includes(needle) ||
    (event ?? 'message').toLowerCase().includes(needle) ||
    (id ?? '').toLowerCase() === needle
  );
}

/**
 * The raw frames as they arrived — time, connection, `event`, `id`, size, the data — searchable;
 * beside them the selected frame in full: its data formatted, the events the adapter made of it,
 * what it changed in the state, and the errors it caused.
 */
export function FramesTab({ recording, version, selection, select, showCall }: FramesTabProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useShownFrames(recording, version, selection.turn, deferred);
  const position = selection.frame === null ? -1 : shown.indexOf(selection.frame);
  const frame = selection.frame === null ? undefined : recording.frames[selection.frame];

  return (
    <div className="tsd-split">
      <section className="tsd-split__list" aria-label="Frames">
        <div className="tsd-search">
          <input
            type="search"
            className="tsd-input"
            placeholder="Search frames (data, event, id)"
            aria-label="Search frames"
            value={query}
            data-search=""
            onChange={(event) => setQuery(event.target.value)}
          />
          <span className="tsd-muted" aria-live="polite">
            {deferred.trim() === '' ? `${shown.count} frames` : `${shown.count} match`}
          </span>
        </div>
        <div className="tsd-frame-head" aria-hidden="true">
          <span>#</span>
          <span>time</span>
          <span>conn</span>
          <span>event</span>
          <span>id</span>
          <span>size</span>
          <span>data</span>
        </div>
        <VirtualList
          label="Frames"
          count={shown.count}
          selected={position}
          follow
          rowKey={shown.at}
          onSelect={(i) => select({ frame: shown.at(i) })}
          emptyText={deferred.trim() === '' ? 'No frames yet: send a message.' : 'No frame matches.'}
          renderRow={(i) => <FrameRow recording={recording} frame={recording.frames[shown.at(i)]!} />}
        />
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling pane must take the keyboard to scroll (axe: scrollable-region-focusable) */}
      <section className="tsd-split__detail" tabIndex={0} aria-label="Frame">
        {frame === undefined ? (
          <p className="tsd-empty">Select a frame to see its data, its events and what it changed.</p>
        ) : (
          <FrameDetail recording={recording} frame={frame} showCall={showCall} select={select} />
        )}
      </section>
    </div>
  );
}

function FrameRow({ recording, frame }: { recording: Recording; frame: RecordedFrame }) {
  const turn = recording.turns[frame.turn];
  const start =
    turn === undefined
      ? frame.at
      : (recording.connections[(turn.connections[0] ?? 0) - 1]?.request.at ?? turn.startedAt);
  const data = frameDataText(frame.frame);
  const errors = frame.events.filter((e) => e.type === 'protocol-error' || e.type === 'server-error').length;
  return (
    <span
      className="tsd-frame"
      data-duplicate={frame.duplicate ? '' : undefined}
      data-error={errors > 0 ? '' : undefined}
    >
      <span className="tsd-num">{frame.index + 1}</span>
      <span className="tsd-num">{formatOffset(frame.at - start)}</span>
      <span>{frame.connection === null ? '—' : `#${frame.connection}`}</span>
      <span className="tsd-code">{frame.frame.event || 'message'}</span>
      <span className="tsd-code">{frame.frame.id ?? ''}</span>
      <span className="tsd-num">{formatBytes(utf8Length(data))}</span>
      <span className="tsd-preview">
        {frame.duplicate && <span className="tsd-badge">duplicate, dropped</span>}
        {errors > 0 && (
          <span className="tsd-badge tsd-badge--error">{errors === 1 ? 'error' : `${errors} errors`}</span>
        )}
        {oneLine(data)}
      </span>
    </span>
  );
}

function FrameDetail({
  recording,
  frame,
  showCall,
  select,
}: {
  recording: Recording;
  frame: RecordedFrame;
  showCall(turn: number, callId: string): void;
  select(change: Partial<Selection>): void;
}) {
  const [all, setAll] = useState(false);
  const data = frameDataText(frame.frame);
  const pretty = useMemo(
    () => prettyData(data.length > SHOWN_DATA * 4 && !all ? data.slice(0, SHOWN_DATA) : data),
    [data, all],
  );
  const changes = useMemo(() => recording.changesOf(frame.index), [recording, frame.index]);
  const turn = recording.turns[frame.turn];
  const callIds = [...new Set(frame.events.flatMap((e) => ('callId' in e ? [e.callId] : [])))];
  const errors = recording.errors
    .map((error, index) => ({ error, index }))
    .filter((entry) => entry.error.frame === frame.index);
  const text = all ? pretty.text : pretty.text.slice(0, SHOWN_DATA);
  return (
    <div className="tsd-detail">
      <h3 className="tsd-h">
        Frame {frame.index + 1}
        {frame.duplicate && <span className="tsd-badge">duplicate: dropped, not applied</span>}
      </h3>
      <dl className="tsd-facts">
        <dt>event</dt>
        <dd className="tsd-code">{frame.frame.event || 'message (default)'}</dd>
        <dt>id</dt>
        <dd className="tsd-code">{frame.frame.id ?? '—'}</dd>
        <dt>size</dt>
        <dd>{formatBytes(utf8Length(data))}</dd>
        <dt>connection</dt>
        <dd>
          {frame.connection === null
            ? 'fed in (ingest)'
            : `#${frame.connection} ${recording.connections[frame.connection - 1]?.request.method ?? ''}`}
        </dd>
        <dt>turn</dt>
        <dd>
          {frame.turn + 1}
          {turn?.protocol ? ` · protocol ${turn.protocol}` : ''}
        </dd>
      </dl>
      <h4 className="tsd-h4">Data</h4>
      <pre className="tsd-pre" data-json={pretty.json ? '' : undefined}>
        {text}
      </pre>
      {pretty.text.length > SHOWN_DATA && !all && (
        <button type="button" className="tsd-button" onClick={() => setAll(true)}>
          Show all {formatBytes(utf8Length(data))}
        </button>
      )}
      <h4 className="tsd-h4">Events ({frame.events.length})</h4>
      {frame.events.length === 0 ? (
        <p className="tsd-muted">
          {frame.duplicate ? 'None: the frame was a duplicate.' : 'None: the adapter made nothing of it.'}
        </p>
      ) : (
        <ol className="tsd-events">
          {frame.events.map((event, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a frame's events never change or move
            <li key={i}>
              <span className="tsd-code tsd-event-type">{event.type}</span>{' '}
              <span className="tsd-code">{oneLine(eventSummary(event), 240)}</span>
            </li>
          ))}
        </ol>
      )}
      <h4 className="tsd-h4">What it changed</h4>
      {changes.length === 0 ? (
        <p className="tsd-muted">Nothing.</p>
      ) : (
        <ul className="tsd-changes">
          {changes.map((change, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a frame's changes never change or move
            <li key={i} data-kind={change.kind}>
              <span className="tsd-code">{change.path}</span> <span className="tsd-muted">{change.kind}</span>{' '}
              {change.before !== undefined && (
                <>
                  <del className="tsd-code">{change.before}</del> →{' '}
                </>
              )}
              <ins className="tsd-code">{change.after}</ins>
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <>
          <h4 className="tsd-h4">Errors it caused</h4>
          <ul className="tsd-changes">
            {errors.map(({ error, index }) => (
              <li key={index}>
                <button type="button" className="tsd-link" onClick={() => select({ error: index })}>
                  {error.error.code}: {error.error.message}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {callIds.length > 0 && turn !== undefined && (
        <p className="tsd-actions">
          {callIds.map((id) => (
            <button key={id} type="button" className="tsd-button" onClick={() => showCall(turn.index, id)}>
              Call {oneLine(id, 40)} in the state
            </button>
          ))}
        </p>
      )}
    </div>
  );
}

function eventSummary(event: RecordedFrame['events'][number]): string {
  const { type: _type, ...rest } = event;
  try {
    return JSON.stringify(rest);
  } catch {
    return '(not writable as JSON)';
  }
}
