import type { ToolStreamError, ToolStreamState } from '@toolstream/core';
import { useStreamStatus, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, useState } from 'react';
import { cx } from '../internal/cx.js';
import { describeError } from '../internal/describe-error.js';
import { AlertIcon, CrossIcon } from '../internal/icons.js';

/** Props of {@link ErrorBanner}. Other props go to its `<div role="alert">`. */
export interface ErrorBannerProps extends HTMLAttributes<HTMLDivElement> {
  /** Called after the reader dismissed the banner. */
  onDismiss?: (error: ToolStreamError) => void;
  dismissLabel?: string;
}

/** Whether some turn shows `error` itself (its `end`), so a banner would only repeat it. */
function shownOnTurn(state: ToolStreamState, error: ToolStreamError): boolean {
  return state.messages.some((message) => message.role === 'assistant' && message.end?.error === error);
}

/**
 * An error that no turn can show: one that ended a run with no answer to put it on (re-attaching
 * to a run that is gone, say). Failures of a turn show on the turn itself (see `TurnEnd`), so
 * this renders nothing for them. An alert in plain words, with Dismiss; a dismissed error stays
 * hidden until another one happens.
 */
export function ErrorBanner({ onDismiss, dismissLabel = 'Dismiss', className, ...props }: ErrorBannerProps) {
  const { error } = useStreamStatus();
  const onTurn = useToolStreamState((state) => state.error !== null && shownOnTurn(state, state.error));
  const [dismissed, setDismissed] = useState<ToolStreamError | null>(null);
  if (error === null || onTurn || error === dismissed) return null;
  return (
    <div
      role="alert"
      data-slot="error-banner"
      data-state="error"
      data-code={error.code}
      className={cx('ts-error-banner', className)}
      {...props}
    >
      <AlertIcon />
      <p data-slot="error-banner-message" className="ts-error-banner__message">
        {describeError(error)}
      </p>
      <button
        type="button"
        data-slot="error-banner-dismiss"
        className="ts-icon-button"
        aria-label={dismissLabel}
        title={dismissLabel}
        onClick={() => {
          setDismissed(error);
          onDismiss?.(error);
        }}
      >
        <CrossIcon />
      </button>
    </div>
  );
}
ErrorBanner.displayName = 'ErrorBanner';
