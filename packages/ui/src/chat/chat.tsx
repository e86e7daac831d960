import type { ToolStreamStore, ToolStreamStoreOptions } from '@toolstream/core';
import { ToolStreamContext, useOwnedStore } from '@toolstream/react';
import { type HTMLAttributes, type ReactNode, useContext, useId } from 'react';
import { Composer, type ComposerProps } from '../composer/composer.js';
import { ErrorBanner } from '../error-banner/error-banner.js';
import { cx } from '../internal/cx.js';
import { StatusIndicator } from '../status-indicator/status-indicator.js';
import { Thread } from '../thread/thread.js';
import { type ToolRenderers, ToolRenderersProvider } from '../tool-call/tool-renderers.js';
import { ToolTimeline } from '../tool-timeline/tool-timeline.js';

/** Props of {@link Chat}. Other props go to its `<section>`. */
export interface ChatProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Where messages are sent; creates a store for this chat (unless `store` is given). */
  endpoint?: string;
  /** A store to use (shared with code outside, or fed with `ingest`). */
  store?: ToolStreamStore;
  /** Options for the store this chat creates (read once, at creation). */
  options?: Omit<ToolStreamStoreOptions, 'endpoint'>;
  /** Per-tool renderers (see `ToolRenderersProvider`). */
  toolRenderers?: ToolRenderers;
  /** The chat's heading (also its accessible name); default "Chat". */
  title?: ReactNode;
  /** `light` or `dark` forces a theme; default: follow the system (or an ancestor's `data-theme`). */
  theme?: 'light' | 'dark';
  /** Show the tool timeline under the thread. */
  showTimeline?: boolean;
  /** Shown while there are no messages. */
  emptyState?: ReactNode;
  /** Props for the composer (`placeholder`, `onSend`…). */
  composerProps?: Omit<ComposerProps, 'className'>;
}

/**
 * A whole chat: heading and status, the thread, the error banner, the composer and optionally
 * the tool timeline. Uses `store`, else creates one from `endpoint` and `options`, else the
 * nearest `ToolStreamProvider`'s, else an empty store to feed with `ingest`.
 *
 * @example
 * ```tsx
 * import '@toolstream/ui/styles.css';
 * <Chat endpoint="/api/chat/stream" title="Support" toolRenderers={{ search_confluence: Results }} />
 * ```
 */
export function Chat({
  endpoint,
  store,
  options,
  toolRenderers,
  title = 'Chat',
  theme,
  showTimeline = false,
  emptyState,
  composerProps,
  className,
  ...props
}: ChatProps) {
  const outer = useContext(ToolStreamContext);
  const titleId = useId();
  // The store: the one given, else one this chat owns (created from `endpoint` and `options`,
  // released when the chat unmounts: see useOwnedStore), else the provider's around it.
  const useOuter = store === undefined && endpoint === undefined && options === undefined && outer !== null;
  const own = useOwnedStore(useOuter ? { store: outer } : { ...options, endpoint, store });
  const body = (
    <section
      data-slot="chat"
      data-theme={theme}
      aria-labelledby={titleId}
      className={cx('ts-chat', className)}
      {...props}
    >
      <header data-slot="chat-header" className="ts-chat__header">
        <h2 id={titleId} className="ts-chat__title">
          {title}
        </h2>
        <StatusIndicator />
      </header>
      <Thread emptyState={emptyState} />
      {showTimeline && <ToolTimeline className="ts-chat__timeline" />}
      <ErrorBanner />
      <Composer {...composerProps} />
    </section>
  );
  const withRenderers =
    toolRenderers === undefined ? (
      body
    ) : (
      <ToolRenderersProvider renderers={toolRenderers}>{body}</ToolRenderersProvider>
    );
  return <ToolStreamContext.Provider value={own}>{withRenderers}</ToolStreamContext.Provider>;
}
Chat.displayName = 'Chat';
