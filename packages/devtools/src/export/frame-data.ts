import type { SseFrame } from '@toolstream/core';

/**
 * A frame's data as text: the data itself, or — for a payload handed over parsed (`ingest(object)`)
 * — its JSON. A payload JSON cannot write (a cycle, a hand-made value) is said, not thrown.
 */
export function frameDataText(frame: SseFrame): string {
  if (frame.data !== '' || frame.json === undefined) return frame.data;
  try {
    return JSON.stringify(frame.json) ?? '';
  } catch {
    return '(a payload that cannot be written as JSON)';
  }
}
