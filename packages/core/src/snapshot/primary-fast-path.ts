import {
  CALL_CLOSED,
  CALL_OPENED,
  type CallEntry,
  RESULT_CLOSED,
  RESULT_OPENED,
  stringOrNull,
  toolError,
  toolPhaseOf,
} from '../adapters/chat-message-response.js';
import { EventIdLog } from '../adapters/event-id-log.js';
import type { EventDetails } from '../adapters/event-sink.js';
import { isRecord } from '../adapters/frame-json.js';
import type { ToolPhaseName } from '../protocol/events.js';
import type { SseFrame, ToolEventType } from '../protocol/wire.js';
import { liveStatus } from '../reducer/call-status.js';
import { newPhase, newToolCall } from '../reducer/new-call.js';
import type { OpenReducer } from '../reducer/reduce.js';
import { awaitsContent } from '../reducer/run-status.js';
import type {
  AssistantMessage,
  MessagePart,
  ToolCall,
  ToolPhase,
  ToolStreamState,
} from '../reducer/state.js';

/**
 * `reduceStream`'s fast path for the primary protocol: reads well-formed `ChatMessageResponse`
 * frames straight into the state that `reduceStream` builds in place, doing the work of the frame
 * pipeline, the adapter and the reducer in one pass, with no normalized events and no
 * copy-on-write. It writes what the reducer would write for the same frames (a call made by the
 * same constructor, new-call.ts; phases started, streamed and ended as the reducer's
 * `tool-start`, `tool-delta` and `tool-end` do when nothing is wrong); citations go through the
 * reducer itself. Anything unusual is not its business (below), so it needs none of the
 * reducer's error handling.
 *
 * It reads a prefix of the stream. On the first frame that is not plainly well formed (not JSON,
 * another protocol, a lifecycle event, a field of the wrong type, a part after completion, a
 * tool's failure…) it stops for good and hands that frame — or the entries of it it has not
 * applied — to the general path, which reports what is wrong exactly as it always does. The
 * general path then continues from what the fast path knew: its SSE ids
 * ({@link PrimaryFastPath.appliedIds}) and its calls ({@link PrimaryFastPath.adapterCalls}, the
 * adapter's own bookkeeping). Tests hold both paths to the same final state on every stream.
 */
export interface PrimaryFastPath {
  /**
   * Reads one frame. Returns `null` when the frame was applied (or dropped as an SSE id already
   * applied); otherwise the fast path has stopped, and the returned frame is what the general
   * path must read: the frame itself (its id not yet recorded), or, when the frame was applied in
   * part, one with the same data carrying only the `tool_calls` entries not yet applied and no id
   * (it is recorded already).
   */
  push(frame: SseFrame): SseFrame | null;
  /** Whether any frame was read: the stream is then known to be of the primary protocol. */
  readonly started: boolean;
  /** The SSE ids applied; the general path goes on with the same log. */
  readonly appliedIds: EventIdLog;
  /** The id of the last frame read that had one. */
  readonly lastEventId: string | null;
  /** `call_id` → what the adapter must know of each call, for the general path to go on. */
  adapterCalls(): Map<string, CallEntry>;
}

/**
 * Opens the fast path on `reducer`, whose state must be built in place (a `Draft` with
 * `inPlace`) after a `run-start`.
 */
export function createPrimaryFastPath(reducer: OpenReducer): PrimaryFastPath {
  const state: ToolStreamState = reducer.state;
  // Wire `call_id` → the call in state. What the adapter tracks per call (the phases opened and
  // closed, the id string it passes on) is read off the call itself: while every frame is well
  // formed, the two never disagree (see `adapterCalls`).
  const calls = new Map<string, ToolCall>();
  const appliedIds = new EventIdLog();
  let lastEventId: string | null = null;
  let started = false;
  let stopped = false;

  const message = (): AssistantMessage => {
    const messages = state.messages;
    return messages[messages.length - 1] as AssistantMessage;
  };

  // The reducer's `#markStreaming`: the first content of a run makes it `streaming`.
  const markStreaming = () => {
    if (awaitsContent(state.status)) state.status = 'streaming';
  };

  const appendText = (text: string) => {
    markStreaming();
    const parts = message().parts as MessagePart[];
    const last = parts[parts.length - 1];
    if (last !== undefined && last.type === 'text') last.text += text;
    else parts.push({ type: 'text', text });
  };

  /**
   * Reads one `tool_calls` entry; `false` (with nothing applied) when the general path must.
   * Most entries of a long run are one more piece of a phase already open: those are applied
   * here, with the checks their fields need; everything else goes on to `readOther`.
   */
  const readEntry = (value: unknown): boolean => {
    // An array has no `call_id`: it fails the next check without an `Array.isArray`.
    if (typeof value !== 'object' || value === null) return false;
    const entry = value as Record<string, unknown>;
    const wireId = entry.call_id;
    if (typeof wireId !== 'string' || wireId === '') return false;
    const eventType = entry.event_type;
    const phase = toolPhaseOf(eventType);
    if (phase === null) return false;
    const rawDetails = entry.tool_call_details;
    let details: EventDetails = null;
    if (rawDetails !== undefined && rawDetails !== null) {
      if (typeof rawDetails !== 'object' || Array.isArray(rawDetails)) return false;
      details = rawDetails as EventDetails;
    }
    const part = entry.stream_part;
    const call = calls.get(wireId);
    if (typeof part === 'string') {
      if (call !== undefined && entry.is_complete === false) {
        const target = phase === 'call' ? call.call : call.result;
        if (target !== null) {
          if (target.complete) return false; // a part after completion: the adapter reports it
          // One more piece of an open phase. The run is `streaming` already: the entry that
          // created the call made it so, and nothing on the fast path changes it back.
          appendPart(call, target, part, details);
          return true;
        }
      }
    } else if (part !== undefined && part !== null) return false;
    return readOther(entry, wireId, eventType as ToolEventType, phase, details, part, call);
  };

  /**
   * The rest of {@link readEntry}: a new call, the start of a result, or an end. The entry's
   * fields have the right types already.
   */
  const readOther = (
    entry: Record<string, unknown>,
    wireId: string,
    eventType: ToolEventType,
    phase: ToolPhaseName,
    details: EventDetails,
    part: string | null | undefined,
    known: ToolCall | undefined,
  ): boolean => {
    // A part after completion: the adapter reports it. (A result's start completes the call phase.)
    if (known !== undefined && (phase === 'call' ? known.call : known.result)?.complete) return false;
    const ends = typeof part !== 'string' || entry.is_complete !== false;
    if (ends && toolError(details) !== null) return false; // the tool failed

    // From here on the entry is applied, exactly as the adapter and the reducer would.
    markStreaming();
    let call = known;
    if (call === undefined) {
      call = createCall(wireId, eventType, phase, entry.tool_name, details);
      calls.set(wireId, call);
      details = null; // carried by the start
    } else if (phase === 'result' && call.result === null) {
      startResult(call, eventType, entry.tool_name, details);
      details = null;
    }

    if (typeof part === 'string') {
      appendPart(call, (phase === 'call' ? call.call : call.result)!, part, details);
      if (!ends) return true;
      const toolResponse = entry.tool_response;
      endPhase(
        call,
        phase,
        typeof toolResponse === 'string' && toolResponse !== '' ? toolResponse : null,
        null,
      );
      return true;
    }
    const toolResponse = entry.tool_response;
    endPhase(call, phase, typeof toolResponse === 'string' ? toolResponse : '', details);
    return true;
  };

  /** The reducer's `tool-start` for a new call (its `#createCall`), in place. */
  const createCall = (
    callId: string,
    eventType: ToolEventType,
    phase: ToolPhaseName,
    toolName: unknown,
    details: EventDetails,
  ): ToolCall => {
    const now = reducer.now;
    const wireParent = stringOrNull(details?.parent_call_id);
    const parentCallId = wireParent === null ? null : (calls.get(wireParent)?.id ?? wireParent);
    const start = {
      callId,
      phase,
      toolName: typeof toolName === 'string' ? toolName : '',
      kind: eventType === 'delegation_call' || eventType === 'delegation_result' ? 'delegation' : 'tool',
      parentCallId,
      agent: stringOrNull(details?.agent),
      eventType,
    } as const;
    const callPhase = newPhase(now);
    const call = newToolCall(start, state.run.messageId, { ...details }, callPhase, now);
    if (phase === 'result') {
      // The call phase was never sent: it happened, but only the result was seen.
      callPhase.complete = true;
      callPhase.completedAt = now;
      call.result = newPhase(now);
    }
    // The fast path is the only writer of calls so far: an id it has not seen is not in state.
    (state.calls as Record<string, ToolCall>)[callId] = call;
    (state.callOrder as string[]).push(callId);
    if (parentCallId === null) {
      (message().parts as MessagePart[]).push({ type: 'tool-call', callId });
    } else {
      const children = state.children as Record<string, string[]>;
      const siblings = children[parentCallId];
      if (siblings === undefined) children[parentCallId] = [callId];
      else siblings.push(callId);
    }
    return call;
  };

  /** The reducer's `tool-start` of a result phase for a known call, in place. */
  const startResult = (
    call: ToolCall,
    eventType: ToolEventType,
    toolName: unknown,
    details: EventDetails,
  ) => {
    if (typeof toolName === 'string' && toolName !== '' && call.toolName === '') call.toolName = toolName;
    if (details !== null) {
      mergeDetails(call, details);
      const agent = stringOrNull(details.agent);
      if (agent !== null && call.agent === null) call.agent = agent;
    }
    if (call.result === null) {
      const now = reducer.now;
      if (!call.call.complete) {
        call.call.complete = true;
        call.call.completedAt = now;
      }
      call.result = newPhase(now);
    }
    call.phase = 'result';
    call.eventType = eventType;
    if (eventType === 'delegation_result') call.kind = 'delegation';
    call.status = liveStatus(call);
  };

  /** The reducer's `tool-end`, in place (no error: a failing tool leaves the fast path). */
  const endPhase = (call: ToolCall, phase: ToolPhaseName, output: string | null, details: EventDetails) => {
    const target = (phase === 'call' ? call.call : call.result)!;
    const now = reducer.now;
    if (output !== null) target.text = output;
    target.complete = true;
    target.completedAt = now;
    if (details !== null) mergeDetails(call, details);
    call.status = liveStatus(call);
    if (call.status === 'complete') call.completedAt = now;
  };

  const mergeDetails = (call: ToolCall, details: Readonly<Record<string, unknown>>) => {
    const merged = call.details as Record<string, unknown>;
    for (const key in details) {
      const detail = details[key];
      if (merged[key] !== detail) merged[key] = detail;
    }
  };

  /**
   * The reducer's `tool-delta`, in place, on `target`: the call's latest phase, open (its start
   * came first, and the entry's checks hold).
   */
  const appendPart = (call: ToolCall, target: ToolPhase, part: string, details: EventDetails) => {
    target.text += part;
    if (details !== null) mergeDetails(call, details);
    if (call.status === 'streaming') return; // nearly always: one more piece
    target.streamed = true;
    call.status = liveStatus(call);
  };

  /** A frame for the general path: the entries of `toolCalls` from `index` on. */
  const rest = (frame: SseFrame, toolCalls: unknown[], index: number): SseFrame => ({
    event: frame.event,
    data: frame.data,
    json: { tool_calls: index === 0 ? toolCalls : toolCalls.slice(index) },
  });

  return {
    get started() {
      return started;
    },
    appliedIds,
    get lastEventId() {
      return lastEventId;
    },
    adapterCalls() {
      const entries = new Map<string, CallEntry>();
      for (const [wireId, call] of calls) {
        let bits = CALL_OPENED;
        if (call.call.complete) bits |= CALL_CLOSED;
        if (call.result !== null) bits |= RESULT_OPENED | (call.result.complete ? RESULT_CLOSED : 0);
        entries.set(wireId, { bits, id: call.id });
      }
      return entries;
    },
    push(frame) {
      if (stopped) return frame;
      let json: unknown;
      // No look at the first character before parsing: data that is not a JSON object fails the
      // parse or the record check below, and either way the fast path stops for good (one
      // exception at most per stream).
      if (frame.event === undefined || frame.event === 'message') {
        try {
          json = JSON.parse(frame.data);
        } catch {
          json = undefined;
        }
      }
      if (!isRecord(json)) return stop(frame, undefined);
      const { message: text, citations, tool_calls: toolCalls } = json;
      // What `auto` recognises as the primary protocol, with every field of the right type.
      if (!Array.isArray(toolCalls) && typeof text !== 'string') return stop(frame, json);
      if (text !== undefined && text !== null && typeof text !== 'string') return stop(frame, json);
      if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls))
        return stop(frame, json);
      if (citations !== undefined && citations !== null && !Array.isArray(citations))
        return stop(frame, json);
      const id = frame.id;
      if (id !== undefined && id !== '') {
        if (!appliedIds.addIfNew(id)) return null; // already applied: dropped, as the pipeline does
        lastEventId = id;
      }
      started = true;
      if (typeof text === 'string' && text !== '') appendText(text);
      if (Array.isArray(citations) && citations.length > 0) {
        reducer.apply({
          type: 'citations',
          citations: citations.filter((c): c is string => typeof c === 'string'),
        });
      }
      if (Array.isArray(toolCalls)) {
        for (let index = 0; index < toolCalls.length; index++) {
          if (!readEntry(toolCalls[index])) {
            stopped = true;
            return rest(frame, toolCalls, index);
          }
        }
      }
      return null;
    },
  };

  /**
   * Stops the fast path on a frame it did not apply: the general path reads all of it (with the
   * parse already done, when there was one).
   */
  function stop(frame: SseFrame, json: unknown): SseFrame {
    stopped = true;
    return json === undefined ? frame : { ...frame, json };
  }
}
