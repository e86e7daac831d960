/**
 * @toolstream/react — React bindings for toolstream: a provider, `useToolCallStream` and
 * fine-grained hooks that re-render only for what they watch. Values come from
 * `@toolstream/core` (`createToolStreamStore`, `reduceStream`…); its types are re-exported here
 * for convenience.
 */

export type {
  AssistantMessageState,
  CallAnswer,
  CallInput,
  CallStatus,
  ChatMessage,
  Citation,
  InputKind,
  InputResponse,
  MessagePart,
  RunStatus,
  SendInput,
  TokenUsage,
  ToolCallState,
  ToolStreamError,
  ToolStreamState,
  ToolStreamStore,
  ToolStreamStoreOptions,
  TurnEndState,
  TurnOutcome,
  UserMessageState,
} from '@toolstream/core';
export type { ToolStreamProviderProps } from './context.js';
export { ToolStreamContext, ToolStreamProvider } from './context.js';
export type { CallAnswerActions, CallInputState, PendingInput } from './pending-input.js';
export { useCallInput, usePendingInput } from './pending-input.js';
export {
  useChildCalls,
  useLatestAnswerId,
  useMessage,
  useMessageIds,
  useStreamStatus,
  useToolCall,
  useToolCallSelector,
} from './selectors.js';
export type { ToolCallView } from './tool-call-view.js';
export type { StoreSource } from './use-owned-store.js';
export { useOwnedStore } from './use-owned-store.js';
export type { UseToolCallStreamOptions, UseToolCallStreamResult } from './use-tool-call-stream.js';
export { useToolCallStream } from './use-tool-call-stream.js';
export type { StoreHookOptions } from './use-tool-stream-state.js';
export { useResolvedStore, useToolStreamState } from './use-tool-stream-state.js';
