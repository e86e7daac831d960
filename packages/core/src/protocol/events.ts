import type { ToolStreamError } from '../errors.js';

/**
 * Normalized events: what every adapter emits and the reducer folds. Kebab-case `type`
 * discriminant (as the AI SDK's UI message chunks). Adapters for new wire formats only need to
 * emit these; the reducer never sees a wire format.
 */

/** A tool call has up to two phases: the call itself, then its result. */
export type ToolPhaseName = 'call' | 'result';

/** A plain tool call, or a delegation to a sub-agent whose calls nest under it. */
export type ToolCallKind = 'tool' | 'delegation';

/** Assistant text to append to the current message. */
export interface TextDeltaEvent {
  type: 'text-delta';
  delta: string;
}

/** Thinking / reasoning text, kept apart from the answer. */
export interface ReasoningDeltaEvent {
  type: 'reasoning-delta';
  delta: string;
}

/** Citations (file names or URLs) for the current message. */
export interface CitationsEvent {
  type: 'citations';
  citations: readonly string[];
}

/** A phase of a tool call begins (the first chunk seen for that `callId` and phase). */
export interface ToolStartEvent {
  type: 'tool-start';
  callId: string;
  phase: ToolPhaseName;
  toolName: string;
  kind: ToolCallKind;
  parentCallId: string | null;
  agent: string | null;
  /** The wire's own name for this phase (`delegation_result`…), shown as `event_type` in snapshots. */
  eventType: string;
  details: Readonly<Record<string, unknown>> | null;
}

/** A piece of a phase's text (`stream_part`). */
export interface ToolDeltaEvent {
  type: 'tool-delta';
  callId: string;
  phase: ToolPhaseName;
  delta: string;
  /** Details that came with this piece, merged over the earlier ones. */
  details: Readonly<Record<string, unknown>> | null;
}

/**
 * A piece of a call's raw argument JSON, as provider streams send it. The reducer keeps the
 * text and parses it incrementally, so the call shows its partial arguments while they stream.
 * An empty `delta` still marks the call as one that has arguments (`""` means `{}`).
 */
export interface ToolArgsDeltaEvent {
  type: 'tool-args-delta';
  callId: string;
  delta: string;
  /**
   * The partial arguments as the adapter already has them, for formats that stream structured
   * arguments rather than JSON text (Vertex `partialArgs`). Shown instead of the reducer's own
   * parse; an adapter that sets it must also give the final `args` or `argsText` at `tool-end`.
   */
  args?: unknown;
}

/** A phase completes. */
export interface ToolEndEvent {
  type: 'tool-end';
  callId: string;
  phase: ToolPhaseName;
  /** The complete text when the wire gave one; it replaces the accumulated parts. */
  output: string | null;
  details: Readonly<Record<string, unknown>> | null;
  /** Set when the tool reported a failure. */
  error: string | null;
  /**
   * Call phase only: the complete raw argument text when the wire gave one (OpenAI Responses
   * `function_call_arguments.done`); it replaces the accumulated deltas.
   */
  argsText?: string;
  /**
   * Call phase only: the final arguments as the adapter already has them (an object the wire
   * sent whole, or `{input}` for free-form tool input); used instead of parsing the text.
   */
  args?: Readonly<Record<string, unknown>>;
}

/** A frame could not be understood; recorded, never thrown. */
export interface ProtocolErrorEvent {
  type: 'protocol-error';
  error: ToolStreamError;
}

/** The server reported an error inside the stream (`event: error`). */
export interface ServerErrorEvent {
  type: 'server-error';
  error: ToolStreamError;
}

/** The server said the stream is complete (`event: done`, `[DONE]`…). */
export interface DoneEvent {
  type: 'done';
}

/** The SSE id of the frame just applied, kept so a run can be resumed with `Last-Event-ID`. */
export interface EventIdEvent {
  type: 'event-id';
  id: string;
}

/** Everything an adapter may emit. */
export type StreamEvent =
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | CitationsEvent
  | ToolStartEvent
  | ToolDeltaEvent
  | ToolArgsDeltaEvent
  | ToolEndEvent
  | ProtocolErrorEvent
  | ServerErrorEvent
  | DoneEvent
  | EventIdEvent;
