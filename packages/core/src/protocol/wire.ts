/**
 * Wire types of the protocols toolstream reads natively. Provider formats (OpenAI, Anthropic…)
 * have their own adapters and types beside them.
 */

/** The `event_type` values of the primary protocol. */
export type ToolEventType = 'call' | 'result' | 'delegation_call' | 'delegation_result';

/**
 * `tool_call_details` of a {@link ToolCallResponse}: metadata of a tool call. `parent_call_id`
 * nests a call under a delegation; `agent` names the sub-agent; `error` (or `status: "error"`)
 * marks a failed tool.
 */
export interface ToolCallResponseDetails {
  summary?: string;
  parent_call_id?: string;
  agent?: string;
  [key: string]: unknown;
}

/** One tool-call update inside a {@link ChatMessageResponse} (primary protocol). */
export interface ToolCallResponse {
  /** Identifies the call; chunks with the same id belong to the same call. */
  call_id: string;
  event_type: ToolEventType;
  tool_name: string;
  /** Full text of the phase. May be empty or partial while streaming; when given on the final chunk it wins. */
  tool_response: string;
  tool_call_details: ToolCallResponseDetails;
  /** A piece of the phase's text. Absent or `null`: this chunk is a complete update. */
  stream_part?: string | null;
  /** `false` while more parts follow. Defaults to `true`. */
  is_complete?: boolean;
}

/** The JSON in each SSE `data:` of the primary protocol. */
export interface ChatMessageResponse {
  /** Assistant text to append (may be empty for tool-only updates). */
  message: string;
  /** Sources (URLs or file names) for the answer. */
  citations: string[];
  tool_calls: ToolCallResponse[];
}

/**
 * SSE event names of the typed-events protocol: `message` carries a text chunk, `tool_start` /
 * `tool_end` a tool name, `error` a message, `done` nothing.
 */
export type TypedEventName = 'message' | 'tool_start' | 'tool_end' | 'error' | 'done';

/** One SSE event as the transport hands it to an adapter. */
export interface SseFrame {
  /** The SSE `event:` field; `undefined` means the default (`message`). */
  event?: string | undefined;
  /** The SSE `data:` field (lines joined with `\n`). */
  data: string;
  /** The SSE `id:` field of this event, if it had one. */
  id?: string | undefined;
  /**
   * The already-parsed JSON of `data`, when the caller has it (for example `ingest(object)`),
   * so adapters do not parse twice.
   */
  json?: unknown;
}
