import type { ToolStreamStore, ToolStreamStoreOptions } from '@toolstream/core';
import { ToolStreamContext, useOwnedStore, useStreamStatus } from '@toolstream/react';
import {
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AnyApprovalRenderers } from '../approval/approval-renderers.js';
import { Composer, type ComposerProps } from '../composer/composer.js';
import { ErrorBanner } from '../error-banner/error-banner.js';
import { ChatFocusContext } from '../internal/chat-focus.js';
import { cx } from '../internal/cx.js';
import { CrossIcon, TimelineIcon } from '../internal/icons.js';
import { Markdown } from '../markdown/markdown.js';
import { PendingInputBar } from '../pending-input/pending-input-bar.js';
import { StatusIndicator } from '../status-indicator/status-indicator.js';
import { type TextRenderer, TextRendererProvider } from '../text/text-renderer.js';
import { Thread } from '../thread/thread.js';
import { type ToolLabels, type ToolRenderers, ToolRenderersProvider } from '../tool-call/tool-renderers.js';
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
  /** Per-tool labels: names for people, or functions of the call (see `ToolRenderersProvider`). */
  toolLabels?: ToolLabels;
  /**
   * What approving a call of a tool will do, by tool name: "Send this email to …", with fields
   * to edit (see `ApprovalRenderers`). Without one, the arguments are listed (or a form).
   */
  approvalRenderers?: AnyApprovalRenderers;
  /** How text renders; default `Markdown` (safe markdown, from `@toolstream/ui/markdown`). */
  textRenderer?: TextRenderer;
  /** The chat's heading (also its accessible name); default "Chat". */
  title?: ReactNode;
  /** `light` or `dark` forces a theme; default: follow the system (or an ancestor's `data-theme`). */
  theme?: 'light' | 'dark';
  /**
   * Show the tool timeline: beside the thread where the chat is wide, and behind a "Timeline"
   * button, as a drawer, where it is narrow.
   */
  showTimeline?: boolean;
  /** Shown while there are no messages. */
  emptyState?: ReactNode;
  /** Props for the composer (`placeholder`, `onSend`, `footer`…). */
  composerProps?: Omit<ComposerProps, 'className'>;
  /** Controls for the header, after the title and status (a model or scenario picker…). */
  headerActions?: ReactNode;
}

/**
 * A whole chat, filling the height it is given: a header (title, run status, your actions), the
 * thread in a readable centred column, the composer pinned at the bottom, and optionally the
 * tool timeline — a side panel when the chat is wide, a drawer when it is narrow (the layout
 * follows the chat's own width, with container queries, so it works in a sidebar or a widget).
 * Escape stops a run (or closes the drawer); the focus comes back to the composer when a run
 * ends. Uses `store`, else creates one from `endpoint` and `options`, else the nearest
 * `ToolStreamProvider`'s, else an empty store to feed with `ingest`.
 *
 * @example
 * ```tsx
 * import '@toolstream/ui/styles.css';
 * <Chat endpoint="/api/chat/stream" title="Support" showTimeline toolRenderers={{ search_confluence: Results }} />
 * ```
 */
export function Chat({
  endpoint,
  store,
  options,
  toolRenderers,
  toolLabels,
  approvalRenderers,
  textRenderer = Markdown,
  title = 'Chat',
  theme,
  showTimeline = false,
  emptyState,
  composerProps,
  headerActions,
  className,
  onKeyDown,
  ...props
}: ChatProps) {
  const outer = useContext(ToolStreamContext);
  const titleId = useId();
  const timelineId = useId();
  // The store: the one given, else one this chat owns (created from `endpoint` and `options`,
  // released when the chat unmounts: see useOwnedStore), else the provider's around it.
  const useOuter = store === undefined && endpoint === undefined && options === undefined && outer !== null;
  const own = useOwnedStore(useOuter ? { store: outer } : { ...options, endpoint, store });
  const input = useRef<HTMLTextAreaElement>(null);
  const focus = useMemo(() => ({ focusComposer: () => input.current?.focus() }), []);
  const body = (
    <ChatFocusContext.Provider value={focus}>
      <ChatLayout
        className={className}
        theme={theme}
        titleId={titleId}
        title={title}
        headerActions={headerActions}
        timelineId={showTimeline ? timelineId : null}
        store={own}
        onKeyDown={onKeyDown}
        {...props}
      >
        <Thread emptyState={emptyState} />
        <div data-slot="chat-footer" className="ts-chat__footer">
          <ErrorBanner />
          <PendingInputBar />
          <Composer inputRef={input} {...composerProps} />
        </div>
      </ChatLayout>
    </ChatFocusContext.Provider>
  );
  return (
    <ToolStreamContext.Provider value={own}>
      <TextRendererProvider renderer={textRenderer}>
        {toolRenderers === undefined && toolLabels === undefined && approvalRenderers === undefined ? (
          body
        ) : (
          <ToolRenderersProvider
            renderers={toolRenderers}
            labels={toolLabels}
            approvalRenderers={approvalRenderers}
          >
            {body}
          </ToolRenderersProvider>
        )}
      </TextRendererProvider>
    </ToolStreamContext.Provider>
  );
}
Chat.displayName = 'Chat';

interface ChatLayoutProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  theme: ChatProps['theme'];
  titleId: string;
  title: ReactNode;
  headerActions: ReactNode;
  /** The timeline panel's id, or `null` without a timeline. */
  timelineId: string | null;
  store: ToolStreamStore;
}

/** Where Escape belongs to something else than the run. */
const ESCAPE_OWNERS = '[data-slot="chat-actions"], [popover], dialog, [role="menu"], [role="listbox"]';

/** The chat's frame: header, main column and the timeline panel or drawer; Escape handling. */
function ChatLayout({
  theme,
  titleId,
  title,
  headerActions,
  timelineId,
  store,
  className,
  onKeyDown,
  children,
  ...props
}: ChatLayoutProps) {
  const { isStreaming } = useStreamStatus();
  const [drawer, setDrawer] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  // An opened drawer takes the focus, as a dialog would; closing it hands it back to the toggle.
  useEffect(() => {
    if (drawer) close.current?.focus();
  }, [drawer]);
  const closeDrawer = useCallback(() => {
    setDrawer(false);
    toggle.current?.focus();
  }, []);

  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Escape') return;
    // Escape in a menu of the header's actions (or any popover or dialog) closes that menu; it
    // must not stop the run as well.
    if (event.target instanceof Element && event.target.closest(ESCAPE_OWNERS) !== null) return;
    if (drawer) {
      event.preventDefault();
      closeDrawer();
    } else if (isStreaming) {
      event.preventDefault();
      void store.stop();
    }
  };

  return (
    <section
      data-slot="chat"
      data-theme={theme}
      data-timeline={timelineId === null ? undefined : drawer ? 'open' : 'closed'}
      aria-labelledby={titleId}
      className={cx('ts-chat', className)}
      onKeyDown={onKey}
      {...props}
    >
      <header data-slot="chat-header" className="ts-chat__header">
        <h2 id={titleId} className="ts-chat__title">
          {title}
        </h2>
        <StatusIndicator />
        <div data-slot="chat-actions" className="ts-chat__actions">
          {headerActions}
          {timelineId !== null && (
            <button
              ref={toggle}
              type="button"
              data-slot="chat-timeline-toggle"
              className="ts-button ts-button--ghost"
              aria-expanded={drawer}
              aria-controls={timelineId}
              onClick={() => setDrawer(!drawer)}
            >
              <TimelineIcon />
              <span data-slot="label">Timeline</span>
            </button>
          )}
        </div>
      </header>
      <div data-slot="chat-body" className="ts-chat__body">
        <div data-slot="chat-main" className="ts-chat__main">
          {children}
        </div>
        {timelineId !== null && (
          <aside
            id={timelineId}
            data-slot="chat-timeline"
            data-state={drawer ? 'open' : 'closed'}
            aria-label="Tool timeline"
            className="ts-chat__timeline"
          >
            <button
              ref={close}
              type="button"
              data-slot="chat-timeline-close"
              className="ts-icon-button"
              aria-label="Close the timeline"
              onClick={closeDrawer}
            >
              <CrossIcon />
            </button>
            <ToolTimeline />
          </aside>
        )}
      </div>
    </section>
  );
}
