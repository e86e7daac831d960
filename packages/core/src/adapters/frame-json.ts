import { describeValue, EXCERPT_LENGTH } from '../errors.js';
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
 * The frame's data as text, for error excerpts. Frames handed over as parsed values have none:
 * the start of their JSON text is written instead (see {@link jsonStart}), which is all an
 * excerpt keeps — so a bad entry in a megabyte payload costs an excerpt, not the payload.
 */
export function frameText(frame: SseFrame): string {
  if (frame.data !== '' || frame.json === undefined) return frame.data;
  return jsonStart(frame.json, EXCERPT_LENGTH + 1);
}

/** One array or object being written: its entries, and the next one. */
interface Open {
  values: readonly unknown[];
  /** Object keys (`null` for an array). */
  keys: readonly string[] | null;
  index: number;
}

/**
 * The first `limit` characters of `JSON.stringify(value)` (all of it when shorter), for the JSON
 * values a stream can carry. Written with a stack of its own rather than by recursion, and stopping at
 * `limit`: a value nested twenty thousand deep (which `JSON.parse` reads but `JSON.stringify`
 * cannot write), a cyclic one or a huge one costs no more than its start. Values JSON has no
 * place for are written as `JSON.stringify` would write them where it can (`undefined` as `null`).
 */
export function jsonStart(value: unknown, limit: number): string {
  let out = '';
  const stack: Open[] = [];
  let next: unknown = value;
  let pending = true;
  while (out.length < limit) {
    if (pending) {
      pending = false;
      if (Array.isArray(next)) {
        out += '[';
        stack.push({ values: next, keys: null, index: 0 });
      } else if (typeof next === 'object' && next !== null) {
        const keys = Object.keys(next);
        out += '{';
        stack.push({ values: keys.map((key) => (next as Record<string, unknown>)[key]), keys, index: 0 });
      } else {
        out += primitiveStart(next, limit);
      }
    }
    const top = stack.at(-1);
    if (top === undefined) break;
    if (top.index < top.values.length) {
      const index = top.index++;
      if (index > 0) out += ',';
      if (top.keys !== null) out += `${primitiveStart(top.keys[index], limit)}:`;
      next = top.values[index];
      pending = true;
    } else {
      out += top.keys === null ? ']' : '}';
      stack.pop();
    }
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

/**
 * A primitive as JSON, a long string cut first: one code unit past `limit`, so that its first
 * `limit` characters as JSON are the whole string's (a pair split by the cut, or the closing
 * quote, come later).
 */
function primitiveStart(value: unknown, limit: number): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > limit ? value.slice(0, limit + 1) : value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? 'null' : `(${describeValue(value)})`;
}
