'use client';
/**
 * @toolstream/ui — React components for streaming tool-call chats: a whole `Chat`, tool calls
 * as compact rows, sub-agents' work as activity sections, messages with their end states and
 * actions, a thread, a composer and a tool timeline. They read state through
 * `@toolstream/react`'s hooks inside a `ToolStreamProvider`. Styles are optional:
 * `import '@toolstream/ui/styles.css'`. Markdown lives in `@toolstream/ui/markdown`, so that a
 * page using a few parts does not carry a parser (`Chat` uses it).
 */

export type {
  ApprovalRenderer,
  ApprovalRendererProps,
  ApprovalRenderers,
} from './approval/approval-renderers.js';
export type { ApprovalLabels, ToolCallApprovalProps } from './approval/tool-call-approval.js';
export { ToolCallApproval } from './approval/tool-call-approval.js';
export type { CallListProps } from './call-list/call-list.js';
export { CallList } from './call-list/call-list.js';
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
export { describeError } from './internal/describe-error.js';
export type { DisclosureOptions } from './internal/use-disclosure.js';
export type { StreamAnnouncerProps } from './live-region/stream-announcer.js';
export { StreamAnnouncer } from './live-region/stream-announcer.js';
export type { AssistantMessageProps } from './message/assistant-message.js';
export { AssistantMessage } from './message/assistant-message.js';
export type { ReasoningProps } from './message/reasoning.js';
export { Reasoning } from './message/reasoning.js';
export type { TurnEndProps } from './message/turn-end.js';
export { TurnEnd } from './message/turn-end.js';
export type { UserMessageProps } from './message/user-message.js';
export { UserMessage } from './message/user-message.js';
export type { PendingInputBarProps } from './pending-input/pending-input-bar.js';
export { PendingInputBar } from './pending-input/pending-input-bar.js';
export type { StatusIndicatorProps } from './status-indicator/status-indicator.js';
export { RUN_STATUS_LABELS, StatusIndicator } from './status-indicator/status-indicator.js';
export { PlainText } from './text/plain-text.js';
export type { TextRenderer, TextRendererProps, TextRendererProviderProps } from './text/text-renderer.js';
export { TextRendererProvider } from './text/text-renderer.js';
export type { ThreadProps } from './thread/thread.js';
export { Thread } from './thread/thread.js';
export type { StickToBottom, StickToBottomOptions } from './thread/use-stick-to-bottom.js';
export { useStickToBottom } from './thread/use-stick-to-bottom.js';
export { defaultCallLabel } from './tool-call/call-label.js';
export type { ToolCallProps } from './tool-call/tool-call.js';
export { ToolCall } from './tool-call/tool-call.js';
export { ToolCallContent } from './tool-call/tool-call-content.js';
export type { ToolCallCopyButtonProps } from './tool-call/tool-call-copy-button.js';
export { ToolCallCopyButton } from './tool-call/tool-call-copy-button.js';
export { ToolCallDetails } from './tool-call/tool-call-details.js';
export { ToolCallElapsed } from './tool-call/tool-call-elapsed.js';
export { ToolCallError } from './tool-call/tool-call-error.js';
export {
  ToolCallAgent,
  ToolCallHeader,
  ToolCallName,
  ToolCallSummary,
} from './tool-call/tool-call-header.js';
export { ToolCallInput } from './tool-call/tool-call-input.js';
export { ToolCallOutput } from './tool-call/tool-call-output.js';
export type { ToolCallRootProps } from './tool-call/tool-call-root.js';
export { ToolCallRoot } from './tool-call/tool-call-root.js';
export type { ToolCallStatusProps } from './tool-call/tool-call-status.js';
export { TOOL_CALL_STATUS_LABELS, ToolCallStatus } from './tool-call/tool-call-status.js';
export type {
  ToolLabel,
  ToolLabels,
  ToolRenderer,
  ToolRendererProps,
  ToolRenderers,
  ToolRenderersProviderProps,
} from './tool-call/tool-renderers.js';
export { ToolRenderersProvider, useApprovalRenderer, useToolRenderer } from './tool-call/tool-renderers.js';
export type { ToolTimelineProps } from './tool-timeline/tool-timeline.js';
export { ToolTimeline } from './tool-timeline/tool-timeline.js';
