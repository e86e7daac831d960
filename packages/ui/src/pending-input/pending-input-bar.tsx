import { usePendingInput } from '@toolstream/react';
import { type HTMLAttributes, useRef } from 'react';
import { cx } from '../internal/cx.js';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { needsPerson, pendingWords } from './pending-words.js';
import { revealRequest } from './reveal-request.js';

/** Props of {@link PendingInputBar}. Other props go to its outer element. */
export interface PendingInputBarProps extends HTMLAttributes<HTMLDivElement> {
  /** The button's text; default "Review". */
  reviewLabel?: string;
  /** The line saying what a new message does meanwhile; `null` leaves it out. */
  newMessageNote?: string | null;
}

/**
 * A bar above the composer while calls wait for the person: "2 actions need your approval",
 * and Review, which takes the focus to the first (opening a folded sub-agent's section and
 * bringing the turn into view as needed). It also says that sending a message now denies the
 * waiting actions, as the store does. Screen readers hear a polite announcement when input
 * becomes needed. Renders only its (empty) live region while nothing waits. `Chat` includes one.
 */
export function PendingInputBar({
  reviewLabel = 'Review',
  newMessageNote = 'Sending a message will deny the waiting actions.',
  className,
  ...props
}: PendingInputBarProps) {
  const pending = needsPerson(usePendingInput());
  const bar = useRef<HTMLDivElement>(null);
  const words = pendingWords(pending);
  const first = pending[0];
  return (
    <div ref={bar} data-slot="pending-input" className={cx('ts-pending', className)} {...props}>
      {/* Present before anything waits, so that screen readers follow its changes. */}
      <div data-slot="pending-input-announcer" aria-live="polite" style={visuallyHidden}>
        {first === undefined ? '' : `Input needed: ${words}.`}
      </div>
      {first !== undefined && (
        <div data-slot="pending-input-bar" className="ts-pending__bar">
          <span data-slot="pending-input-icon" aria-hidden="true" />
          <div className="ts-pending__text">
            <p data-slot="pending-input-count">{words}</p>
            {newMessageNote !== null && <p data-slot="pending-input-note">{newMessageNote}</p>}
          </div>
          <button
            type="button"
            data-slot="pending-input-review"
            className="ts-button"
            onClick={() => {
              const scope = bar.current?.closest('[data-slot="chat"]') ?? bar.current?.getRootNode();
              if (scope !== undefined) revealRequest(scope as ParentNode, first.messageId, first.call.id);
            }}
          >
            {reviewLabel}
          </button>
        </div>
      )}
    </div>
  );
}
PendingInputBar.displayName = 'PendingInputBar';
