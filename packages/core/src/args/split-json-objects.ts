import { createPartialJsonParser } from './partial-json.js';

/**
 * Splits text made of two or more JSON objects back to back (`{…}{…}`, whitespace between
 * allowed) into the text of each. Leading empty objects are dropped (`{}{…}` is one document,
 * see `parseArguments`). Returns `null` unless the whole text is at least two valid objects:
 * some OpenAI-compatible servers put several calls' arguments into one call this way, and this
 * is the last-resort check before treating them as separate calls. O(length).
 */
export function splitJsonObjects(text: string): string[] | null {
  const documents: string[] = [];
  let start = 0;
  for (;;) {
    while (start < text.length && isWhitespace(text.charCodeAt(start))) start++;
    if (start >= text.length) break;
    if (text.charCodeAt(start) !== 123 /* { */) return null;
    const parser = createPartialJsonParser({ dropEmptyPrefix: false });
    // The parser stops at the first character after the document, so each one is read once.
    parser.push(start === 0 ? text : text.slice(start));
    if (parser.documentEnd < 0) return null;
    const end = start + parser.documentEnd;
    const value = parser.value() as Record<string, unknown>;
    let empty = true;
    for (const _ in value) {
      empty = false;
      break;
    }
    if (!empty || documents.length > 0) documents.push(text.slice(start, end));
    start = end;
  }
  return documents.length >= 2 ? documents : null;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}
