/** Small builders for SSE streams in tests: events of the primary protocol and their wire text. */

/** One SSE event as a server writes it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** The `data` of a primary-protocol frame that appends `text` to the assistant message. */
export function textData(text: string): string {
  return JSON.stringify({ message: text, citations: [], tool_calls: [] });
}

/** One text event per part, with ids `<prefix>1`, `<prefix>2`… */
export function textEvents(parts: readonly string[], prefix = 'e'): SseEvent[] {
  return parts.map((part, index) => ({ id: `${prefix}${index + 1}`, data: textData(part) }));
}

/** An event's wire text, blank line included. Multi-line data becomes several `data:` lines. */
export function encodeEvent(event: SseEvent): string {
  let text = '';
  if (event.id !== undefined) text += `id: ${event.id}\n`;
  if (event.event !== undefined) text += `event: ${event.event}\n`;
  for (const line of event.data.split('\n')) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The wire text of a whole stream, optionally opened with the server's `retry:` advice. */
export function encodeStream(events: readonly SseEvent[], retryMs?: number): string {
  const head = retryMs === undefined ? '' : `retry: ${retryMs}\n\n`;
  return head + events.map(encodeEvent).join('');
}

/** The `data` of a primary-protocol frame carrying one part of a tool call's `call` phase. */
export function toolPartData(
  callId: string,
  part: string,
  options: { complete?: boolean; response?: string } = {},
): string {
  return JSON.stringify({
    message: '',
    citations: [],
    tool_calls: [
      {
        call_id: callId,
        event_type: 'call',
        tool_name: 'search',
        tool_response: options.response ?? '',
        tool_call_details: {},
        stream_part: part,
        is_complete: options.complete ?? false,
      },
    ],
  });
}
