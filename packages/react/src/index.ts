'use client';
/**
 * @toolstream/react — React bindings for toolstream. Re-exports the core's public API, so most
 * apps install only this package (and @toolstream/ui for components).
 */

export * from '@toolstream/core';
export type { ToolStreamProviderProps } from './context.js';
export { ToolStreamContext, ToolStreamProvider } from './context.js';
export {
  isActive,
  useChildCalls,
  useMessage,
  useMessageIds,
  useStreamStatus,
  useToolCall,
  useToolCallSelector,
} from './selectors.js';
export type { ToolCallView } from './tool-call-view.js';
export { toolCallView } from './tool-call-view.js';
export type { UseToolCallStreamOptions, UseToolCallStreamResult } from './use-tool-call-stream.js';
export { useToolCallStream } from './use-tool-call-stream.js';
export type { StoreHookOptions } from './use-tool-stream-state.js';
export { useResolvedStore, useToolStreamState } from './use-tool-stream-state.js';
