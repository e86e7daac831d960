/**
 * @toolstream/core/adapters — writing an adapter for a wire format toolstream does not read
 * yet: the adapter contract, the normalized events it emits, toolstream's own two formats (to
 * list beside yours for `auto`), the frame decoder (bytes to SSE or NDJSON frames) and the
 * argument parsers provider formats need. See PROTOCOL.md §7.
 */

export type { ArgumentsResult } from '../args/arguments.js';
export { parseArguments } from '../args/arguments.js';
export type { PartialJsonParser, PartialJsonParserOptions, PartialJsonResult } from '../args/partial-json.js';
export { createPartialJsonParser, parsePartialJson } from '../args/partial-json.js';
export { protocolError } from '../errors.js';
export type {
  CitationsEvent,
  DataEvent,
  DataPart,
  DoneEvent,
  EventDetails,
  EventIdEvent,
  FinishEvent,
  ProtocolErrorEvent,
  ReasoningDeltaEvent,
  ServerErrorEvent,
  StreamEvent,
  TextDeltaEvent,
  ToolArgsDeltaEvent,
  ToolDeltaEvent,
  ToolEndEvent,
  ToolStartEvent,
  UsageEvent,
} from '../protocol/events.js';
export type { ToolEventType, TypedEventName } from '../protocol/wire.js';
export type { FrameDecoder, FrameDecoderCallbacks, Framing } from '../reader/frame-decoder.js';
export { createFrameDecoder } from '../reader/frame-decoder.js';
export type { AdapterContext, AdapterDefinition, Emit, StreamAdapter } from './adapter.js';
export { createAdapterContext } from './adapter.js';
export { defaultProtocols } from './auto.js';
export { chatMessageResponseProtocol } from './chat-message-response.js';
export { typedEventsProtocol } from './typed-events.js';
