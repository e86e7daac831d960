'use client';
/**
 * @toolstream/ui — React components for streaming tool-call chats: tool calls, delegation
 * trees, messages, a thread, a composer, a tool timeline and a whole `Chat`. They read state
 * through `@toolstream/react`'s hooks inside a `ToolStreamProvider`. Styles are optional:
 * `import '@toolstream/ui/styles.css'`.
 */

export type { ChatProps } from './chat/chat.js';
export { Chat } from './chat/chat.js';
export type { CitationsProps } from './citations/citations.js';
export { Citations } from './citations/citations.js';
export type { ComposerProps } from './composer/composer.js';
export { Composer } from './composer/composer.js';
export type { CallNodeProps } from './delegation-tree/call-node.js';
export { CallNode } from './delegation-tree/call-node.js';
export type { DelegationTreeProps } from './delegation-tree/delegation-tree.js';
export { DelegationTree } from './delegation-tree/delegation-tree.js';
export type { ErrorBannerProps } from './error-banner/error-banner.js';
export { ErrorBanner } from './error-banner/error-banner.js';
export type { DisclosureOptions } from './internal/use-disclosure.js';
export type { StreamAnnouncerProps } from './live-region/stream-announcer.js';
export { StreamAnnouncer } from './live-region/stream-announcer.js';
export type { MarkdownProps } from './markdown/markdown.js';
export { Markdown } from './markdown/markdown.js';
export type { AssistantMessageProps } from './message/assistant-message.js';
export { AssistantMessage } from './message/assistant-message.js';
export type { ReasoningProps } from './message/reasoning.js';
export { Reasoning } from './message/reasoning.js';
export type { UserMessageProps } from './message/user-message.js';
export { UserMessage } from './message/user-message.js';
export type { StatusIndicatorProps } from './status-indicator/status-indicator.js';
export { RUN_STATUS_LABELS, StatusIndicator } from './status-indicator/status-indicator.js';
export type { ThreadProps } from './thread/thread.js';
export { Thread } from './thread/thread.js';
export type { StickToBottom, StickToBottomOptions } from './thread/use-stick-to-bottom.js';
export { useStickToBottom } from './thread/use-stick-to-bottom.js';
export type { ToolCallProps } from './tool-call/tool-call.js';
export { ToolCall } from './tool-call/tool-call.js';
export type { ToolCallCopyButtonProps } from './tool-call/tool-call-copy-button.js';
export { ToolCallCopyButton } from './tool-call/tool-call-copy-button.js';
export type { ToolCallDetailsProps } from './tool-call/tool-call-details.js';
export { ToolCallDetails } from './tool-call/tool-call-details.js';
export { ToolCallElapsed } from './tool-call/tool-call-elapsed.js';
export {
  ToolCallAgent,
  ToolCallHeader,
  ToolCallName,
  ToolCallSummary,
} from './tool-call/tool-call-header.js';
export { ToolCallError, ToolCallOutput } from './tool-call/tool-call-output.js';
export type { ToolCallRootProps } from './tool-call/tool-call-root.js';
export { ToolCallRoot } from './tool-call/tool-call-root.js';
export type { ToolCallStatusProps } from './tool-call/tool-call-status.js';
export { TOOL_CALL_STATUS_LABELS, ToolCallStatus } from './tool-call/tool-call-status.js';
export type {
  ToolRenderer,
  ToolRendererProps,
  ToolRenderers,
  ToolRenderersProviderProps,
} from './tool-call/tool-renderers.js';
export { ToolRenderersProvider, useToolRenderer } from './tool-call/tool-renderers.js';
export type { ToolTimelineProps } from './tool-timeline/tool-timeline.js';
export { ToolTimeline } from './tool-timeline/tool-timeline.js';
