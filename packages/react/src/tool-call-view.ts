import type { ToolCallState } from '@toolstream/core';

/**
 * A tool call with the field names of the frontend guide's `useToolCallStream` as well, so code
 * written against that hook keeps working: `content` is the text to show (the complete
 * `tool_response` once given, else the parts so far).
 */
export interface ToolCallView extends ToolCallState {
  call_id: string;
  event_type: string;
  tool_name: string;
  content: string;
  tool_call_details: Readonly<Record<string, unknown>>;
  is_complete: boolean;
  is_streaming: boolean;
}

// Views are derived once per call object: an unchanged call keeps the same view.
const views = new WeakMap<ToolCallState, ToolCallView>();

/** The {@link ToolCallView} of a call (memoized by the call's identity). */
export function toolCallView(call: ToolCallState): ToolCallView {
  let view = views.get(call);
  if (view === undefined) {
    const latest = call.result ?? call.call;
    view = {
      ...call,
      call_id: call.id,
      event_type: call.eventType,
      tool_name: call.toolName,
      content: latest.text,
      tool_call_details: call.details,
      is_complete: latest.complete,
      is_streaming: call.status === 'streaming',
    };
    views.set(call, view);
  }
  return view;
}
