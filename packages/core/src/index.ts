/**
 * @toolstream/core — the headless core of toolstream: a conversation store, the HTTP transport,
 * `reduceStream`, and the types of state, events and errors. No React, no DOM.
 *
 * Adapter authoring lives in `@toolstream/core/adapters`; the model providers' formats (OpenAI,
 * Anthropic, Gemini…) in `@toolstream/core/providers`, so an app that reads only its own backend
 * bundles none of them.
 */

export type { ProtocolOption } from './adapters/auto.js';
export type { ToolStreamError, ToolStreamErrorCode } from './errors.js';
export type { Continuation, InputAnswer, InputResponse } from './input/answers.js';
export { callArguments } from './input/call-arguments.js';
export type {
  Citation,
  DataPart,
  FinishReason,
  InputKind,
  TokenUsage,
  ToolCallKind,
} from './protocol/events.js';
export type {
  ChatMessageResponse,
  SseFrame,
  ToolCallResponse,
  ToolCallResponseDetails,
} from './protocol/wire.js';
export { isAwaitingInput, isCallOpen } from './reducer/call-status.js';
export { findCall, findMessage, latestAnswer } from './reducer/find.js';
export type { MessageInput } from './reducer/normalize.js';
export { isRunActive } from './reducer/run-status.js';
export type {
  AnswerSource,
  AssistantMessageState,
  CallAnswer,
  CallInput,
  CallStatus,
  ChatMessage,
  MessagePart,
  RunStatus,
  ToolCallState,
  ToolStreamState,
  TurnEndState,
  TurnOutcome,
  UserMessageState,
} from './reducer/state.js';
export type { ReduceStreamOptions, StreamInput } from './snapshot/reduce-stream.js';
export { reduceStream } from './snapshot/reduce-stream.js';
export type { StreamSnapshot } from './snapshot/snapshot.js';
export { messageText } from './snapshot/snapshot.js';
export type { SendInput, ToolStreamStore, ToolStreamStoreOptions } from './store/create-store.js';
export { createToolStreamStore } from './store/create-store.js';
export type { ApprovalDecision } from './store/input-driver.js';
export type { ConnectionEvent, TapListener, TapRecord } from './tap/tap.js';
export type { ClientTools, ToolTypes, TypedToolCall } from './tools/typed-tools.js';
export { defineTools } from './tools/typed-tools.js';
export type { HttpTransportOptions } from './transport/http-transport.js';
export { createHttpTransport } from './transport/http-transport.js';
export { RUN_ID_HEADER } from './transport/run-stream.js';
export type {
  ResumeToken,
  ToolStreamTransport,
  TransportSink,
  TurnRequest,
  TurnTrigger,
} from './transport/transport.js';
