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
  if (REFERENCE_DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let sawBlank = false;
  for (const line of lines) {
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
    }
    sawBlank = false;
    current.push(line);
    const opening = line.match(FENCE);
    if (opening) fence = opening[1]!;
  }
  if (current.length > 0 || blocks.length === 0) blocks.push(current.join('\n'));
  return blocks;
}

function hasContent(lines: readonly string[]): boolean {
  return lines.some((line) => line.trim() !== '');
}

/** A closing fence has nothing after the fence characters but spaces. */
function isBareFence(line: string): boolean {
  return /^ {0,3}(`{3,}|~{3,})\s*$/.test(line);
}
