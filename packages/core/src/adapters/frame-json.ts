import { describeValue } from '../errors.js';
import type { SseFrame } from '../protocol/wire.js';

/**
 * Parses a frame's data as a JSON object or array; `undefined` when it is anything else. Every
 * protocol we read sends objects, so plain-text data (typed `message` events) skips the parser
 * and its exception path.
 */
export function frameJson(frame: SseFrame): unknown {
  if (frame.json !== undefined) return frame.json;
  const data = frame.data;
  const first = data.charCodeAt(0);
  if (first !== 123 /* { */ && first !== 91 /* [ */) {
    const trimmed = data.trimStart();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  }
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Whether a value is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The frame's data as text, for error excerpts (frames handed over as parsed objects have none).
 * A value that cannot be written as JSON (nested too deep, cyclic, a BigInt) is described instead.
 */
export function frameText(frame: SseFrame): string {
  if (frame.data !== '' || frame.json === undefined) return frame.data;
  try {
    return JSON.stringify(frame.json) ?? describeValue(frame.json);
  } catch {
    return `(${describeValue(frame.json)} that cannot be written as JSON)`;
  }
}
