import { type ArgumentsResult, finishArguments, parseArguments, partialArguments } from './arguments.js';
import { createPartialJsonParser, type PartialJsonParser } from './partial-json.js';

/**
 * The reducer's memory of argument parsers. State must stay plain data, so the parser of each
 * streaming call lives here, keyed by the call object it last produced. A lookup is trusted
 * only when the parser has read exactly the call's current text (the same string, so the check
 * is a pointer comparison): an older state, a restored one or a diverging branch simply gets a
 * fresh parser that re-reads the text once. Entries go away with the call objects.
 */
const parsers = new WeakMap<object, Entry>();

interface Entry {
  /** The text the parser has read. */
  text: string;
  parser: PartialJsonParser;
  /** What an empty text shows, kept so the value keeps its identity while only whitespace arrives. */
  empty: object;
}

/** A call's argument text after a delta, and the arguments it shows so far. */
export interface ArgumentsUpdate {
  text: string;
  value: unknown;
}

/**
 * Appends `delta` to the argument text of a call. `previous` is the call object holding
 * `previousText`; `next` is the object that will hold the new text (often the same one).
 * Costs O(delta) plus the copy of the open containers of the partial value.
 */
export function appendArguments(
  previous: object,
  previousText: string | null,
  delta: string,
  next: object,
): ArgumentsUpdate {
  const before = previousText ?? '';
  const text = before + delta;
  let entry = parsers.get(previous);
  if (entry !== undefined && entry.text === before) {
    entry.parser.push(delta);
    entry.text = text;
  } else {
    const parser = createPartialJsonParser();
    parser.push(text);
    entry = { text, parser, empty: {} };
  }
  parsers.set(next, entry);
  return { text, value: partialArguments(entry.parser, entry.empty) };
}

/** The final arguments of a call whose argument text is `text` (see `parseArguments`). */
export function finishCallArguments(previous: object, text: string): ArgumentsResult {
  const entry = parsers.get(previous);
  if (entry === undefined || entry.text !== text) return parseArguments(text);
  parsers.delete(previous);
  return finishArguments(entry.parser);
}
