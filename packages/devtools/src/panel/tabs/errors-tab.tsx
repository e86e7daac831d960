import type { Recording } from '../../recording/recording.js';
import { formatOffset, oneLine } from '../format.js';
import type { Selection } from '../selection.js';
import { VirtualList } from '../virtual-list.js';

interface ErrorsTabProps {
  recording: Recording;
  version: number;
  selection: Selection;
  select(change: Partial<Selection>): void;
  /** Opens the frame in the Frames tab. */
  showFrame(frame: number): void;
}

/** Every error, with the frame that caused it (Enter opens it) or the connection that failed. */
export function ErrorsTab({ recording, version, selection, select, showFrame }: ErrorsTabProps) {
  void version;
  const shown = recording.errors
    .map((error, index) => ({ error, index }))
    .filter(({ error }) => selection.turn === null || error.turn === selection.turn);
  const selected = shown.findIndex((entry) => entry.index === selection.error);
  const current = selected < 0 ? undefined : shown[selected];
  const open = (i: number) => {
    const frame = shown[i]?.error.frame;
    if (frame !== null && frame !== undefined) showFrame(frame);
  };
  return (
    <div className="tsd-split">
      <section className="tsd-split__list" aria-label="Errors">
        <VirtualList
          label="Errors"
          count={shown.length}
          selected={selected}
          follow
          onSelect={(i) => select({ error: shown[i]!.index })}
          onActivate={open}
          emptyText="No errors."
          renderRow={(i) => {
            const { error } = shown[i]!;
            return (
              <span className="tsd-error-row" data-fatal={error.error.fatal ? '' : undefined}>
                <span className="tsd-badge tsd-badge--error">{error.error.code}</span>
                <span>{oneLine(error.error.message, 160)}</span>
                <span className="tsd-muted">
                  {error.frame === null ? 'no frame' : `frame ${error.frame + 1}`}
                </span>
              </span>
            );
          }}
        />
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling pane must take the keyboard to scroll (axe: scrollable-region-focusable) */}
      <section className="tsd-split__detail" tabIndex={0} aria-label="Error">
        {current === undefined ? (
          <p className="tsd-empty">Select an error to see it with its frame.</p>
        ) : (
          <div className="tsd-detail">
            <h3 className="tsd-h">
              {current.error.error.code}{' '}
              {current.error.error.fatal ? '(ended the run)' : '(the stream went on)'}
            </h3>
            <p>{current.error.error.message}</p>
            <dl className="tsd-facts">
              <dt>turn</dt>
              <dd>{current.error.turn + 1}</dd>
              <dt>when</dt>
              <dd>
                {formatOffset(
                  current.error.at - (recording.turns[current.error.turn]?.startedAt ?? current.error.at),
                )}
              </dd>
              <dt>retryable</dt>
              <dd>{current.error.error.retryable ? 'yes' : 'no'}</dd>
              <dt>connection</dt>
              <dd>{current.error.connection === null ? '—' : `#${current.error.connection}`}</dd>
            </dl>
            {current.error.error.code === 'protocol' && current.error.error.frame !== undefined && (
              <>
                <h4 className="tsd-h4">The frame, as the error keeps it</h4>
                <pre className="tsd-pre">{current.error.error.frame}</pre>
              </>
            )}
            {current.error.frame !== null && (
              <p className="tsd-actions">
                <button type="button" className="tsd-button" onClick={() => showFrame(current.error.frame!)}>
                  Open frame {current.error.frame + 1}
                </button>
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
