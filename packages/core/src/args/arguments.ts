import { createPartialJsonParser, type PartialJsonParser } from './partial-json.js';

/** A call's final arguments: the parsed object, or why the text is not valid arguments. */
export type ArgumentsResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * The final arguments of a complete argument text, with the rules every provider stream needs:
 * `""`, whitespace and `"null"` mean `{}` (zero-argument tools on Anthropic and Cohere); a leading
 * `{}` followed by the real object is dropped (Bedrock gateways). Anything that is not one JSON
 * object is an error: it is reported, never repaired into something runnable.
 */
export function parseArguments(text: string): ArgumentsResult {
  const parser = createPartialJsonParser();
  parser.push(text);
  return finishArguments(parser);
}

/** Finishes a parser that has read a call's whole argument text (see {@link parseArguments}). */
export function finishArguments(parser: PartialJsonParser): ArgumentsResult {
  parser.finish();
  if (parser.error !== null) return { ok: false, error: `invalid JSON: ${parser.error}` };
  if (!parser.started) return { ok: true, value: {} };
  if (!parser.complete) return { ok: false, error: 'the JSON text ends early' };
  const value = parser.value();
  if (value === null) return { ok: true, value: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      error: `the arguments are ${Array.isArray(value) ? 'an array' : typeof value}, not an object`,
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * What a streaming call shows as its arguments so far: the parser's partial value, with nothing
 * yet and `null` shown as `empty` (an `{}` the caller keeps, so the value keeps its identity).
 */
export function partialArguments(parser: PartialJsonParser, empty: object): unknown {
  const value = parser.value();
  return value === undefined || value === null ? empty : value;
}
