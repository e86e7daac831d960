/**
 * @toolstream/core — the headless core of toolstream: wire types, adapters from wire formats to
 * normalized events, a pure reducer, a zustand vanilla store and an SSE transport. No React,
 * no DOM.
 */

export type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from './adapters/adapter.js';
export { createAdapterContext } from './adapters/adapter.js';
export { createAdapter, createAutoAdapter } from './adapters/auto.js';
export {
  chatMessageResponseProtocol,
  createChatMessageResponseAdapter,
} from './adapters/chat-message-response.js';
export type { EventDetails, EventSink } from './adapters/event-sink.js';
export { eventSink } from './adapters/event-sink.js';
export type { FramePipeline, FramePipelineOptions } from './adapters/frame-pipeline.js';
export { createFramePipeline } from './adapters/frame-pipeline.js';
export type { ProtocolOption } from './adapters/protocols.js';
export { builtinProtocols } from './adapters/protocols.js';
export { agUiProtocol, createAgUiAdapter } from './adapters/providers/ag-ui.js';
export { anthropicProtocol, createAnthropicAdapter } from './adapters/providers/anthropic.js';
export { cohereProtocol, createCohereAdapter } from './adapters/providers/cohere.js';
export { createGeminiAdapter, geminiProtocol } from './adapters/providers/gemini.js';
export { createOllamaNativeAdapter, ollamaNativeProtocol } from './adapters/providers/ollama-native.js';
export { createOpenAiChatAdapter, openAiChatProtocol } from './adapters/providers/openai-chat.js';
export {
  createOpenAiResponsesAdapter,
  openAiResponsesProtocol,
} from './adapters/providers/openai-responses.js';
export { createTypedEventsAdapter, typedEventsProtocol } from './adapters/typed-events.js';
export type { ArgumentsResult } from './args/arguments.js';
export { parseArguments } from './args/arguments.js';
export type {
  PartialJsonParser,
  PartialJsonParserOptions,
  PartialJsonResult,
} from './args/partial-json.js';
export { createPartialJsonParser, parsePartialJson } from './args/partial-json.js';
export type { ToolStreamError, ToolStreamErrorCode } from './errors.js';
export { isToolStreamFailure, ToolStreamFailure } from './errors.js';
export type {
  CitationsEvent,
  DoneEvent,
  EventIdEvent,
  ProtocolErrorEvent,
  ReasoningDeltaEvent,
  ServerErrorEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolArgsDeltaEvent,
  ToolCallKind,
  ToolDeltaEvent,
  ToolEndEvent,
  ToolPhaseName,
  ToolStartEvent,
} from './protocol/events.js';
export type {
  ChatMessageResponse,
  SseFrame,
  ToolCallDetails,
  ToolCallResponse,
  ToolEventType,
  TypedEventName,
} from './protocol/wire.js';
export { TOOL_EVENT_TYPES } from './protocol/wire.js';
export type {
  ErrorAction,
  RunEndAction,
  RunInfoAction,
  RunStartAction,
  StatusAction,
  ToolStreamAction,
} from './reducer/actions.js';
export { isOpenStatus, liveStatus } from './reducer/call-status.js';
export { Draft } from './reducer/draft.js';
export { applyActions, reduce } from './reducer/reduce.js';
export type {
  AssistantMessage,
  ChatMessage,
  MessagePart,
  RunInfo,
  RunStatus,
  ToolCall,
  ToolCallStatus,
  ToolPhase,
  ToolStreamState,
  UserMessage,
} from './reducer/state.js';
export { initialState } from './reducer/state.js';
export type { ReduceStreamOptions, StreamInput } from './snapshot/reduce-stream.js';
export { reduceStream, reduceStreamToState } from './snapshot/reduce-stream.js';
export type { SnapshotToolCall, StreamSnapshot } from './snapshot/snapshot.js';
export { messageText, toSnapshot } from './snapshot/snapshot.js';
export type { FrameDecoder, FrameDecoderCallbacks, Framing } from './sse/frame-decoder.js';
export { createFrameDecoder } from './sse/frame-decoder.js';
export type {
  HeadersOption,
  ResumeToken,
  SendInput,
  ToolStreamStore,
  ToolStreamStoreOptions,
} from './store/create-store.js';
export { createToolStreamStore } from './store/create-store.js';
export type { Schedule } from './store/scheduler.js';
export type { ReconnectOptions } from './transport/backoff.js';
export { parseRetryAfter } from './transport/http-failure.js';
export { RUN_ID_HEADER } from './transport/run-stream.js';
export { runUrl } from './transport/run-url.js';
