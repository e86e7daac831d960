/**
 * @toolstream/server — the server half of toolstream's run convention (PROTOCOL.md §5): a
 * Fetch-API handler that starts, streams, re-attaches and cancels runs; a writer for the primary
 * protocol; and run stores — in memory here, on Redis Streams in `@toolstream/server/redis`.
 * Web `Request`/`Response` only: no Node built-ins in this entry.
 */

export type { CorsOptions } from './handler/cors.js';
export { corsHeaders } from './handler/cors.js';
export type {
  RunAction,
  RunContext,
  RunHandler,
  RunHandlerOptions,
  RunLimits,
  RunLogEvent,
} from './handler/create-run-handler.js';
export { createRunHandler } from './handler/create-run-handler.js';
export type {
  ContinuationAnswer,
  ContinuationRefusal,
  ContinuationRefusalCode,
  GivenAnswer,
  RunContinuation,
} from './input/continuation.js';
export type {
  AwaitedCall,
  AwaitKind,
  DelegationRef,
  PendingAsks,
  PendingLookup,
} from './input/pending-input.js';
export type { RunEndReason } from './run/run-ended.js';
export { RunEndedError } from './run/run-ended.js';
export type { MemoryRunStoreOptions } from './store/memory-store.js';
export { createMemoryRunStore } from './store/memory-store.js';
export type {
  AppendResult,
  FrameInput,
  NewRun,
  ReadOptions,
  RunEnding,
  RunHold,
  RunRecord,
  RunStore,
  RunStoreErrorCode,
  StoredFrame,
  StoredRunStatus,
} from './store/run-store.js';
export { RunStoreError } from './store/run-store.js';
export type {
  DelegateOptions,
  DelegationWriter,
  RelaySource,
  RunWriter,
  ToolCallOptions,
  ToolCallWriter,
} from './writer/run-writer.js';
