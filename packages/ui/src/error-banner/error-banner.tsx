import type { ToolStreamError } from '@toolstream/core';
import { useResolvedStore, useStreamStatus, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, useState } from 'react';
import { cx } from '../internal/cx.js';

/** Props of {@link ErrorBanner}. Other props go to its `<div role="alert">`. */
export interface ErrorBannerProps extends HTMLAttributes<HTMLDivElement> {
  /** Retries. Default: sends the last user message again with the store's `send`. */
  onRetry?: (lastUserMessage: string | null) => void | Promise<void>;
  /** Called after the reader dismissed the banner. */
  onDismiss?: (error: ToolStreamError) => void;
  retryLabel?: string;
  dismissLabel?: string;
}

function lastUserText(state: { messages: readonly { role: string; text?: string }[] }): string | null {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const message = state.messages[i]!;
    if (message.role === 'user') return message.text ?? null;
  }
  return null;
}

/**
 * The error that ended the run — its message and code (and HTTP status) — as an alert, with
 * Retry (re-sends the last user message) and Dismiss. Renders nothing without an error; a
 * dismissed error stays hidden until another one happens.
 */
export function ErrorBanner({
  onRetry,
  onDismiss,
  retryLabel = 'Retry',
  dismissLabel = 'Dismiss',
  className,
  ...props
}: ErrorBannerProps) {
  const store = useResolvedStore('ErrorBanner');
  const { error } = useStreamStatus();
  const lastUserMessage = useToolStreamState(lastUserText);
  const [dismissed, setDismissed] = useState<ToolStreamError | null>(null);
  if (error === null || error === dismissed) return null;
  const canRetry = onRetry !== undefined || lastUserMessage !== null;
  const retry = () => {
    if (onRetry !== undefined) void onRetry(lastUserMessage);
    else if (lastUserMessage !== null) void store.send(lastUserMessage);
  };
  return (
    <div
      role="alert"
      data-slot="error-banner"
      data-state="error"
      data-code={error.code}
      data-retryable={error.retryable ? '' : undefined}
      className={cx('ts-error-banner', className)}
      {...props}
    >
      <p data-slot="error-banner-message" className="ts-error-banner__message">
        {error.message}
      </p>
      <p data-slot="error-banner-code" className="ts-error-banner__code">
        {`Error code: ${error.code}${'status' in error && error.status !== undefined ? ` (HTTP ${error.status})` : ''}`}
      </p>
      <div className="ts-error-banner__actions">
        {canRetry && (
          <button type="button" data-slot="error-banner-retry" onClick={retry}>
            {retryLabel}
          </button>
        )}
        <button
          type="button"
          data-slot="error-banner-dismiss"
          onClick={() => {
            setDismissed(error);
            onDismiss?.(error);
          }}
        >
          {dismissLabel}
        </button>
      </div>
    </div>
  );
}
ErrorBanner.displayName = 'ErrorBanner';
