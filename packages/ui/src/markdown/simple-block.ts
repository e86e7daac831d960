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

// Regular expressions with Unicode property classes are compiled on first use, and the first one
// loads the character tables: here, as the module loads, rather than inside the first frame of
// the first stream (where it took several milliseconds).
PLAIN_RUN.test('a');
WORD_EDGES.test('a');
STARTS_PLAIN.test('a');

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

/** A block and what {@link simpleBlock} made of it: the start for {@link extendSimpleBlock}. */
export interface SimpleBlockCache {
  readonly text: string;
  readonly block: SimpleBlock | null;
}

const ALL_DIGITS = /^\p{N}+$/u;
const AUTOLINK = /www\./i;

/**
 * `simpleBlock(text)`, reusing what it made of an earlier, shorter version of the same block. A
 * streaming block grows at its end every frame; when the new characters only lengthen the last
 * line's last run — no line break, no `*` — only they are checked (with the last character before
 * them, for the rules that look at a neighbour), not the whole line again. In every other case,
 * and whenever a check fails, it is `simpleBlock(text)`.
 */
export function extendSimpleBlock(previous: SimpleBlockCache | null, text: string): SimpleBlock | null {
  const block = previous?.block;
  if (block == null || text.length <= previous!.text.length) return simpleBlock(text);
  const before = previous!.text;
  if (!text.startsWith(before) || before.charCodeAt(before.length - 1) === 10 /* \n */)
    return simpleBlock(text);
  const suffix = text.slice(before.length);
  if (suffix.includes('\n') || suffix.includes('*')) return simpleBlock(text);
  // The last line was read without its trailing whitespace: it comes back in front of the suffix.
  const rest = (before.slice(before.trimEnd().length) + suffix).trimEnd();
  if (rest === '') return block;

  const isItem = block.items.length > 0;
  const runs = isItem ? block.items[block.items.length - 1]! : block.paragraph!;
  const lastRun = runs[runs.length - 1]!;
  // The line's last piece (the text after its last `**`): empty when the line ends with a pair.
  const lastPiece = lastRun.strong ? '' : lastRun.text;
  // A line of digits could become an ordered-list marker (`12` + `. x`).
  if (runs.length === 1 && !lastRun.strong && ALL_DIGITS.test(lastRun.text)) return simpleBlock(text);
  if (AUTOLINK.test(lastPiece.slice(-3) + rest)) return simpleBlock(text);
  // `_` and `:` are judged by their neighbours: the last character before the suffix is one.
  if (!PLAIN_RUN.test(lastPiece.slice(-1) + rest)) return simpleBlock(text);
  if (lastPiece === '' && !FOLLOWS_STRONG.test(rest)) return simpleBlock(text);

  const grown: InlineRun[] = runs.slice();
  if (lastPiece === '') grown.push({ text: rest, strong: false });
  else grown[grown.length - 1] = { text: lastPiece + rest, strong: false };
  if (!isItem) return { paragraph: grown, items: block.items };
  const items = block.items.slice();
  items[items.length - 1] = grown;
  return { paragraph: block.paragraph, items };
}
