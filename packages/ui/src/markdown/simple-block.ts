/**
 * Recognises the markdown blocks streamed tool output is mostly made of — a line of words, with
 * `**strong**` runs, then perhaps a `- ` bullet list of the same — so they render without the
 * markdown parser. The block being streamed is re-rendered every frame; one pass over its lines
 * here instead of the parser is most of a frame's markdown work saved.
 *
 * Deliberately narrow: anything that could be other syntax (`_~\`[]!<>&#|\\*` outside a
 * `**strong**` pair, `:` of a URL, `www.` of an autolink, an ordered-list marker, indentation,
 * a paragraph of several lines, a line after a list that is not an item) goes to the parser. The
 * markdown tests check that both give the same DOM for every text this accepts.
 */

/** A run of inline text: plain, or the inside of a `**strong**` pair. */
export interface InlineRun {
  readonly text: string;
  readonly strong: boolean;
}

/** A block this module recognised: a paragraph line and/or a tight bullet list. */
export interface SimpleBlock {
  /** The paragraph's runs; `null` when the block is only a list. */
  readonly paragraph: readonly InlineRun[] | null;
  /** Each list item's runs (empty: no list). */
  readonly items: readonly (readonly InlineRun[])[];
}

/**
 * Characters that are never markdown syntax where this module lets them through: besides words
 * and everyday punctuation, `_` inside a word (`call_id`: flanked by letters it cannot emphasise)
 * and `:` before a space or the end (a label, not a URL's scheme).
 */
const PLAIN_RUN =
  /^(?:[\p{L}\p{N}\p{M} ,.;'"?()%/+=\-\u2013\u2014\u2026\u2018\u2019\u201c\u201d]|(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])|:(?= |$))*$/u;
/** What a line's text must start with: a letter or digit (not `-`, `#`, `>`, `+`, a space…). */
const STARTS_PLAIN = /^[\p{L}\p{N}]/u;
/** `1.` or `1)` at the start opens an ordered list; `www.` anywhere starts an autolink. */
const NOT_PLAIN = /^\p{N}+[.)]|www\./iu;

const ITEM_MARKER = '- ';
const LEADING_SPACES = /^ {1,3}(?! )/;
/** The inside of a `**strong**` pair begins and ends with a letter or digit. */
const WORD_EDGES = /^[\p{L}\p{N}](?:.*[\p{L}\p{N}])?$/su;
/** What may follow a closing `**`: the line's end, a space, or closing punctuation. */
const FOLLOWS_STRONG = /^(?:$|[ ,.;?)])/;

/** The block's structure when it is one this module renders itself, else `null`. */
export function simpleBlock(block: string): SimpleBlock | null {
  // Blank lines before and after the block are not part of it (a text may start with one).
  let start = 0;
  while (start < block.length && block.charCodeAt(start) === 10 /* \n */) start++;
  let end = block.length;
  while (end > start && block.charCodeAt(end - 1) === 10) end--;
  if (end === start) return null;
  const lines = (start === 0 && end === block.length ? block : block.slice(start, end)).split('\n');
  let paragraph: InlineRun[] | null = null;
  const items: InlineRun[][] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = i === lines.length - 1 ? lines[i]!.trimEnd() : lines[i]!;
    // Up to three spaces before a paragraph are not indentation (streamed output often starts
    // with the space before its first word); four would be a code block.
    if (i === 0) line = line.replace(LEADING_SPACES, '');
    const isItem = line.startsWith(ITEM_MARKER);
    if (!isItem && i > 0) return null; // a second paragraph line, or text after the list
    const runs = inlineRuns(isItem ? line.slice(ITEM_MARKER.length) : line);
    if (runs === null) return null;
    if (isItem) items.push(runs);
    else paragraph = runs;
  }
  return { paragraph, items };
}

/** A line's text as runs, or `null` when it holds anything but words and `**strong**` pairs. */
function inlineRuns(text: string): InlineRun[] | null {
  // Trailing spaces before a line break would be a hard break, or trimmed: the parser decides.
  if (text === '' || text.endsWith(' ') || NOT_PLAIN.test(text)) return null;
  const pieces = text.split('**');
  if (pieces.length % 2 === 0) return null; // an unclosed `**`
  const first = pieces[0] !== '' ? pieces[0]! : (pieces[1] ?? '');
  if (!STARTS_PLAIN.test(first)) return null;
  const runs: InlineRun[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (!PLAIN_RUN.test(piece)) return null;
    const strong = i % 2 === 1;
    if (strong) {
      // Only pairs no flanking rule can argue with: a word inside, a space (or the line's start)
      // before, a space, punctuation or the line's end after.
      if (!WORD_EDGES.test(piece)) return null;
      const before = pieces[i - 1]!;
      if ((i > 1 || before !== '') && !before.endsWith(' ')) return null;
      if (!FOLLOWS_STRONG.test(pieces[i + 1]!)) return null;
    }
    if (piece !== '') runs.push({ text: piece, strong });
  }
  return runs;
}
