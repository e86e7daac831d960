/** An opening code fence: up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A link reference definition or footnote: blocks would no longer see each other's targets. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * Cuts markdown into top-level blocks so a streaming text re-parses only its last block: without
 * this, every chunk re-parses the whole output (quadratic over a long answer). A block ends at a
 * blank line outside a code fence when the next line starts at column 0; indented lines
 * (list continuations, indented code) stay with their block. Text with reference definitions is
 * left whole, since a link may point at a definition in another block.
 */
export function splitBlocks(text: string): string[] {
  return [...extendSplit(null, text).blocks];
}

/** The blocks of a text, with what {@link extendSplit} needs to cut a longer version of it. */
export interface BlockSplit {
  readonly text: string;
  readonly blocks: readonly string[];
  /** Where the last block starts in `text`. */
  readonly lastStart: number;
}

/**
 * The blocks of `text`, reusing `previous` when `text` only grew at its end (a stream): the
 * blocks before the last one cannot change by appending, so only the last block is cut again —
 * O(last block) per update instead of O(text). Any other `previous` is ignored.
 */
export function extendSplit(previous: BlockSplit | null, text: string): BlockSplit {
  if (previous === null || !text.startsWith(previous.text)) {
    return REFERENCE_DEFINITION.test(text) ? whole(text) : cut(text, 0, []);
  }
  if (text.length === previous.text.length) return previous;
  if (previous.lastStart < 0) return whole(text); // its definition is still there
  // A definition can only be new in the part after the last block's start (earlier lines are
  // complete and were checked).
  const tail = text.slice(previous.lastStart);
  if (REFERENCE_DEFINITION.test(tail)) return whole(text);
  return cut(text, previous.lastStart, previous.blocks.slice(0, -1));
}

/** The whole text as one block; `lastStart` -1 keeps it whole however it grows. */
function whole(text: string): BlockSplit {
  return { text, blocks: [text], lastStart: -1 };
}

/** Cuts `text` from `from` (the start of a block) on, after the blocks `before`. */
function cut(text: string, from: number, before: string[]): BlockSplit {
  const lines = (from === 0 ? text : text.slice(from)).split('\n');
  const blocks = before;
  let current: string[] = [];
  let currentStart = from;
  let offset = from; // where the line being read starts
  let fence: string | null = null;
  let sawBlank = false;
  for (const line of lines) {
    const lineStart = offset;
    offset += line.length + 1;
    if (fence !== null) {
      current.push(line);
      const closing = line.match(FENCE);
      if (closing && closing[1]![0] === fence[0] && closing[1]!.length >= fence.length && isBareFence(line)) {
        fence = null;
      }
      continue;
    }
    if (line.trim() === '') {
      current.push(line);
      sawBlank = current.length > 0;
      continue;
    }
    const startsAtColumnZero = line[0] !== ' ' && line[0] !== '\t';
    if (sawBlank && startsAtColumnZero && hasContent(current)) {
      blocks.push(current.join('\n'));
      current = [];
      currentStart = lineStart;
    }
    sawBlank = false;
    current.push(line);
    const opening = line.match(FENCE);
    if (opening) fence = opening[1]!;
  }
  if (current.length > 0 || blocks.length === 0) blocks.push(current.join('\n'));
  return { text, blocks, lastStart: currentStart };
}

function hasContent(lines: readonly string[]): boolean {
  return lines.some((line) => line.trim() !== '');
}

/** A closing fence has nothing after the fence characters but spaces. */
function isBareFence(line: string): boolean {
  return /^ {0,3}(`{3,}|~{3,})\s*$/.test(line);
}
