import type { ChatMessageResponse, ToolCallResponse } from '@toolstream/core';
import { compareState, type ObservedCall } from '../workload.js';
import { type Contender, readEvents } from './contender.js';

/**
 * The call state of the frontend guide's `useToolCallStream` example (seed 001). The guide's
 * interface omits `tool_response`, but its update path sets it through the spread, so it is here.
 */
interface ToolCallState {
  call_id: string;
  event_type: string;
  tool_name: string;
  content: string;
  tool_response?: string;
  tool_call_details: Record<string, unknown>;
  is_complete: boolean;
}

/**
 * The guide's `useToolCallStream` without React: `useRef` and `useState` become two variables;
 * `processChunk` is the guide's, line for line — a copy of the whole call map per chunk with tool
 * calls (`new Map(toolCallsRef.current)`), the update, and a second copy handed to
 * `setToolCalls(new Map(updated))`; `appendMessageContent` is a string append. The re-render
 * React would schedule is not counted.
 */
function createReferenceHook() {
  let toolCallsRef = new Map<string, ToolCallState>();
  let toolCalls = toolCallsRef;
  let message = '';

  const processChunk = (response: ChatMessageResponse) => {
    if (response.message) message += response.message;
    if (!response.tool_calls || response.tool_calls.length === 0) return;

    const updated = new Map(toolCallsRef);
    response.tool_calls.forEach((toolCall: ToolCallResponse) => {
      const { call_id, stream_part, is_complete, tool_response, tool_call_details } = toolCall;
      if (stream_part !== undefined && stream_part !== null) {
        // Streaming update
        const existing = updated.get(call_id);
        if (existing) {
          updated.set(call_id, {
            ...existing,
            content: existing.content + stream_part,
            tool_response: tool_response || existing.content + stream_part,
            is_complete: is_complete || false,
          });
        } else {
          updated.set(call_id, {
            call_id,
            event_type: toolCall.event_type,
            tool_name: toolCall.tool_name,
            content: stream_part,
            tool_call_details: tool_call_details || {},
            is_complete: is_complete || false,
          });
        }
      } else {
        // Complete tool call
        updated.set(call_id, {
          call_id,
          event_type: toolCall.event_type,
          tool_name: toolCall.tool_name,
          content: tool_response,
          tool_call_details: tool_call_details || {},
          is_complete: true,
        });
      }
    });
    toolCallsRef = updated;
    toolCalls = new Map(updated); // setToolCalls(new Map(updated))
  };

  return { processChunk, state: () => ({ toolCalls, message }) };
}

/** (b) The reference hook, fed by the same decoder and parser as the floor. */
export const referenceHookContender: Contender = {
  key: 'reference',
  label: '(b) reference hook (Map copy per chunk)',
  prepare({ pieces }) {
    const hook = createReferenceHook();
    return {
      run: (probe) => readEvents(pieces, probe, (event) => hook.processChunk(JSON.parse(event.data))),
      check(expected) {
        const { toolCalls, message } = hook.state();
        const calls = new Map<string, ObservedCall>();
        for (const [id, call] of toolCalls) {
          const parent = call.tool_call_details.parent_call_id;
          // The guide's display logic: complete → tool_response, else the accumulated parts.
          const output = call.is_complete ? (call.tool_response ?? call.content) : call.content;
          calls.set(id, {
            output,
            complete: call.is_complete,
            parentId: typeof parent === 'string' ? parent : null,
          });
        }
        return compareState(expected, message, calls);
      },
    };
  },
};
